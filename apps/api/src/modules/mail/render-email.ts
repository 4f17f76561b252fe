import { escapeHtml } from './escape-html.ts';

export type EmailContent = {
  /** The heading and <title>. Plain text. */
  title: string;
  /** The inbox preview line shown after the subject. Plain text. */
  preheader: string;
  /** Trusted HTML built by the caller (escape user data with escapeHtml); styled inline, table-based if complex. */
  bodyHtml: string;
  /** The same content as plain text. */
  bodyText: string;
};

export type RenderedEmail = { html: string; text: string };

// The resort's palette (apps/web/src/styles/tokens.css): deep links green, sand, a restrained gold.
export const EMAIL_COLOURS = {
  green900: '#0f2e22',
  green700: '#1d5240',
  sand50: '#fbf8f2',
  sand100: '#f5efe2',
  sand200: '#ebe1cb',
  gold500: '#b08d3e',
  ink900: '#17211c',
  ink600: '#4d5b55',
  white: '#ffffff',
} as const;

const SERIF = "Georgia, 'Times New Roman', Times, serif";
const SANS = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/** The resort as every e-mail names it, and how to reach reservations (config: RESORT_NAME, RESERVATIONS_*). */
export type MailBrand = { resortName: string; reservationsPhone: string; reservationsEmail: string };
const FOOTER_TEXT = 'You are receiving this e-mail because of a booking or request made on our website.';

/** Inline styles for content helpers callers may use inside bodyHtml, so every e-mail looks the same. */
export const EMAIL_STYLES = {
  paragraph: `margin:0 0 16px;font-family:${SANS};font-size:16px;line-height:24px;color:${EMAIL_COLOURS.ink900};`,
  heading: `margin:24px 0 8px;font-family:${SERIF};font-size:20px;line-height:28px;font-weight:normal;color:${EMAIL_COLOURS.green900};`,
  link: `color:${EMAIL_COLOURS.green700};text-decoration:underline;`,
  muted: `margin:0 0 16px;font-family:${SANS};font-size:14px;line-height:20px;color:${EMAIL_COLOURS.ink600};`,
} as const;

/** A bulletproof (table-based) button, readable in every mail client including Outlook. */
export function emailButton(label: string, href: string): string {
  return `<table role="presentation" cellspacing="0" cellpadding="0" border="0" style="margin:8px 0 24px;">
<tr><td style="border-radius:6px;background:${EMAIL_COLOURS.green700};">
<a href="${escapeHtml(href)}" style="display:inline-block;padding:14px 28px;font-family:${SANS};font-size:16px;line-height:20px;font-weight:bold;color:${EMAIL_COLOURS.white};text-decoration:none;border-radius:6px;">${escapeHtml(label)}</a>
</td></tr></table>`;
}

/**
 * The resort's e-mail layout: a 600 px centred table on sand, a deep-green masthead with the serif wordmark, a white
 * content card with a serif heading, and a footer. Table-based with inline styles because mail clients ignore
 * most of CSS; a hidden preheader fills the inbox preview. Returns the HTML and the plain-text alternative.
 */
export function renderEmail(content: EmailContent, brand: MailBrand): RenderedEmail {
  const title = escapeHtml(content.title);
  const resort = escapeHtml(brand.resortName);
  const phone = escapeHtml(brand.reservationsPhone);
  const email = escapeHtml(brand.reservationsEmail);
  const tel = escapeHtml(brand.reservationsPhone.replace(/[^+\d]/g, ''));
  const c = EMAIL_COLOURS;
  const html = `<!doctype html>
<html lang="en-GB" xmlns="http://www.w3.org/1999/xhtml">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${title}</title>
</head>
<body style="margin:0;padding:0;background:${c.sand100};-webkit-text-size-adjust:100%;">
<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;font-size:1px;line-height:1px;color:${c.sand100};opacity:0;">${escapeHtml(content.preheader)}&#847;&zwnj;&nbsp;&#847;&zwnj;&nbsp;&#847;&zwnj;&nbsp;</div>
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="background:${c.sand100};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellspacing="0" cellpadding="0" border="0" style="width:100%;max-width:600px;">
<tr><td style="background:${c.green900};padding:28px 32px;border-radius:8px 8px 0 0;" align="left">
<p style="margin:0;font-family:${SERIF};font-size:26px;line-height:32px;letter-spacing:1px;color:${c.sand50};">${resort}</p>
<p style="margin:4px 0 0;font-family:${SANS};font-size:12px;line-height:16px;letter-spacing:2px;text-transform:uppercase;color:${c.gold500};">Championship &middot; Burnside &middot; Buddon Links</p>
</td></tr>
<tr><td style="background:${c.white};padding:32px;border-left:1px solid ${c.sand200};border-right:1px solid ${c.sand200};">
<h1 style="margin:0 0 20px;font-family:${SERIF};font-size:28px;line-height:36px;font-weight:normal;color:${c.green900};">${title}</h1>
${content.bodyHtml}
</td></tr>
<tr><td style="background:${c.sand50};padding:20px 32px;border:1px solid ${c.sand200};border-top:3px solid ${c.gold500};border-radius:0 0 8px 8px;">
<p style="margin:0;font-family:${SANS};font-size:12px;line-height:18px;color:${c.ink600};">${resort} reservations: <a href="tel:${tel}" style="color:${c.ink600};">${phone}</a> &middot; <a href="mailto:${email}" style="color:${c.ink600};">${email}</a><br>${FOOTER_TEXT}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  const text = `${brand.resortName}\n\n${content.title}\n${'='.repeat(Math.min(content.title.length, 72))}\n\n${content.bodyText.trim()}\n\n--\n${brand.resortName} reservations: ${brand.reservationsPhone} · ${brand.reservationsEmail}\n${FOOTER_TEXT}\n`;
  return { html, text };
}
