/** @jsxRuntime automatic */

import type { MailAttachment } from '../../db/schema/mail.ts';
import { EmailLayout } from '../mail/email-layout.tsx';
import { DetailTable, Paragraph } from '../mail/email-parts.tsx';
import type { MailMessage } from '../mail/mail-message.ts';
import { type MailBrand, renderEmail } from '../mail/render-email.ts';

export type CaddiesChangedDetails = {
  bookingNumber: string;
  greeting: string;
  changes: Array<{ courseName: string; caddies: number }>;
  ics: MailAttachment;
};

const count = (caddies: number) =>
  caddies === 0 ? 'No caddie' : `${caddies} ${caddies === 1 ? 'caddie' : 'caddies'}`;

/** Tells the golfer (or operator) that the resort changed the caddies of a round, with the updated calendar file. */
export async function caddiesChangedEmail(
  to: string,
  details: CaddiesChangedDetails,
  brand: MailBrand,
): Promise<MailMessage> {
  const rendered = await renderEmail(
    <EmailLayout
      title="Your caddies have changed"
      preheader={`Caddies changed on booking ${details.bookingNumber}.`}
      brand={brand}
    >
      <Paragraph>{`Dear ${details.greeting},`}</Paragraph>
      <Paragraph>
        {`As agreed with our reservations team, the caddies in booking ${details.bookingNumber} have changed. Caddies are paid in cash on the day; nothing else about the booking has changed.`}
      </Paragraph>
      <DetailTable
        rows={details.changes.map((change) => ({
          label: change.courseName,
          value: count(change.caddies),
          highlight: true,
          wrap: true,
        }))}
      />
      <Paragraph>
        {`The attached calendar file updates your rounds. If you have any questions, please call us on ${brand.reservationsPhone} or e-mail ${brand.reservationsEmail}, quoting booking number ${details.bookingNumber}.`}
      </Paragraph>
    </EmailLayout>,
  );
  return {
    to,
    subject: `Caddies changed on booking ${details.bookingNumber}`,
    ...rendered,
    attachments: [details.ics],
  };
}
