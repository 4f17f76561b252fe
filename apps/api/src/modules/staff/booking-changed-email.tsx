/** @jsxRuntime automatic */

import { formatConfirmationTeeTime } from '@links/shared/uk-time';
import { EmailLayout } from '../mail/email-layout.tsx';
import { DetailTable, Paragraph } from '../mail/email-parts.tsx';
import type { MailMessage } from '../mail/mail-message.ts';
import { type MailBrand, renderEmail } from '../mail/render-email.ts';

export type ChangedBookingDetails = {
  bookingNumber: string;
  greeting: string;
  /** The rounds after the change. */
  rounds: Array<{ courseName: string; startsAt: Date; players: number; caddies: number }>;
  /** Rounds the change cancelled. */
  droppedRounds: Array<{ courseName: string; startsAt: Date }>;
  /** Each golfer's player type, in booking order. */
  golfers: string[];
  /** The new total, formatted. */
  payable: string;
  /** Still to pay after the change, formatted; null when nothing is due. */
  due: string | null;
  /** Returned to the card by this change, formatted; null when nothing was. */
  refund: string | null;
  /** The booking's calendar file: the same event UIDs with a higher SEQUENCE; dropped rounds cancelled. */
  ics: { filename: string; contentType: string; content: string };
};

function golfersLine(golfers: string[]): string {
  const counts = new Map<string, number>();
  for (const type of golfers) counts.set(type, (counts.get(type) ?? 0) + 1);
  return [...counts].map(([type, count]) => `${count} ${type}`).join(', ');
}

/** Tells the golfer (or operator) what the resort changed in their booking, with its new price and calendar file. */
export async function bookingChangedEmail(
  to: string,
  details: ChangedBookingDetails,
  brand: MailBrand,
): Promise<MailMessage> {
  const money = details.refund
    ? `${details.refund} has been refunded to your card; it usually shows within 5 to 10 working days.`
    : details.due
      ? `${details.due} is now due; our reservations team will take it by phone or at the desk.`
      : 'Nothing more is due.';
  const rendered = await renderEmail(
    <EmailLayout
      title="Your booking has changed"
      preheader={`Booking ${details.bookingNumber}: the new details and price.`}
      brand={brand}
    >
      <Paragraph>{`Dear ${details.greeting},`}</Paragraph>
      <Paragraph>
        {`As agreed with our reservations team, booking ${details.bookingNumber} has changed. These are its details now.`}
      </Paragraph>
      <DetailTable
        rows={[
          ...details.rounds.map((round) => ({
            label: round.courseName,
            value: `${formatConfirmationTeeTime(round.startsAt)}${round.caddies > 0 ? `, ${round.caddies} ${round.caddies === 1 ? 'caddie' : 'caddies'}` : ''}`,
            wrap: true,
          })),
          ...details.droppedRounds.map((round) => ({
            label: round.courseName,
            value: `Cancelled (was ${formatConfirmationTeeTime(round.startsAt)})`,
            wrap: true,
          })),
          { label: 'Golfers', value: golfersLine(details.golfers), wrap: true },
          { label: 'Total', value: details.payable, highlight: true },
        ]}
      />
      <Paragraph>{money}</Paragraph>
      <Paragraph>
        {`The attached calendar file updates your calendar. If you have any questions, please call us on ${brand.reservationsPhone} or e-mail ${brand.reservationsEmail}, quoting booking number ${details.bookingNumber}.`}
      </Paragraph>
    </EmailLayout>,
  );
  return {
    to,
    subject: `Booking ${details.bookingNumber} has changed`,
    ...rendered,
    attachments: [details.ics],
  };
}
