/** @jsxRuntime automatic */

import { DetailTable } from '../mail/email-parts.tsx';
import { type StaffNoticeDetails, staffNoticeEmail } from './staff-notice-email.tsx';

export type CaddiesChangedDetails = StaffNoticeDetails & {
  changes: Array<{ courseName: string; caddies: number }>;
};

const count = (caddies: number) =>
  caddies === 0 ? 'No caddie' : `${caddies} ${caddies === 1 ? 'caddie' : 'caddies'}`;

/** Tells the golfer (or operator) that the resort changed the caddies of a round, with the updated calendar file. */
export const caddiesChangedEmail = staffNoticeEmail((details: CaddiesChangedDetails) => ({
  subject: `Caddies changed on booking ${details.bookingNumber}`,
  title: 'Your caddies have changed',
  preheader: `Caddies changed on booking ${details.bookingNumber}.`,
  agreed: `the caddies in booking ${details.bookingNumber} have changed. Caddies are paid in cash on the day; nothing else about the booking has changed.`,
  body: (
    <DetailTable
      rows={details.changes.map((change) => ({
        label: change.courseName,
        value: count(change.caddies),
        highlight: true,
        wrap: true,
      }))}
    />
  ),
  calendar: 'updates your rounds',
}));
