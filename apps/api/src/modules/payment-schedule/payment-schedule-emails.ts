import { formatMoney } from '@links/shared/money';
import { formatConfirmationTeeTime, formatLongDate, londonDate } from '@links/shared/uk-time';
import { escapeHtml } from '../mail/escape-html.ts';
import type { MailMessage } from '../mail/mail-message.ts';
import { EMAIL_STYLES, emailButton, type MailBrand, renderEmail } from '../mail/render-email.ts';

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

function roundLines(booking: ScheduledPaymentBooking): string[] {
  return booking.rounds.map((round) => `${round.courseName}: ${formatConfirmationTeeTime(round.startsAt)}`);
}

function compose(
  to: string,
  subject: string,
  title: string,
  preheader: string,
  booking: ScheduledPaymentBooking,
  paragraphs: string[],
  link: { label: string; url: string } | null,
  brand: MailBrand,
): MailMessage {
  const e = escapeHtml;
  const rounds = roundLines(booking);
  const bodyHtml = [
    `<p style="${EMAIL_STYLES.paragraph}">Dear ${e(booking.companyName)},</p>`,
    ...paragraphs.map((text) => `<p style="${EMAIL_STYLES.paragraph}">${e(text)}</p>`),
    `<h2 style="${EMAIL_STYLES.heading}">Booking ${e(booking.bookingNumber)}</h2>`,
    ...(booking.leadPlayer
      ? [`<p style="${EMAIL_STYLES.paragraph}">Lead player: ${e(booking.leadPlayer)}</p>`]
      : []),
    `<p style="${EMAIL_STYLES.paragraph}">${rounds.map(e).join('<br>')}</p>`,
    ...(link
      ? [
          emailButton(link.label, link.url),
          `<p style="${EMAIL_STYLES.muted}">If the button does not work, copy this address into your browser: <a href="${e(link.url)}" style="${EMAIL_STYLES.link}">${e(link.url)}</a></p>`,
        ]
      : []),
  ].join('\n');
  const bodyText = [
    `Dear ${booking.companyName},`,
    '',
    ...paragraphs.flatMap((text) => [text, '']),
    `Booking ${booking.bookingNumber}`,
    ...(booking.leadPlayer ? [`Lead player: ${booking.leadPlayer}`] : []),
    ...rounds.map((line) => `- ${line}`),
    ...(link ? ['', `${link.label}: ${link.url}`] : []),
  ].join('\n');
  return { to, subject, ...renderEmail({ title, preheader, bodyHtml, bodyText }, brand) };
}

/** The one reminder: what is due, by when, and what happens if it is not paid. */
export function paymentReminderEmail(
  to: string,
  booking: ScheduledPaymentBooking,
  linkUrl: string,
  options: { cancels: boolean; brand: MailBrand },
): MailMessage {
  const { brand } = options;
  const payBy = `Please phone us on ${brand.reservationsPhone} or e-mail ${brand.reservationsEmail} to pay.`;
  const due = formatMoney(booking.payablePence - booking.paidPence);
  const date = formatLongDate(londonDate(booking.dueBy));
  return compose(
    to,
    `Payment due on booking ${booking.bookingNumber}`,
    'A payment is due on your booking',
    `${due} is due by ${date} on booking ${booking.bookingNumber}.`,
    booking,
    [
      `A payment of ${due} is due on booking ${booking.bookingNumber} at ${brand.resortName} by ${date} (total ${formatMoney(booking.payablePence)}, paid so far ${formatMoney(booking.paidPence)}).`,
      options.cancels
        ? `${payBy} This is the only reminder we send: if the payment has not reached us by then, the booking will be cancelled and its tee times released. Deposits and balances are non-refundable and non-transferable.`
        : `${payBy} If the payment has not reached us by then, our reservations team will contact you about the booking. Deposits and balances are non-refundable and non-transferable.`,
    ],
    { label: 'View your booking', url: linkUrl },
    brand,
  );
}

/** After the deadline: the booking is cancelled and its tee times are released. */
export function paymentCancellationEmail(
  to: string,
  booking: ScheduledPaymentBooking,
  brand: MailBrand,
): MailMessage {
  const date = formatLongDate(londonDate(booking.dueBy));
  return compose(
    to,
    `Booking ${booking.bookingNumber} has been cancelled`,
    'Your booking has been cancelled',
    `Booking ${booking.bookingNumber} was not paid by ${date} and has been cancelled.`,
    booking,
    [
      `We have not received the payment of ${formatMoney(booking.payablePence - booking.paidPence)} that was due on booking ${booking.bookingNumber} by ${date}, so the booking has been cancelled and its tee times released.`,
      `Deposits and balances are non-refundable and non-transferable${booking.paidPence > 0 ? `, so the ${formatMoney(booking.paidPence)} already paid is not returned` : ''}. Please call us on ${brand.reservationsPhone} or e-mail ${brand.reservationsEmail} if you believe this is a mistake or would like to book again.`,
    ],
    null,
    brand,
  );
}
