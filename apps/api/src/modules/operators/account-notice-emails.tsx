/** @jsxRuntime automatic */

import { formatConfirmationTeeTime } from '@links/shared/uk-time';
import { EmailLayout } from '../mail/email-layout.tsx';
import { ButtonFallback, EmailButton, Paragraph } from '../mail/email-parts.tsx';
import type { MailMessage } from '../mail/mail-message.ts';
import { type MailBrand, renderEmail } from '../mail/render-email.ts';

// Issue 24, account security: a changed password or e-mail address is told to the address the account had, so an
// operator whose account was taken over hears of it where the intruder cannot stop it.

/** 'j***@fairway.example': enough for the owner to recognise the address, not to write to it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

type NoticeInput = {
  to: string;
  companyName: string;
  at: Date;
  /** `${PUBLIC_URL}/forgot-password`: the way back in for an owner who did not make the change. */
  forgotPasswordUrl: string;
  brand: MailBrand;
};

function notNow(brand: MailBrand): string {
  return `If you did not make this change, choose a new password now with the link below and tell our reservations team on ${brand.reservationsPhone} or at ${brand.reservationsEmail}.`;
}

async function compose(
  input: NoticeInput,
  subject: string,
  title: string,
  what: string,
): Promise<MailMessage> {
  const { brand } = input;
  const { html, text } = await renderEmail(
    <EmailLayout title={title} preheader={what} brand={brand}>
      <Paragraph>{what}</Paragraph>
      <Paragraph>If you made this change, there is nothing more to do.</Paragraph>
      <Paragraph>{notNow(brand)}</Paragraph>
      <EmailButton href={input.forgotPasswordUrl}>Choose a new password</EmailButton>
      <ButtonFallback href={input.forgotPasswordUrl} />
    </EmailLayout>,
  );
  return { to: input.to, subject, html, text };
}

/** To the account's address after its password changed (on the account page or by a reset link). */
export function passwordChangedEmail(input: NoticeInput): Promise<MailMessage> {
  const when = formatConfirmationTeeTime(input.at);
  return compose(
    input,
    `Your ${input.brand.resortName} tour operator password was changed`,
    'Your password was changed',
    `The password of the ${input.companyName} tour operator account was changed on ${when} (UK time).`,
  );
}

/** To the OLD address after the account's e-mail address changed. */
export function emailChangedEmail(input: NoticeInput & { newEmail: string }): Promise<MailMessage> {
  const when = formatConfirmationTeeTime(input.at);
  return compose(
    input,
    `The e-mail address of your ${input.brand.resortName} tour operator account was changed`,
    'Your e-mail address was changed',
    `On ${when} (UK time) the e-mail address of the ${input.companyName} tour operator account was changed from this address to ${maskEmail(input.newEmail)}. Booking confirmations and reminders now go to the new address.`,
  );
}
