/** @jsxRuntime automatic */

import { formatMoney } from '@links/shared/money';
import { formatLongDate, londonDate } from '@links/shared/uk-time';
import { EmailLayout } from '../mail/email-layout.tsx';
import { ButtonFallback, DetailTable, EmailButton, Paragraph } from '../mail/email-parts.tsx';
import type { MailMessage } from '../mail/mail-message.ts';
import { type MailBrand, renderEmail } from '../mail/render-email.ts';

export type DuePaymentReceipt = {
  bookingNumber: string;
  /** The golfer's first name, or the tour operator's company name. */
  greeting: string;
  amountPence: number;
  /** Paid on the booking in all, this payment included. */
  paidPence: number;
  payablePence: number;
  /** What is still due after this payment, and by when (a long UK date); null when the booking is paid in full. */
  remaining: { amountPence: number; dueBy: string | null } | null;
  receivedAt: Date;
  /** The booking's signed page, where the rest can be paid too. */
  bookingUrl: string;
  /** The VAT invoice attached. */
  invoiceNumber: string;
};

/** The receipt for a deposit or balance paid online: what was paid, what the booking has had, and what remains. */
export async function duePaymentReceivedEmail(
  to: string,
  receipt: DuePaymentReceipt,
  brand: MailBrand,
): Promise<MailMessage> {
  const amount = formatMoney(receipt.amountPence);
  const { remaining } = receipt;
  const rendered = await renderEmail(
    <EmailLayout
      title="Thank you for your payment"
      preheader={`${amount} received for booking ${receipt.bookingNumber}.`}
      brand={brand}
    >
      <Paragraph>{`Dear ${receipt.greeting},`}</Paragraph>
      <Paragraph>
        {`We have received your card payment of ${amount} for booking ${receipt.bookingNumber} at ${brand.resortName}.`}
      </Paragraph>
      <DetailTable
        rows={[
          { label: 'Booking', value: receipt.bookingNumber },
          { label: 'Received', value: formatLongDate(londonDate(receipt.receivedAt)) },
          { label: 'This payment', value: amount, strong: true },
          { label: 'Booking total', value: formatMoney(receipt.payablePence) },
          { label: 'Paid in all', value: formatMoney(receipt.paidPence) },
          {
            label: remaining?.dueBy ? `Still due by ${remaining.dueBy}` : 'Still due',
            value: formatMoney(remaining?.amountPence ?? 0),
            strong: true,
          },
        ]}
      />
      <Paragraph>
        {remaining
          ? `The rest, ${formatMoney(remaining.amountPence)}, can be paid from your booking page at any time${remaining.dueBy ? ` before ${remaining.dueBy}` : ''}.`
          : 'Your booking is now paid in full: nothing more is due before play.'}
      </Paragraph>
      <Paragraph>{`Your VAT invoice ${receipt.invoiceNumber} for this payment is attached.`}</Paragraph>
      <EmailButton href={receipt.bookingUrl}>View your booking</EmailButton>
      <ButtonFallback href={receipt.bookingUrl} />
      <Paragraph muted>
        {`If you have any questions, please call us on ${brand.reservationsPhone} or e-mail ${brand.reservationsEmail}, quoting booking number ${receipt.bookingNumber}.`}
      </Paragraph>
    </EmailLayout>,
  );
  return { to, subject: `Payment received for booking ${receipt.bookingNumber}`, ...rendered };
}

export type PaymentLinkDetails = {
  bookingNumber: string;
  greeting: string;
  amountPence: number;
  /** A long UK date, when the booking has a deadline for it. */
  dueBy: string | null;
  /** The booking's signed page, where it is paid by card. */
  bookingUrl: string;
};

/** Sent by the reservations desk: what is due on the booking, and the link to pay it by card online. */
export async function paymentLinkEmail(
  to: string,
  details: PaymentLinkDetails,
  brand: MailBrand,
): Promise<MailMessage> {
  const amount = formatMoney(details.amountPence);
  const rendered = await renderEmail(
    <EmailLayout
      title="Pay for your booking online"
      preheader={`${amount} to pay for booking ${details.bookingNumber}.`}
      brand={brand}
    >
      <Paragraph>{`Dear ${details.greeting},`}</Paragraph>
      <Paragraph>
        {`As agreed with our reservations team, here is the link to pay ${amount} for booking ${details.bookingNumber} at ${brand.resortName} by card${details.dueBy ? `, by ${details.dueBy}` : ''}. It opens your booking, where you can pay the whole amount or part of it; your card may ask you to confirm the payment with your bank.`}
      </Paragraph>
      <EmailButton href={details.bookingUrl}>Pay online</EmailButton>
      <ButtonFallback href={details.bookingUrl} />
      <Paragraph muted>
        {`We never ask for card details by e-mail. If you did not expect this message, please call us on ${brand.reservationsPhone} or e-mail ${brand.reservationsEmail}, quoting booking number ${details.bookingNumber}.`}
      </Paragraph>
    </EmailLayout>,
  );
  return { to, subject: `Pay for booking ${details.bookingNumber} online`, ...rendered };
}
