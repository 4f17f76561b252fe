import { formatMoney } from '@links/shared/money';
import type { RefundReason } from '../../db/schema/payments.ts';
import { escapeHtml } from '../mail/escape-html.ts';
import type { MailMessage } from '../mail/mail-message.ts';
import { EMAIL_STYLES, type MailBrand, renderEmail } from '../mail/render-email.ts';

export type RefundEmailDetails = {
  bookingNumber: string;
  /** The golfer's first name, or the tour operator's company name. */
  greeting: string;
  amountPence: number;
  reason: RefundReason;
};

/** Why the payment could not be used, and what it means for the booking, per reason. */
function explanation(details: RefundEmailDetails): [string, string] {
  const booking = `booking ${details.bookingNumber}`;
  switch (details.reason) {
    case 'amount_mismatch':
      return [
        `Your ${booking} changed after this payment was started (the golfers, the tee times or the way of paying), so the payment no longer matched the amount due and could not be used for it.`,
        'If you would still like to play, please return to your booking and pay the amount now due before your reservation time runs out, or start a new booking on our website.',
      ];
    case 'paid_twice':
      return [
        `Your ${booking} had already been paid for with another payment, so this payment was not needed.`,
        'Your booking is confirmed and nothing about it has changed.',
      ];
    case 'booking_cancelled':
      return [
        `Your ${booking} had been cancelled by the time this payment was completed, so it could not be used.`,
        'If you would still like to play, please start a new booking on our website.',
      ];
    case 'places_gone':
      return [
        `Your reservation time ran out before this payment was completed, and the tee times you chose have since been booked by someone else, so we could not confirm ${booking}.`,
        'Please start a new booking on our website to choose other tee times.',
      ];
  }
}

/** Tells the golfer (or tour operator) that a payment was refunded in full, and why. */
export function paymentRefundedEmail(to: string, details: RefundEmailDetails, brand: MailBrand): MailMessage {
  const amount = formatMoney(details.amountPence);
  const [why, next] = explanation(details);
  const paragraphs = [
    `Dear ${details.greeting},`,
    why,
    `We have refunded your payment of ${amount} in full to the card you paid with. Refunds usually appear on your statement within 5 to 10 working days.`,
    next,
    `If you have any questions, please call us on ${brand.reservationsPhone} or e-mail ${brand.reservationsEmail}, quoting booking number ${details.bookingNumber}.`,
  ];
  return {
    to,
    subject: `Your payment for booking ${details.bookingNumber} has been refunded`,
    ...renderEmail(
      {
        title: 'Your payment has been refunded',
        preheader: `${amount} refunded in full for booking ${details.bookingNumber}.`,
        bodyHtml: paragraphs
          .map((text) => `<p style="${EMAIL_STYLES.paragraph}">${escapeHtml(text)}</p>`)
          .join('\n'),
        bodyText: paragraphs.join('\n\n'),
      },
      brand,
    ),
  };
}
