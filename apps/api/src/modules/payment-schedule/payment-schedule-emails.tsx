/** @jsxRuntime automatic */

import { formatMoney } from '@links/shared/money';
import { formatConfirmationTeeTime, formatLongDate, londonDate } from '@links/shared/uk-time';
import { EmailLayout } from '../mail/email-layout.tsx';
import { ButtonFallback, DetailTable, EmailButton, Paragraph, SectionHeading } from '../mail/email-parts.tsx';
import type { MailMessage } from '../mail/mail-message.ts';
import { type MailBrand, renderEmail } from '../mail/render-email.ts';

// The two e-mails of the payment-schedule job, to the tour operator's account address: the one reminder before
// the deadline, and the cancellation after it.

export type ScheduledPaymentBooking = {
  bookingNumber: string;
  companyName: string;
  leadPlayer: string | null;
  rounds: Array<{ courseName: string; startsAt: Date }>;
  payablePence: number;
  paidPence: number;
  /** The deadline that was (or is about to be) missed. */
  dueBy: Date;
};

type ScheduleEmailProps = {
  title: string;
  preheader: string;
  booking: ScheduledPaymentBooking;
  paragraphs: string[];
  link: { label: string; url: string } | null;
  brand: MailBrand;
};

/** Both messages: the paragraphs, then the booking with its lead player and tee times, and the link if any. */
function ScheduleEmail({ title, preheader, booking, paragraphs, link, brand }: ScheduleEmailProps) {
  return (
    <EmailLayout title={title} preheader={preheader} brand={brand}>
      <Paragraph>{`Dear ${booking.companyName},`}</Paragraph>
      {paragraphs.map((text) => (
        <Paragraph key={text}>{text}</Paragraph>
      ))}
      <SectionHeading>{`Booking ${booking.bookingNumber}`}</SectionHeading>
      {booking.leadPlayer ? <Paragraph>{`Lead player: ${booking.leadPlayer}`}</Paragraph> : null}
      <DetailTable
        rows={booking.rounds.map((round) => ({
          label: round.courseName,
          value: formatConfirmationTeeTime(round.startsAt),
          highlight: true,
          wrap: true,
        }))}
      />
      {link ? (
        <>
          <EmailButton href={link.url}>{link.label}</EmailButton>
          <ButtonFallback href={link.url} />
        </>
      ) : null}
    </EmailLayout>
  );
}

async function compose(to: string, subject: string, props: ScheduleEmailProps): Promise<MailMessage> {
  return { to, subject, ...(await renderEmail(<ScheduleEmail {...props} />)) };
}

/**
 * A reminder: what is due, by when, and what happens if it is not paid (`final`: no other reminder follows before
 * the deadline).
 */
export function paymentReminderEmail(
  to: string,
  booking: ScheduledPaymentBooking,
  linkUrl: string,
  options: { cancels: boolean; final: boolean; brand: MailBrand },
): Promise<MailMessage> {
  const { brand } = options;
  const payBy = `Pay it by card from your booking page with the button below (no sign-in needed), or phone us on ${brand.reservationsPhone} or e-mail ${brand.reservationsEmail} to pay.`;
  const due = formatMoney(booking.payablePence - booking.paidPence);
  const date = formatLongDate(londonDate(booking.dueBy));
  return compose(to, `Payment due on booking ${booking.bookingNumber}`, {
    title: 'A payment is due on your booking',
    preheader: `${due} is due by ${date} on booking ${booking.bookingNumber}.`,
    booking,
    paragraphs: [
      `A payment of ${due} is due on booking ${booking.bookingNumber} at ${brand.resortName} by ${date} (total ${formatMoney(booking.payablePence)}, paid so far ${formatMoney(booking.paidPence)}).`,
      options.cancels
        ? `${payBy} ${options.final ? 'This is our last reminder' : 'We will remind you once more before then'}: if the payment has not reached us by then, the booking will be cancelled and its tee times released. Deposits and balances are non-refundable and non-transferable.`
        : `${payBy} If the payment has not reached us by then, our reservations team will contact you about the booking. Deposits and balances are non-refundable and non-transferable.`,
    ],
    link: { label: 'View and pay online', url: linkUrl },
    brand,
  });
}

/** After the deadline: the booking is cancelled and its tee times are released. */
export function paymentCancellationEmail(
  to: string,
  booking: ScheduledPaymentBooking,
  brand: MailBrand,
): Promise<MailMessage> {
  const date = formatLongDate(londonDate(booking.dueBy));
  return compose(to, `Booking ${booking.bookingNumber} has been cancelled`, {
    title: 'Your booking has been cancelled',
    preheader: `Booking ${booking.bookingNumber} was not paid by ${date} and has been cancelled.`,
    booking,
    paragraphs: [
      `We have not received the payment of ${formatMoney(booking.payablePence - booking.paidPence)} that was due on booking ${booking.bookingNumber} by ${date}, so the booking has been cancelled and its tee times released.`,
      `Deposits and balances are non-refundable and non-transferable${booking.paidPence > 0 ? `, so the ${formatMoney(booking.paidPence)} already paid is not returned` : ''}. Please call us on ${brand.reservationsPhone} or e-mail ${brand.reservationsEmail} if you believe this is a mistake or would like to book again.`,
    ],
    link: null,
    brand,
  });
}
