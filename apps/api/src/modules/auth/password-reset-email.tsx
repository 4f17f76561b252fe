/** @jsxRuntime automatic */

import { EmailLayout } from '../mail/email-layout.tsx';
import { ButtonFallback, EmailButton, Paragraph } from '../mail/email-parts.tsx';
import { type MailBrand, renderEmail } from '../mail/render-email.ts';

export function resetEmailSubject(brand: MailBrand): string {
  return `Reset your ${brand.resortName} tour operator password`;
}

/** `${PUBLIC_URL}/reset?t=<token>&u=<username>`: the web's reset page reads t and u. */
export function passwordResetLink(publicUrl: string, token: string, username: string): string {
  return `${publicUrl}/reset?t=${encodeURIComponent(token)}&u=${encodeURIComponent(username)}`;
}

export async function renderPasswordResetEmail(input: {
  companyName: string;
  link: string;
  validMinutes: number;
  brand: MailBrand;
}): Promise<{ subject: string; html: string; text: string }> {
  const { companyName, link, validMinutes, brand } = input;
  const expiry = `The link works once and expires in ${validMinutes} minutes.`;
  const { html, text } = await renderEmail(
    <EmailLayout
      title="Reset your password"
      preheader={`Choose a new password for ${companyName}. ${expiry}`}
      brand={brand}
    >
      <Paragraph>{`We received a request to reset the password of the ${companyName} tour operator account.`}</Paragraph>
      <Paragraph>{`Choose a new password with the link below. ${expiry}`}</Paragraph>
      {/* In the text part the address stands on a line of its own, so it is easy to copy whole. */}
      <EmailButton href={link} urlOnOwnLine>
        Choose a new password
      </EmailButton>
      <ButtonFallback href={link} lineBreak />
      <Paragraph muted>
        If you did not ask for this, you can ignore this e-mail: your password stays as it is. Signing in
        again does not require this link.
      </Paragraph>
    </EmailLayout>,
  );
  return { subject: resetEmailSubject(brand), html, text };
}

/**
 * A new account opened by the resort's staff, or a colleague invited by their company's administrator (issue 24): the
 * person chooses their first password with the link (nobody else ever knows one), so the link lasts days, not the
 * reset link's minutes.
 */
export async function renderOperatorWelcomeEmail(input: {
  companyName: string;
  username: string;
  link: string;
  validDays: number;
  brand: MailBrand;
  /** A colleague's invitation from their company, rather than a company account the resort opened. */
  invitation?: boolean;
}): Promise<{ subject: string; html: string; text: string }> {
  const { companyName, username, link, validDays, brand, invitation } = input;
  const expiry = `The link works once and expires in ${validDays} days; after that, use "Forgot password" on the sign-in page.`;
  const title = invitation ? `Book for ${companyName}` : 'Your tour operator account';
  const opening = invitation
    ? `${companyName} has invited you to book tee times at ${brand.resortName} on the company's terms, with a sign-in of your own. Your username is ${username}.`
    : `${brand.resortName} has opened a tour operator account for ${companyName}. Your username is ${username}.`;
  const { html, text } = await renderEmail(
    <EmailLayout title={title} preheader={`Choose your password for ${companyName}. ${expiry}`} brand={brand}>
      <Paragraph>{opening}</Paragraph>
      <Paragraph>{`Choose your password with the link below to sign in and book on your agreed terms. ${expiry}`}</Paragraph>
      <EmailButton href={link} urlOnOwnLine>
        Choose your password
      </EmailButton>
      <ButtonFallback href={link} lineBreak />
      <Paragraph muted>
        {`If you did not expect this ${invitation ? 'invitation' : 'account'}, please tell our reservations team: ${brand.reservationsPhone}, ${brand.reservationsEmail}.`}
      </Paragraph>
    </EmailLayout>,
  );
  const subject = invitation
    ? `${companyName} invited you to book at ${brand.resortName}`
    : `Your ${brand.resortName} tour operator account`;
  return { subject, html, text };
}
