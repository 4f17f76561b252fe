import { formatMoney } from '@links/shared/money';
import { formatConfirmationTeeTime } from '@links/shared/uk-time';
import { escapeHtml } from '../mail/escape-html.ts';
import type { MailMessage } from '../mail/mail-message.ts';
import { EMAIL_STYLES, emailButton, RESORT_NAME, renderEmail } from '../mail/render-email.ts';

export type ConfirmationEmailBooking = {
  bookingNumber: string;
  firstName: string;
  rounds: Array<{ courseName: string; startsAt: Date; caddies: number }>;
  golfers: Array<{ position: number; playerType: string; totalPence: number }>;
  totals: { net: number; vat: number; payable: number; paid: number };
  /** Tour-operator bookings: the lead player's name (the e-mail goes to the operator). */
  leadPlayer?: string | null;
  /** Tour-operator bookings on terms: what is still to pay and by when ('Monday 5th May 2025'). */
  balanceDue?: { amountPence: number; dueDate: string } | null;
};

const cell =
  'padding:6px 0;font-family:Helvetica,Arial,sans-serif;font-size:15px;line-height:22px;color:#17211c;';
const rightCell = `${cell}text-align:right;`;

function table(rows: Array<[string, string]>): string {
  return `<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="margin:0 0 16px;">${rows
    .map(([left, right]) => `<tr><td style="${cell}">${left}</td><td style="${rightCell}">${right}</td></tr>`)
    .join('')}</table>`;
}

/**
 * The confirmation e-mail: booking number, each round with its UK tee time, the golfers, the totals, the PIN and
 * the signed link. Everything from the golfer is escaped; the PIN and the link are what opens the booking later.
 */
export function confirmationEmail(
  to: string,
  booking: ConfirmationEmailBooking,
  pin: string,
  linkUrl: string,
): MailMessage {
  const e = escapeHtml;
  const roundLines = booking.rounds.map((round) => ({
    title: round.courseName,
    when: formatConfirmationTeeTime(round.startsAt),
    caddies: round.caddies > 0 ? `${round.caddies} ${round.caddies === 1 ? 'caddie' : 'caddies'}` : '',
  }));
  const golferLines = booking.golfers.map((golfer) => ({
    label: `Golfer ${golfer.position} (${golfer.playerType})`,
    total: formatMoney(golfer.totalPence),
  }));
  const totals: Array<[string, string]> = [
    ['Net', formatMoney(booking.totals.net)],
    ['VAT', formatMoney(booking.totals.vat)],
    ['Total', formatMoney(booking.totals.payable)],
    ['Paid', formatMoney(booking.totals.paid)],
  ];
  const due = booking.balanceDue ?? null;
  if (due) totals.push(['Balance due', `${formatMoney(due.amountPence)} by ${due.dueDate}`]);
  const dueSentence = due
    ? `A payment of ${formatMoney(due.amountPence)} is due on this booking by ${due.dueDate}. Please contact us to pay it; we will send one reminder before then, and an unpaid booking is cancelled after its deadline.`
    : null;
  const leadSentence = booking.leadPlayer ? `Lead player: ${booking.leadPlayer}.` : null;

  const bodyHtml = [
    `<p style="${EMAIL_STYLES.paragraph}">Dear ${e(booking.firstName)},</p>`,
    `<p style="${EMAIL_STYLES.paragraph}">Thank you for booking with ${RESORT_NAME}. Your booking number is <strong>${e(booking.bookingNumber)}</strong>.</p>`,
    ...(leadSentence ? [`<p style="${EMAIL_STYLES.paragraph}">${e(leadSentence)}</p>`] : []),
    `<h2 style="${EMAIL_STYLES.heading}">Your tee times</h2>`,
    table(
      roundLines.map((line) => [
        `<strong>${e(line.title)}</strong>${line.caddies ? `<br>${e(line.caddies)}` : ''}`,
        e(line.when),
      ]),
    ),
    `<h2 style="${EMAIL_STYLES.heading}">Golfers</h2>`,
    table(golferLines.map((line) => [e(line.label), e(line.total)])),
    `<h2 style="${EMAIL_STYLES.heading}">Payment</h2>`,
    table(totals.map(([label, value]) => [e(label), e(value)])),
    ...(dueSentence ? [`<p style="${EMAIL_STYLES.paragraph}"><strong>${e(dueSentence)}</strong></p>`] : []),
    `<h2 style="${EMAIL_STYLES.heading}">Your PIN</h2>`,
    `<p style="${EMAIL_STYLES.paragraph}">Your booking PIN is <strong style="font-size:20px;letter-spacing:3px;">${e(pin)}</strong>. Keep it safe: with your booking number it opens your booking on our website.</p>`,
    emailButton('View your booking', linkUrl),
    `<p style="${EMAIL_STYLES.muted}">If the button does not work, copy this address into your browser: <a href="${e(linkUrl)}" style="${EMAIL_STYLES.link}">${e(linkUrl)}</a></p>`,
  ].join('\n');

  const bodyText = [
    `Dear ${booking.firstName},`,
    '',
    `Thank you for booking with ${RESORT_NAME}. Your booking number is ${booking.bookingNumber}.`,
    ...(leadSentence ? [leadSentence] : []),
    '',
    'Your tee times',
    ...roundLines.map((line) => `- ${line.title}: ${line.when}${line.caddies ? ` (${line.caddies})` : ''}`),
    '',
    'Golfers',
    ...golferLines.map((line) => `- ${line.label}: ${line.total}`),
    '',
    'Payment',
    ...totals.map(([label, value]) => `- ${label}: ${value}`),
    ...(dueSentence ? ['', dueSentence] : []),
    '',
    `Your booking PIN is ${pin}. Keep it safe: with your booking number it opens your booking on our website.`,
    '',
    `View your booking: ${linkUrl}`,
  ].join('\n');

  const rendered = renderEmail({
    title: 'Your booking is confirmed',
    preheader: `Booking ${booking.bookingNumber}: your tee times, PIN and booking link.`,
    bodyHtml,
    bodyText,
  });
  return { to, subject: `Your booking ${booking.bookingNumber} is confirmed`, ...rendered };
}
