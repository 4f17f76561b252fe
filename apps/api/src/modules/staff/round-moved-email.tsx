/** @jsxRuntime automatic */

import { formatConfirmationTeeTime } from '@links/shared/uk-time';
import { EmailLayout } from '../mail/email-layout.tsx';
import { DetailTable, Paragraph } from '../mail/email-parts.tsx';
import type { MailMessage } from '../mail/mail-message.ts';
import { type MailBrand, renderEmail } from '../mail/render-email.ts';

export type MovedRoundDetails = {
  bookingNumber: string;
  greeting: string;
  courseName: string;
  from: Date;
  to: Date;
  /** The booking's calendar file: the same event UIDs with a higher SEQUENCE, so calendars update the round. */
  ics: { filename: string; contentType: string; content: string };
};

/** Tells the golfer (or operator) that the resort moved a round to another tee time. */
export async function roundMovedEmail(
  to: string,
  details: MovedRoundDetails,
  brand: MailBrand,
): Promise<MailMessage> {
  const rendered = await renderEmail(
    <EmailLayout
      title="Your tee time has changed"
      preheader={`${details.courseName}: now ${formatConfirmationTeeTime(details.to)}.`}
      brand={brand}
    >
      <Paragraph>{`Dear ${details.greeting},`}</Paragraph>
      <Paragraph>
        {`As agreed with our reservations team, your round on the ${details.courseName} in booking ${details.bookingNumber} has moved to a new tee time. Everything else about the booking stays as it was.`}
      </Paragraph>
      <DetailTable
        rows={[
          { label: 'Was', value: formatConfirmationTeeTime(details.from), wrap: true },
          { label: 'Now', value: formatConfirmationTeeTime(details.to), highlight: true, wrap: true },
        ]}
      />
      <Paragraph>
        {`The attached calendar file updates the round in your calendar. If you have any questions, please call us on ${brand.reservationsPhone} or e-mail ${brand.reservationsEmail}, quoting booking number ${details.bookingNumber}.`}
      </Paragraph>
    </EmailLayout>,
  );
  return {
    to,
    subject: `New tee time for booking ${details.bookingNumber}`,
    ...rendered,
    attachments: [details.ics],
  };
}
