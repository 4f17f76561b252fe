import { describe, expect, it, vi } from 'vitest';
import { env } from './env';
import { pageLinks } from './page-links';
import { resolveSiteConfig } from './site-config';

describe('the site configuration', () => {
  it('has working defaults for every external link', () => {
    const { env: defaults, pageLinks: links } = resolveSiteConfig({});
    expect(defaults.apiKey).toBe('dev-web-public-key');
    for (const url of [
      defaults.resortSiteUrl,
      defaults.contactUrl,
      defaults.termsUrl,
      defaults.surveyUrl,
      links.proShopUrl,
      links.restaurantsUrl,
      links.restaurantWidgetUrl,
    ]) {
      expect(new URL(url).protocol).toBe('https:');
    }
    expect(links.ipLookupUrl).toBe('');
  });

  it('takes overrides from VITE_* variables and derives site pages from the resort URL', () => {
    const { env: site, pageLinks: links } = resolveSiteConfig({
      VITE_RESORT_SITE_URL: 'https://resort.example/',
      VITE_SURVEY_URL: ' https://survey.example/s/123 ',
      VITE_API_KEY: 'live-key',
    });
    expect(site.resortSiteUrl).toBe('https://resort.example/');
    expect(site.contactUrl).toBe('https://resort.example/contact-us/');
    expect(links.proShopUrl).toBe('https://resort.example/shop/');
    expect(site.surveyUrl).toBe('https://survey.example/s/123');
    expect(site.apiKey).toBe('live-key');
  });

  it('refuses a URL that is not http(s), keeps the default and says so in the build', () => {
    const warn = vi.fn();
    const { env: site } = resolveSiteConfig({ VITE_TERMS_URL: 'javascript:alert(1)' }, warn);
    expect(site.termsUrl).toBe('https://www.example.com/terms-and-conditions/');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('VITE_TERMS_URL'));
  });

  it('reaches the app as the literals the build resolved from its variables', () => {
    const built = resolveSiteConfig(process.env, () => {});
    expect(env).toEqual(built.env);
    expect(pageLinks).toEqual(built.pageLinks);
  });
});
