import { MONEY_MESSAGES, type PaymentLinkSent } from '@links/shared/schemas/staff-bookings';
import { formatLongDate, londonDate } from '@links/shared/uk-time';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { roundsOfBookings } from '../bookings/bookings.repository.ts';
import { lastRoundStart, signConfirmationLink } from '../confirmation/confirmation-link.ts';
import { enqueueMail } from '../mail/enqueue-mail.ts';
import { recipient } from '../payment/confirm-booking.ts';
import { paymentLinkEmail } from '../payment/due-payment-email.tsx';
import { recordAudit } from './audit-log.ts';
import { withBookingLocked } from './lock-booking-by-number.ts';

// Card payments for a booking the desk took by phone (issue 22) without staff ever handling card numbers: the desk
// e-mails the golfer (or the tour operator) the booking's signed link, where what is due is paid by card online in
// the payer's own browser (due-payment.ts), with 3-D Secure when the bank asks. Audited like every staff action.

export type PaymentLinkDeps = Pick<FastifyInstance, 'clock' | 'config' | 'db'>;

const refused = (message: string) => new AppError('money_change_not_allowed', 422, message);

export async function sendPaymentLink(
  deps: PaymentLinkDeps,
  bookingNumber: string,
  staffUserId: number,
): Promise<PaymentLinkSent> {
  return withBookingLocked(deps, bookingNumber, async (tx, booking, now) => {
    if (booking.status !== 'confirmed') throw refused(MONEY_MESSAGES.notConfirmed);
    const due = (booking.payablePence ?? 0) - (booking.paidPence ?? 0);
    if (due <= 0) throw refused(MONEY_MESSAGES.nothingDue);
    const rounds = await roundsOfBookings(tx, [booking.id]);
    const last = lastRoundStart(rounds);
    if (last && last.getTime() <= now.getTime()) throw refused(MONEY_MESSAGES.played);
    const to = await recipient(tx, booking);
    if (!to) throw refused(MONEY_MESSAGES.noEmail);
    const link = signConfirmationLink({
      secret: deps.config.linkSigningSecret,
      publicUrl: deps.config.publicUrl,
      bookingNumber,
      now,
      lastRoundAt: last,
    });
    await enqueueMail(
      tx,
      await paymentLinkEmail(
        to.email,
        {
          bookingNumber,
          greeting: to.greeting,
          amountPence: due,
          dueBy: booking.balanceDueAt ? formatLongDate(londonDate(booking.balanceDueAt)) : null,
          bookingUrl: link.url,
        },
        deps.config.brand,
      ),
      { bookingId: booking.id },
    );
    await recordAudit(tx, {
      actor: { staffUserId },
      action: 'booking.payment_link_sent',
      target: { type: 'booking', id: bookingNumber },
      before: null,
      after: { amount: due },
      at: now,
    });
    return { sent_to: to.email, amount: due };
  });
}
