/**
 * Build-time configuration. Every external address the site links to lives here so a deployment for
 * another resort (or a staging site) changes VITE_* variables, never components.
 */

function readString(name: string, fallback: string): string {
  const value = (import.meta.env[name] as string | undefined)?.trim();
  return value ? value : fallback;
}

function readUrl(name: string, fallback: string): string {
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
const resortSiteUrl = readUrl('VITE_RESORT_SITE_URL', 'https://www.example.com/');

export const env = {
  /** Sent as X-Api-Key; the API accepts the same development default. */
  apiKey: readString('VITE_API_KEY', 'dev-web-public-key'),
  productName: 'Online Booking',
  resortName: readString('VITE_RESORT_NAME', 'The Links'),
  resortSiteUrl,
  contactUrl: readUrl('VITE_CONTACT_URL', new URL('contact-us/', resortSiteUrl).toString()),
  termsUrl: readUrl('VITE_TERMS_URL', new URL('terms-and-conditions/', resortSiteUrl).toString()),
  surveyUrl: readUrl('VITE_SURVEY_URL', new URL('feedback/', resortSiteUrl).toString()),
  proShopUrl: readUrl('VITE_PRO_SHOP_URL', new URL('shop/', resortSiteUrl).toString()),
  restaurantsUrl: readUrl('VITE_RESTAURANTS_URL', new URL('food-and-drink/', resortSiteUrl).toString()),
  restaurantWidgetUrl: readUrl('VITE_RESTAURANT_WIDGET_URL', 'https://widget.resdiary.com/'),
  /**
   * IP country look-up for step 2's default country (GET, JSON with `country`). Empty by default: the region of the
   * browser's languages is used without any call (else GB). The API's IP_LOOKUP_ORIGIN must allow its origin.
   */
  ipLookupUrl: readString('VITE_IP_LOOKUP_URL', ''),
  courseGuideUrls: {
    1: readUrl(
      'VITE_COURSE_GUIDE_CHAMPIONSHIP_URL',
      new URL('courses/championship/', resortSiteUrl).toString(),
    ),
    2: readUrl('VITE_COURSE_GUIDE_BURNSIDE_URL', new URL('courses/burnside/', resortSiteUrl).toString()),
    4: readUrl('VITE_COURSE_GUIDE_BUDDON_URL', new URL('courses/buddon-links/', resortSiteUrl).toString()),
  } as Readonly<Record<number, string>>,
  companyName: readString('VITE_COMPANY_NAME', 'The Links Golf Management Ltd'),
  // Demo value: set VITE_VAT_NUMBER to the operating company's registration for a real deployment.
  vatNumber: readString('VITE_VAT_NUMBER', 'GB 123 4567 89'),
  reservationsPhone: readString('VITE_RESERVATIONS_PHONE', '+44 1241 802270'),
  reservationsEmail: readString('VITE_RESERVATIONS_EMAIL', 'golf@example.com'),
} as const;
