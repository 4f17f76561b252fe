/** @jsxRuntime automatic */

import { bookingCalendarFileName } from '@links/shared/calendar-ics';
import { VAT_RATE_PERCENT } from '@links/shared/constants';
import { formatMoney } from '@links/shared/money';
import { formatConfirmationTeeTime } from '@links/shared/uk-time';
import { EmailLayout } from '../mail/email-layout.tsx';
import {
  ButtonFallback,
  type DetailRow,
  DetailTable,
  EmailButton,
  Paragraph,
  SectionHeading,
  SummaryPanel,
} from '../mail/email-parts.tsx';
import { JsonLd } from '../mail/json-ld.tsx';
import type { MailMessage } from '../mail/mail-message.ts';
import { type MailBrand, renderEmail } from '../mail/render-email.ts';
import { bookingCalendarAttachment } from './booking-calendar.ts';
import type { BookingRecord } from './confirmation.repository.ts';
import { eventReservations } from './reservation-markup.ts';

export type ConfirmationEmailBooking = {
  bookingNumber: string;
  firstName: string;
  /** The golfer the booking is in the name of, for the schema.org reservations. */
  leadGolfer: string;
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

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

type ConfirmationProps = {
  booking: ConfirmationEmailBooking;
  pin: string;
  linkUrl: string;
  brand: MailBrand;
};

/**
 * The confirmation e-mail, laid out like the confirmation page: the booking number, golfers and amount paid; each
 * round with its course and UK tee time ('Monday 5th May 2025 at 2:30pm'); the golfers and the price breakdown
 * with VAT; the caddies due in cash at play; the PIN and the signed link as a button. The rounds are also
 * schema.org EventReservations in the head.
 */
export function ConfirmationEmail({ booking, pin, linkUrl, brand }: ConfirmationProps) {
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
  const totals: DetailRow[] = [
    { label: 'Subtotal', value: formatMoney(booking.totals.net) },
    { label: `VAT (${VAT_RATE_PERCENT}%)`, value: formatMoney(booking.totals.vat) },
    { label: 'Total', value: formatMoney(booking.totals.payable), strong: true },
    { label: 'Paid', value: formatMoney(booking.totals.paid) },
  ];
  const due = booking.balanceDue ?? null;
  if (due) {
    totals.push({
      label: 'Balance due',
      value: `${formatMoney(due.amountPence)} by ${due.dueDate}`,
      strong: true,
    });
  }

  return (
    <EmailLayout
      title="Your booking is confirmed"
      preheader={`Booking ${booking.bookingNumber}: your tee times, PIN and booking link.`}
      brand={brand}
      head={<JsonLd data={eventReservations(record, booking.leadGolfer, brand.resortName)} />}
    >
      <Paragraph>{`Dear ${booking.firstName},`}</Paragraph>
      <Paragraph>
        {`Tee-rific! Thank you for booking with ${brand.resortName}: your booking is confirmed and we look forward to welcoming you to the links.`}
      </Paragraph>
      {booking.leadPlayer ? <Paragraph>{`Lead player: ${booking.leadPlayer}.`}</Paragraph> : null}
      <SummaryPanel
        items={[
          ['Booking number', booking.bookingNumber],
          ['Golfers', String(booking.golfers.length)],
          ['Amount paid', formatMoney(booking.totals.paid)],
        ]}
      />
      <SectionHeading>Your tee times</SectionHeading>
      <DetailTable
        rows={rounds.map((round) => ({
          label: round.course,
          value: round.when,
          note:
            round.caddies > 0
              ? `${round.golfers}, ${plural(round.caddies, 'caddie', 'caddies')}`
              : round.golfers,
          highlight: true,
          wrap: true,
        }))}
      />
      <Paragraph muted>
        {`Your tee times are attached as a calendar file (${bookingCalendarFileName(booking.bookingNumber)}): open it to add them to your calendar.`}
      </Paragraph>
      <SectionHeading>Golfers</SectionHeading>
      <DetailTable
        rows={booking.golfers.map((golfer) => ({
          label: `Golfer ${golfer.position} (${golfer.playerType})`,
          value: formatMoney(golfer.totalPence),
        }))}
      />
      <SectionHeading>Price breakdown</SectionHeading>
      <DetailTable rows={totals} />
      {due ? (
        <Paragraph>
          <strong>
            {`A payment of ${formatMoney(due.amountPence)} is due on this booking by ${due.dueDate}. Please contact us to pay it; we will send one reminder before then, and an unpaid booking is cancelled after its deadline.`}
          </strong>
        </Paragraph>
      ) : null}
      {caddieRounds.length > 0 ? (
        <>
          <SectionHeading>Other dues paid at play</SectionHeading>
          <DetailTable
            rows={[
              ...caddieRounds.map((round) => ({
                label: round.course,
                sum: `${plural(round.caddies, 'caddie', 'caddies')} at ${formatMoney(round.caddiePrice)}`,
                value: formatMoney(round.caddieTotal),
              })),
              { label: 'Caddies total', value: formatMoney(caddieTotal), strong: true },
            ]}
          />
          <Paragraph muted>Caddie fees are paid in cash to your caddie on the day.</Paragraph>
        </>
      ) : null}
      <SectionHeading>Your PIN</SectionHeading>
      <Paragraph>
        Your booking PIN is <strong style={{ fontSize: 20, letterSpacing: 3 }}>{pin}</strong>. Keep it safe:
        with your booking number it opens your booking on our website.
      </Paragraph>
      <EmailButton href={linkUrl}>View your booking</EmailButton>
      <Paragraph muted>
        On your booking page you can see your booking and change your caddies up to 24 hours before each tee
        time.
      </Paragraph>
      <ButtonFallback href={linkUrl} />
    </EmailLayout>
  );
}

/** The confirmation e-mail with the tee times attached as an .ics calendar file. */
export async function confirmationEmail(
  to: string,
  booking: ConfirmationEmailBooking,
  pin: string,
  linkUrl: string,
  brand: MailBrand,
): Promise<MailMessage> {
  const rendered = await renderEmail(
    <ConfirmationEmail booking={booking} pin={pin} linkUrl={linkUrl} brand={brand} />,
  );
  return {
    to,
    subject: `Your booking ${booking.bookingNumber} is confirmed`,
    ...rendered,
    attachments: [
      bookingCalendarAttachment(booking.record, {
        publicUrl: new URL(linkUrl).origin,
        now: new Date(),
        resortName: brand.resortName,
      }),
    ],
  };
}
