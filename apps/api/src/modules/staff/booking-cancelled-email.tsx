/** @jsxRuntime automatic */

import { formatMoney } from '@links/shared/money';
import { formatConfirmationTeeTime } from '@links/shared/uk-time';
import { EmailLayout } from '../mail/email-layout.tsx';
import { DetailTable, Paragraph, SectionHeading } from '../mail/email-parts.tsx';
import type { MailMessage } from '../mail/mail-message.ts';
import { type MailBrand, renderEmail } from '../mail/render-email.ts';

export type CancelledBookingDetails = {
  bookingNumber: string;
  /** The golfer's first name, or the tour operator's company name. */
  greeting: string;
  rounds: Array<{ courseName: string; startsAt: Date }>;
  refundPence: number;
  /** The booking's calendar file with its events cancelled (same UIDs, a higher SEQUENCE). */
  ics: { filename: string; contentType: string; content: string };
};

/** Tells the golfer (or operator) that the resort cancelled the booking, what is refunded, and whom to ask. */
export async function bookingCancelledEmail(
  to: string,
  details: CancelledBookingDetails,
  brand: MailBrand,
): Promise<MailMessage> {
  const refund =
    details.refundPence > 0
      ? `We are refunding ${formatMoney(details.refundPence)} to the card you paid with. Refunds usually appear on your statement within 5 to 10 working days.`
      : 'No refund is due on this booking.';
  const rendered = await renderEmail(
    <EmailLayout
      title="Your booking has been cancelled"
      preheader={`Booking ${details.bookingNumber} at ${brand.resortName} has been cancelled.`}
      brand={brand}
    >
      <Paragraph>{`Dear ${details.greeting},`}</Paragraph>
      <Paragraph>
        {`As agreed with our reservations team, booking ${details.bookingNumber} at ${brand.resortName} has been cancelled and its tee times released.`}
      </Paragraph>
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
      <Paragraph>
        {`The attached calendar file removes these rounds from your calendar. If you have any questions, please call us on ${brand.reservationsPhone} or e-mail ${brand.reservationsEmail}, quoting booking number ${details.bookingNumber}.`}
      </Paragraph>
    </EmailLayout>,
  );
  return {
    to,
    subject: `Booking ${details.bookingNumber} has been cancelled`,
    ...rendered,
    attachments: [details.ics],
  };
}
