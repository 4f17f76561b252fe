import { afterEach, describe, expect, it, vi } from 'vitest';

async function loadEnv() {
  vi.resetModules();
  return (await import('./env')).env;
}

describe('env', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('has working defaults for every external link', async () => {
    const env = await loadEnv();
    expect(env.apiKey).toBe('dev-web-public-key');
    for (const url of [env.resortSiteUrl, env.contactUrl, env.termsUrl, env.surveyUrl]) {
      expect(new URL(url).protocol).toBe('https:');
    }
  });

  it('takes overrides from VITE_* variables and derives site pages from the resort URL', async () => {
    vi.stubEnv('VITE_RESORT_SITE_URL', 'https://resort.example/');
    vi.stubEnv('VITE_SURVEY_URL', 'https://survey.example/s/123');
    vi.stubEnv('VITE_API_KEY', 'live-key');
    const env = await loadEnv();
    expect(env.resortSiteUrl).toBe('https://resort.example/');
    expect(env.contactUrl).toBe('https://resort.example/contact-us/');
    expect(env.surveyUrl).toBe('https://survey.example/s/123');
    expect(env.apiKey).toBe('live-key');
  });

  it('refuses a URL that is not http(s) and keeps the default', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubEnv('VITE_TERMS_URL', 'javascript:alert(1)');
    const env = await loadEnv();
    expect(env.termsUrl).toBe('https://www.example.com/terms-and-conditions/');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('VITE_TERMS_URL'));
  });
});
