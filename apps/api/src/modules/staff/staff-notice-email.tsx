/** @jsxRuntime automatic */

import type { ReactNode } from 'react';
import type { MailAttachment } from '../../db/schema/mail.ts';
import { EmailLayout } from '../mail/email-layout.tsx';
import { Paragraph } from '../mail/email-parts.tsx';
import type { MailMessage } from '../mail/mail-message.ts';
import { type MailBrand, renderEmail } from '../mail/render-email.ts';

// The e-mails that tell a golfer (or operator) what the reservations desk did to their booking share their frame:
// the greeting, the desk's agreement, the booking's calendar file attached, and whom to ask.

export type StaffNoticeDetails = {
  bookingNumber: string;
  /** The golfer's first name, or the tour operator's company name. */
  greeting: string;
  /** The booking's calendar file: the same event UIDs with a higher SEQUENCE, so calendars follow the change. */
  ics: MailAttachment;
};

export type StaffNotice = {
  subject: string;
  title: string;
  preheader: string;
  /** What was agreed, after "As agreed with our reservations team, ". */
  agreed: string;
  /** What comes between what was agreed and the calendar file: the change itself. */
  body: ReactNode;
  /** What the attached calendar file does, after "The attached calendar file ". */
  calendar: string;
};

/** Makes a staff notice e-mail, whose own words `notice` writes from the booking's details. */
export function staffNoticeEmail<Details extends StaffNoticeDetails>(
  notice: (details: Details, brand: MailBrand) => StaffNotice,
): (to: string, details: Details, brand: MailBrand) => Promise<MailMessage> {
  return async (to, details, brand) => {
    const { subject, title, preheader, agreed, body, calendar } = notice(details, brand);
    const rendered = await renderEmail(
      <EmailLayout title={title} preheader={preheader} brand={brand}>
        <Paragraph>{`Dear ${details.greeting},`}</Paragraph>
        <Paragraph>{`As agreed with our reservations team, ${agreed}`}</Paragraph>
        {body}
        <Paragraph>
          {`The attached calendar file ${calendar}. If you have any questions, please call us on ${brand.reservationsPhone} or e-mail ${brand.reservationsEmail}, quoting booking number ${details.bookingNumber}.`}
        </Paragraph>
      </EmailLayout>,
    );
    return { to, subject, ...rendered, attachments: [details.ics] };
  };
}
