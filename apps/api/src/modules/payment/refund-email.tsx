/** @jsxRuntime automatic */

import { formatMoney } from '@links/shared/money';
import type { RefundReason } from '../../db/schema/payments.ts';
import { EmailLayout } from '../mail/email-layout.tsx';
import { Paragraph } from '../mail/email-parts.tsx';
import type { MailMessage } from '../mail/mail-message.ts';
import { type MailBrand, renderEmail } from '../mail/render-email.ts';

export type RefundEmailDetails = {
  bookingNumber: string;
  /** The golfer's first name, or the tour operator's company name. */
  greeting: string;
  amountPence: number;
  reason: RefundReason;
  /** A payment of what a confirmed booking owed (the deposit's rest or the balance), not the booking's first. */
  duePayment?: boolean;
};

// Said the same way whether the refunded payment was a booking's first or one of what it owed later.
const NOTHING_CHANGED = 'Your booking is confirmed and nothing about it has changed.';

function cancelledBeforePayment(booking: string): [string, string] {
  return [
    `Your ${booking} had been cancelled by the time this payment was completed, so it could not be used.`,
    'If you would still like to play, please start a new booking on our website.',
  ];
}

/** Why the payment could not be used, and what it means for the booking, per reason. */
function explanation(details: RefundEmailDetails): [string, string] {
  const booking = `booking ${details.bookingNumber}`;
  if (details.duePayment) return duePaymentExplanation(details, booking);
  switch (details.reason) {
    case 'amount_mismatch':
      return [
        `Your ${booking} changed after this payment was started (the golfers, the tee times or the way of paying), so the payment no longer matched the amount due and could not be used for it.`,
        'If you would still like to play, please return to your booking and pay the amount now due before your reservation time runs out, or start a new booking on our website.',
      ];
    case 'paid_twice':
      return [
        `Your ${booking} had already been paid for with another payment, so this payment was not needed.`,
        NOTHING_CHANGED,
      ];
    case 'booking_cancelled':
      return cancelledBeforePayment(booking);
    case 'places_gone':
      return [
        `Your reservation time ran out before this payment was completed, and the tee times you chose have since been booked by someone else, so we could not confirm ${booking}.`,
        'Please start a new booking on our website to choose other tee times.',
      ];
  }
}

function duePaymentExplanation(details: RefundEmailDetails, booking: string): [string, string] {
  switch (details.reason) {
    case 'paid_twice':
      return [
        `Nothing was due on ${booking} any more by the time this payment was completed (another payment had already settled it), so this payment was not needed.`,
        NOTHING_CHANGED,
      ];
    case 'booking_cancelled':
    case 'places_gone':
      return cancelledBeforePayment(booking);
    case 'amount_mismatch':
      return [
        `The amount due on ${booking} fell below this payment while it was being made (another payment reached us first), so it could not be used.`,
        'Your booking is unchanged. Please open it to see what is due now and pay that amount.',
      ];
  }
}

/** Tells the golfer (or tour operator) that a payment was refunded in full, and why. */
export async function paymentRefundedEmail(
  to: string,
  details: RefundEmailDetails,
  brand: MailBrand,
): Promise<MailMessage> {
  const amount = formatMoney(details.amountPence);
  const [why, next] = explanation(details);
  const rendered = await renderEmail(
    <EmailLayout
      title="Your payment has been refunded"
      preheader={`${amount} refunded in full for booking ${details.bookingNumber}.`}
      brand={brand}
    >
      <Paragraph>{`Dear ${details.greeting},`}</Paragraph>
      <Paragraph>{why}</Paragraph>
      <Paragraph>
        {`We have refunded your payment of ${amount} in full to the card you paid with. Refunds usually appear on your statement within 5 to 10 working days.`}
      </Paragraph>
      <Paragraph>{next}</Paragraph>
      <Paragraph>
        {`If you have any questions, please call us on ${brand.reservationsPhone} or e-mail ${brand.reservationsEmail}, quoting booking number ${details.bookingNumber}.`}
      </Paragraph>
    </EmailLayout>,
  );
  return { to, subject: `Your payment for booking ${details.bookingNumber} has been refunded`, ...rendered };
}
