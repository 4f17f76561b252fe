/** @jsxRuntime automatic */

import { formatMoney } from '@links/shared/money';
import { formatConfirmationTeeTime } from '@links/shared/uk-time';
import { DetailTable, Paragraph, SectionHeading } from '../mail/email-parts.tsx';
import { type StaffNoticeDetails, staffNoticeEmail } from './staff-notice-email.tsx';

/** `ics` is the booking's calendar file with its events cancelled (same UIDs, a higher SEQUENCE). */
export type CancelledBookingDetails = StaffNoticeDetails & {
  rounds: Array<{ courseName: string; startsAt: Date }>;
  refundPence: number;
};

/** Tells the golfer (or operator) that the resort cancelled the booking, what is refunded, and whom to ask. */
export const bookingCancelledEmail = staffNoticeEmail((details: CancelledBookingDetails, brand) => {
  const refund =
    details.refundPence > 0
      ? `We are refunding ${formatMoney(details.refundPence)} to the card you paid with. Refunds usually appear on your statement within 5 to 10 working days.`
      : 'No refund is due on this booking.';
  return {
    subject: `Booking ${details.bookingNumber} has been cancelled`,
    title: 'Your booking has been cancelled',
    preheader: `Booking ${details.bookingNumber} at ${brand.resortName} has been cancelled.`,
    agreed: `booking ${details.bookingNumber} at ${brand.resortName} has been cancelled and its tee times released.`,
    body: (
      <>
        <Paragraph>{refund}</Paragraph>
        <SectionHeading>{`Booking ${details.bookingNumber}`}</SectionHeading>
        <DetailTable
          rows={details.rounds.map((round) => ({
            label: round.courseName,
            value: formatConfirmationTeeTime(round.startsAt),
            highlight: true,
            wrap: true,
          }))}
        />
      </>
    ),
    calendar: 'removes these rounds from your calendar',
  };
});
