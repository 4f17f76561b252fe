/** @jsxRuntime automatic */

import { formatConfirmationTeeTime } from '@links/shared/uk-time';
import { DetailTable, Paragraph } from '../mail/email-parts.tsx';
import { type StaffNoticeDetails, staffNoticeEmail } from './staff-notice-email.tsx';

export type ChangedBookingDetails = StaffNoticeDetails & {
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
};

function golfersLine(golfers: string[]): string {
  const counts = new Map<string, number>();
  for (const type of golfers) counts.set(type, (counts.get(type) ?? 0) + 1);
  return [...counts].map(([type, count]) => `${count} ${type}`).join(', ');
}

/** Tells the golfer (or operator) what the resort changed in their booking, with its new price and calendar file. */
export const bookingChangedEmail = staffNoticeEmail((details: ChangedBookingDetails) => {
  const money = details.refund
    ? `${details.refund} has been refunded to your card; it usually shows within 5 to 10 working days.`
    : details.due
      ? `${details.due} is now due; our reservations team will take it by phone or at the desk.`
      : 'Nothing more is due.';
  return {
    subject: `Booking ${details.bookingNumber} has changed`,
    title: 'Your booking has changed',
    preheader: `Booking ${details.bookingNumber}: the new details and price.`,
    agreed: `booking ${details.bookingNumber} has changed. These are its details now.`,
    body: (
      <>
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
      </>
    ),
    calendar: 'updates your calendar',
  };
});
