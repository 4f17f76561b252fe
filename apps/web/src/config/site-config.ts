/**
 * The site's build-time configuration: every external address the site links to, read from VITE_* variables so a
 * deployment for another resort (or a staging site) changes variables, never components. Resolved once when the site
 * is built (vite.config.ts injects the result as `__SITE_ENV__` and `__PAGE_LINKS__`), so no visitor's browser parses
 * or checks a URL, and a malformed override is reported in the build's log, not in every visitor's console.
 */

export type SiteEnv = {
  /** Sent as X-Api-Key; the API accepts the same development default. */
  apiKey: string;
  productName: string;
  resortName: string;
  resortSiteUrl: string;
  contactUrl: string;
  termsUrl: string;
  surveyUrl: string;
  companyName: string;
  vatNumber: string;
  reservationsPhone: string;
  reservationsEmail: string;
};

/** Configuration only later pages use (the confirmation page, step 2): out of `env`, which `/` loads. */
export type PageLinks = {
  proShopUrl: string;
  restaurantsUrl: string;
  restaurantWidgetUrl: string;
  /**
   * IP country look-up for step 2's default country (GET, JSON with `country`). Empty by default: the region of the
   * browser's languages is used without any call (else GB). The API's IP_LOOKUP_ORIGIN must allow its origin.
   */
  ipLookupUrl: string;
};

type Vars = Record<string, string | undefined>;

export function resolveSiteConfig(
  vars: Vars,
  warn: (message: string) => void = console.warn,
): { env: SiteEnv; pageLinks: PageLinks } {
  const text = (name: string, fallback: string): string => vars[name]?.trim() || fallback;
  const url = (name: string, fallback: string): string => {
    const value = text(name, fallback);
    try {
      const parsed = new URL(value);
      if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
        throw new Error('unsupported protocol');
      return parsed.toString();
    } catch {
      // A malformed override must not ship a broken link: fall back and say so.
      warn(`${name} is not a valid http(s) URL; using the default.`);
      return fallback;
    }
  };
  // Placeholder defaults (example.com): a deployment sets the resort's own site and address (.env.example).
  const resortSiteUrl = url('VITE_RESORT_SITE_URL', 'https://www.example.com/');
  const onResortSite = (path: string) => new URL(path, resortSiteUrl).toString();
  return {
    env: {
      apiKey: text('VITE_API_KEY', 'dev-web-public-key'),
      productName: 'Online Booking',
      resortName: text('VITE_RESORT_NAME', 'The Links'),
      resortSiteUrl,
      contactUrl: url('VITE_CONTACT_URL', onResortSite('contact-us/')),
      termsUrl: url('VITE_TERMS_URL', onResortSite('terms-and-conditions/')),
      surveyUrl: url('VITE_SURVEY_URL', onResortSite('feedback/')),
      companyName: text('VITE_COMPANY_NAME', 'The Links Golf Management Ltd'),
      // Demo value: set VITE_VAT_NUMBER to the operating company's registration for a real deployment.
      vatNumber: text('VITE_VAT_NUMBER', 'GB 123 4567 89'),
      reservationsPhone: text('VITE_RESERVATIONS_PHONE', '+44 1241 802270'),
      reservationsEmail: text('VITE_RESERVATIONS_EMAIL', 'golf@example.com'),
    },
    pageLinks: {
      proShopUrl: url('VITE_PRO_SHOP_URL', onResortSite('shop/')),
      restaurantsUrl: url('VITE_RESTAURANTS_URL', onResortSite('food-and-drink/')),
      restaurantWidgetUrl: url('VITE_RESTAURANT_WIDGET_URL', 'https://widget.resdiary.com/'),
      ipLookupUrl: text('VITE_IP_LOOKUP_URL', ''),
    },
  };
}

/** Vite's `define` entries that put the resolved configuration into the bundle as two literals. */
export function siteConfigDefines(vars: Vars): Record<string, string> {
  const { env, pageLinks } = resolveSiteConfig(vars);
  return { __SITE_ENV__: JSON.stringify(env), __PAGE_LINKS__: JSON.stringify(pageLinks) };
}
