import { escapeHtml } from '../mail/escape-html.ts';
import { EMAIL_STYLES, emailButton, type MailBrand, renderEmail } from '../mail/render-email.ts';

export function resetEmailSubject(brand: MailBrand): string {
  return `Reset your ${brand.resortName} tour operator password`;
}

/** `${PUBLIC_URL}/reset?t=<token>&u=<username>`: the web's reset page reads t and u. */
export function passwordResetLink(publicUrl: string, token: string, username: string): string {
  return `${publicUrl}/reset?t=${encodeURIComponent(token)}&u=${encodeURIComponent(username)}`;
}

export function renderPasswordResetEmail(input: {
  companyName: string;
  link: string;
  validMinutes: number;
  brand: MailBrand;
}): { subject: string; html: string; text: string } {
  const { companyName, link, validMinutes, brand } = input;
  const intro = `We received a request to reset the password of the ${companyName} tour operator account.`;
  const expiry = `The link works once and expires in ${validMinutes} minutes.`;
  const ignore =
    'If you did not ask for this, you can ignore this e-mail: your password stays as it is. Signing in again does not require this link.';
  const { html, text } = renderEmail(
    {
      title: 'Reset your password',
      preheader: `Choose a new password for ${companyName}. ${expiry}`,
      bodyHtml: [
        `<p style="${EMAIL_STYLES.paragraph}">${escapeHtml(intro)}</p>`,
        `<p style="${EMAIL_STYLES.paragraph}">Choose a new password with the button below. ${escapeHtml(expiry)}</p>`,
        emailButton('Choose a new password', link),
        `<p style="${EMAIL_STYLES.muted}">If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(link)}" style="${EMAIL_STYLES.link}">${escapeHtml(link)}</a></p>`,
        `<p style="${EMAIL_STYLES.muted}">${escapeHtml(ignore)}</p>`,
      ].join('\n'),
      bodyText: [intro, '', `Choose a new password here (${expiry.toLowerCase()}):`, link, '', ignore].join(
        '\n',
      ),
    },
    brand,
  );
  return { subject: resetEmailSubject(brand), html, text };
}
