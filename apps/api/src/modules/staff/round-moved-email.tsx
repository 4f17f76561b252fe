/** @jsxRuntime automatic */

import { formatConfirmationTeeTime } from '@links/shared/uk-time';
import { DetailTable } from '../mail/email-parts.tsx';
import { type StaffNoticeDetails, staffNoticeEmail } from './staff-notice-email.tsx';

export type MovedRoundDetails = StaffNoticeDetails & {
  courseName: string;
  from: Date;
  to: Date;
};

/** Tells the golfer (or operator) that the resort moved a round to another tee time. */
export const roundMovedEmail = staffNoticeEmail((details: MovedRoundDetails) => ({
  subject: `New tee time for booking ${details.bookingNumber}`,
  title: 'Your tee time has changed',
  preheader: `${details.courseName}: now ${formatConfirmationTeeTime(details.to)}.`,
  agreed: `your round on the ${details.courseName} in booking ${details.bookingNumber} has moved to a new tee time. Everything else about the booking stays as it was.`,
  body: (
    <DetailTable
      rows={[
        { label: 'Was', value: formatConfirmationTeeTime(details.from), wrap: true },
        { label: 'Now', value: formatConfirmationTeeTime(details.to), highlight: true, wrap: true },
      ]}
    />
  ),
  calendar: 'updates the round in your calendar',
}));
