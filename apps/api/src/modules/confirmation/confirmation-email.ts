import { bookingCalendarFileName, ICS_CONTENT_TYPE } from '@links/shared/calendar-ics';
import { VAT_RATE_PERCENT } from '@links/shared/constants';
import { formatMoney } from '@links/shared/money';
import { formatConfirmationTeeTime } from '@links/shared/uk-time';
import { escapeHtml } from '../mail/escape-html.ts';
import type { MailMessage } from '../mail/mail-message.ts';
import {
  EMAIL_COLOURS,
  EMAIL_STYLES,
  emailButton,
  type MailBrand,
  renderEmail,
} from '../mail/render-email.ts';
import { bookingCalendarFor } from './booking-calendar.ts';
import type { BookingRecord } from './confirmation.repository.ts';

export type ConfirmationEmailBooking = {
  bookingNumber: string;
  firstName: string;
  /** The rounds as the caller listed them; the e-mail shows `record.rounds`, the same rows with their prices. */
  rounds: Array<{ courseName: string; startsAt: Date; caddies: number }>;
  golfers: Array<{ position: number; playerType: string; totalPence: number }>;
  totals: { net: number; vat: number; payable: number; paid: number };
  /** Tour-operator bookings: the lead player's name (the e-mail goes to the operator). */
  leadPlayer?: string | null;
  /** Tour-operator bookings on terms: what is still to pay and by when ('Monday 5th May 2025'). */
  balanceDue?: { amountPence: number; dueDate: string } | null;
  /**
   * The booking as the confirmation page reads it (loadBookingRecord, inside the confirming transaction): each
   * round's course, address, length and caddie price, for the tee times, the cash dues and the calendar file.
   */
  record: BookingRecord;
};

const SANS = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const c = EMAIL_COLOURS;
const cell = `padding:8px 0;font-family:${SANS};font-size:15px;line-height:22px;color:${c.ink900};vertical-align:top;`;
const rightCell = `${cell}text-align:right;padding-left:16px;`;
const ruleTop = `border-top:1px solid ${c.sand200};`;

/** `wrap` lets the right cell break over lines (tee times); amounts never do. */
type Row = { left: string; right: string; strong?: boolean; rule?: boolean; wrap?: boolean };

function table(rows: Row[]): string {
  return `<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="margin:0 0 16px;">${rows
    .map((row) => {
      const weight = row.strong ? 'font-weight:bold;' : '';
      const rule = row.rule ? ruleTop : '';
      const nowrap = row.wrap ? '' : 'white-space:nowrap;';
      return `<tr><td style="${cell}${weight}${rule}">${row.left}</td><td style="${rightCell}${nowrap}${weight}${rule}">${row.right}</td></tr>`;
    })
    .join('')}</table>`;
}

/**
 * The booking number, golfers and amount paid in a sand panel, as the page's booking details open. The items are
 * inline blocks, so on a phone they wrap onto more lines instead of widening the message.
 */
