/**
 * Build-time configuration. Every external address the site links to lives here so a deployment for
 * another resort (or a staging site) changes VITE_* variables, never components.
 */

export function readString(name: string, fallback: string): string {
  const value = (import.meta.env[name] as string | undefined)?.trim();
  return value ? value : fallback;
}

export function readUrl(name: string, fallback: string): string {
  const value = readString(name, fallback);
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('unsupported protocol');
    return url.toString();
  } catch {
    // A malformed override must not ship a broken link: fall back and say so in the console.
    console.warn(`${name} is not a valid http(s) URL; using the default.`);
    return fallback;
  }
}

// Placeholder defaults (example.com): a deployment sets the resort's own site and address (.env.example).
export const resortSiteUrl = readUrl('VITE_RESORT_SITE_URL', 'https://www.example.com/');

export const env = {
  /** Sent as X-Api-Key; the API accepts the same development default. */
  apiKey: readString('VITE_API_KEY', 'dev-web-public-key'),
  productName: 'Online Booking',
  resortName: readString('VITE_RESORT_NAME', 'The Links'),
  resortSiteUrl,
  contactUrl: readUrl('VITE_CONTACT_URL', new URL('contact-us/', resortSiteUrl).toString()),
  termsUrl: readUrl('VITE_TERMS_URL', new URL('terms-and-conditions/', resortSiteUrl).toString()),
  surveyUrl: readUrl('VITE_SURVEY_URL', new URL('feedback/', resortSiteUrl).toString()),
  companyName: readString('VITE_COMPANY_NAME', 'The Links Golf Management Ltd'),
  // Demo value: set VITE_VAT_NUMBER to the operating company's registration for a real deployment.
  vatNumber: readString('VITE_VAT_NUMBER', 'GB 123 4567 89'),
  reservationsPhone: readString('VITE_RESERVATIONS_PHONE', '+44 1241 802270'),
  reservationsEmail: readString('VITE_RESERVATIONS_EMAIL', 'golf@example.com'),
} as const;