function summaryPanel(items: Array<[string, string]>): string {
  const blocks = items
    .map(
      ([label, value]) =>
        `<div style="display:inline-block;vertical-align:top;min-width:120px;padding:12px 16px;"><p style="margin:0;font-family:${SANS};font-size:12px;line-height:16px;letter-spacing:1px;text-transform:uppercase;color:${c.ink600};">${escapeHtml(label)}</p><p style="margin:4px 0 0;font-family:${SANS};font-size:18px;line-height:24px;font-weight:bold;color:${c.green900};">${escapeHtml(value)}</p></div>`,
    )
    .join('');
  return `<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="margin:0 0 8px;background:${c.sand50};border:1px solid ${c.sand200};border-radius:6px;"><tr><td style="padding:4px 0;">${blocks}</td></tr></table>`;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The confirmation e-mail, laid out like the confirmation page: the booking number, golfers and amount paid; each
 * round with its course and UK tee time ('Monday 5th May 2025 at 2:30pm'); the golfers and the price breakdown
 * with VAT; the caddies due in cash at play; the PIN and the signed link as a button. The tee times are attached
 * as an .ics calendar file. Everything from the golfer is escaped.
 */
export function confirmationEmail(
  to: string,
  booking: ConfirmationEmailBooking,
  pin: string,
  linkUrl: string,
  brand: MailBrand,
): MailMessage {
  const e = escapeHtml;
  const { record } = booking;
  const rounds = record.rounds.map((round) => ({
    course: round.courseName,
    when: formatConfirmationTeeTime(round.startsAt),
    golfers: plural(round.players, 'golfer', 'golfers'),
    caddies: round.caddies,
    caddieTotal: round.caddies * round.caddiePricePence,
    caddiePrice: round.caddiePricePence,
  }));
  const caddieRounds = rounds.filter((round) => round.caddies > 0);
  const caddieTotal = caddieRounds.reduce((sum, round) => sum + round.caddieTotal, 0);
  const golferLines = booking.golfers.map((golfer) => ({
    label: `Golfer ${golfer.position} (${golfer.playerType})`,
    total: formatMoney(golfer.totalPence),
  }));
  const totals: Array<[string, string]> = [
    ['Subtotal', formatMoney(booking.totals.net)],
    [`VAT (${VAT_RATE_PERCENT}%)`, formatMoney(booking.totals.vat)],
    ['Total', formatMoney(booking.totals.payable)],
    ['Paid', formatMoney(booking.totals.paid)],
  ];
  const due = booking.balanceDue ?? null;
  if (due) totals.push(['Balance due', `${formatMoney(due.amountPence)} by ${due.dueDate}`]);
  const dueSentence = due
    ? `A payment of ${formatMoney(due.amountPence)} is due on this booking by ${due.dueDate}. Please contact us to pay it; we will send one reminder before then, and an unpaid booking is cancelled after its deadline.`
    : null;
  const leadSentence = booking.leadPlayer ? `Lead player: ${booking.leadPlayer}.` : null;
  const calendarFile = bookingCalendarFileName(booking.bookingNumber);
  const caddieSentence = (round: (typeof rounds)[number]) =>
    `${plural(round.caddies, 'caddie', 'caddies')} at ${formatMoney(round.caddiePrice)}`;

  const bodyHtml = [
    `<p style="${EMAIL_STYLES.paragraph}">Dear ${e(booking.firstName)},</p>`,
    `<p style="${EMAIL_STYLES.paragraph}">Tee-rific! Thank you for booking with ${e(brand.resortName)}: your booking is confirmed and we look forward to welcoming you to the links.</p>`,
    ...(leadSentence ? [`<p style="${EMAIL_STYLES.paragraph}">${e(leadSentence)}</p>`] : []),
    summaryPanel([
      ['Booking number', booking.bookingNumber],
      ['Golfers', String(booking.golfers.length)],
      ['Amount paid', formatMoney(booking.totals.paid)],
    ]),
    `<h2 style="${EMAIL_STYLES.heading}">Your tee times</h2>`,
    table(
      rounds.map((round, index) => ({
        left: `<strong style="color:${c.green900};">${e(round.course)}</strong><br><span style="color:${c.ink600};font-size:14px;">${e(round.golfers)}${round.caddies > 0 ? ` &middot; ${e(plural(round.caddies, 'caddie', 'caddies'))}` : ''}</span>`,
        right: e(round.when),
        rule: index > 0,
        wrap: true,
      })),
    ),
    `<p style="${EMAIL_STYLES.muted}">Your tee times are attached as a calendar file (${e(calendarFile)}): open it to add them to your calendar.</p>`,
    `<h2 style="${EMAIL_STYLES.heading}">Golfers</h2>`,
    table(golferLines.map((line, index) => ({ left: e(line.label), right: e(line.total), rule: index > 0 }))),
    `<h2 style="${EMAIL_STYLES.heading}">Price breakdown</h2>`,
    table(
      totals.map(([label, value], index) => ({
        left: e(label),
        right: e(value),
        strong: label === 'Total' || label === 'Balance due',
        rule: index > 0,
      })),
    ),
    ...(dueSentence ? [`<p style="${EMAIL_STYLES.paragraph}"><strong>${e(dueSentence)}</strong></p>`] : []),
    ...(caddieRounds.length > 0
      ? [
          `<h2 style="${EMAIL_STYLES.heading}">Other dues paid at play</h2>`,
          table([
            ...caddieRounds.map((round, index) => ({
              left: `${e(round.course)}<br><span style="color:${c.ink600};font-size:14px;">${e(caddieSentence(round))}</span>`,
              right: e(formatMoney(round.caddieTotal)),
              rule: index > 0,
            })),
            { left: 'Caddies total', right: e(formatMoney(caddieTotal)), strong: true, rule: true },
          ]),
          `<p style="${EMAIL_STYLES.muted}">Caddie fees are paid in cash to your caddie on the day.</p>`,
        ]
      : []),
    `<h2 style="${EMAIL_STYLES.heading}">Your PIN</h2>`,
    `<p style="${EMAIL_STYLES.paragraph}">Your booking PIN is <strong style="font-size:20px;letter-spacing:3px;">${e(pin)}</strong>. Keep it safe: with your booking number it opens your booking on our website.</p>`,
    emailButton('View your booking', linkUrl),
    `<p style="${EMAIL_STYLES.muted}">On your booking page you can see your booking and change your caddies up to 24 hours before each tee time. If the button does not work, copy this address into your browser: <a href="${e(linkUrl)}" style="${EMAIL_STYLES.link}word-break:break-all;">${e(linkUrl)}</a></p>`,
  ].join('\n');

  const bodyText = [
    `Dear ${booking.firstName},`,
    '',
    `Tee-rific! Thank you for booking with ${brand.resortName}: your booking is confirmed and we look forward to welcoming you to the links.`,
    ...(leadSentence ? [leadSentence] : []),
    '',
    `Booking number: ${booking.bookingNumber}`,
    `Golfers: ${booking.golfers.length}`,
    `Amount paid: ${formatMoney(booking.totals.paid)}`,
    '',
    'Your tee times',
    ...rounds.map(
      (round) =>
        `- ${round.course}: ${round.when} (${round.golfers}${round.caddies > 0 ? `, ${plural(round.caddies, 'caddie', 'caddies')}` : ''})`,
    ),
    `Your tee times are attached as a calendar file (${calendarFile}): open it to add them to your calendar.`,
    '',
    'Golfers',
    ...golferLines.map((line) => `- ${line.label}: ${line.total}`),
    '',
    'Price breakdown',
    ...totals.map(([label, value]) => `- ${label}: ${value}`),
    ...(dueSentence ? ['', dueSentence] : []),
    ...(caddieRounds.length > 0
      ? [
          '',
          'Other dues paid at play',
          ...caddieRounds.map(
            (round) => `- ${round.course}: ${caddieSentence(round)} = ${formatMoney(round.caddieTotal)}`,
          ),
          `- Caddies total: ${formatMoney(caddieTotal)}`,
          'Caddie fees are paid in cash to your caddie on the day.',
        ]
      : []),
    '',
    `Your booking PIN is ${pin}. Keep it safe: with your booking number it opens your booking on our website.`,
    '',
    `View your booking: ${linkUrl}`,
    'On your booking page you can see your booking and change your caddies up to 24 hours before each tee time.',
  ].join('\n');

  const rendered = renderEmail(
    {
      title: 'Your booking is confirmed',
      preheader: `Booking ${booking.bookingNumber}: your tee times, PIN and booking link.`,
      bodyHtml,
      bodyText,
    },
    brand,
  );
  const ics = bookingCalendarFor(record, {
    publicUrl: new URL(linkUrl).origin,
    now: new Date(),
    resortName: brand.resortName,
  });
  return {
    to,
    subject: `Your booking ${booking.bookingNumber} is confirmed`,
    ...rendered,
    attachments: [
      {
        filename: calendarFile,
        contentType: ICS_CONTENT_TYPE,
        content: Buffer.from(ics, 'utf8').toString('base64'),
      },
    ],
  };
}
