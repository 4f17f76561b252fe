import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { E2E_SECRETS } from './env.ts';

type Fixtures = {
  /**
   * Problems the browser reported while the test ran: uncaught exceptions, Content-Security-Policy refusals and
   * site assets (images, scripts, styles, fonts) that failed to load.
   */
  pageProblems: string[];
  /** `await axe()` checks the page as it is now; see expectNoAxeViolations. */
  axe: (options?: Parameters<typeof expectNoAxeViolations>[1]) => Promise<void>;
};

/**
 * Collects what the browser reports as broken on `page` from now on: uncaught exceptions, Content-Security-Policy
 * refusals and site assets (images, scripts, styles, fonts) that failed to load. The fixture watches each test's
 * `page`; a test that opens another page watches it with this too.
 */
export function watchPageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`uncaught exception: ${error.message}`));
  page.on('response', (response) => {
    const type = response.request().resourceType();
    const isAsset = ['image', 'script', 'stylesheet', 'font'].includes(type);
    if (isAsset && response.status() >= 400 && response.url().startsWith(new URL(page.url()).origin)) {
      problems.push(
        `${type} failed to load (HTTP ${response.status()}): ${new URL(response.url()).pathname}`,
      );
    }
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      problems.push(`CSP violation: ${message.text()}`);
    }
  });
  return problems;
}

/**
 * The journeys' `test`: every page is watched for uncaught exceptions, CSP violations and missing assets, which fail
 * the test at the end even when every assertion passed (a blocked script or a broken image is what a person sees).
 */
export const test = base.extend<Fixtures>({
  pageProblems: [
    async ({ page }, use) => {
      const problems = watchPageProblems(page);
      await use(problems);
      expect(problems, 'the browser reported problems on the page').toEqual([]);
    },
    { auto: true },
  ],
  axe: async ({ page }, use) => {
    await use((options) => expectNoAxeViolations(page, options));
  },
});

export { expect, expectNoAxeViolations };

/** Switches maintenance mode through the admin API, as an operator would during a deploy. */
export async function setMaintenance(request: APIRequestContext, enabled: boolean): Promise<void> {
  const response = await request.put('/admin/maintenance', {
    headers: { Authorization: `Bearer ${E2E_SECRETS.adminToken}` },
    data: { enabled },
  });
  expect(response.status(), `PUT /admin/maintenance ${enabled}: ${await response.text()}`).toBe(200);
}

/** The two windows every journey checks a page at: a laptop's, then a phone's. */
export const BOTH_WIDTHS = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
] as const;

/**
 * Full-page screenshots at 1280 and 375 px (test output and /screenshots), with axe at both widths; then the
 * viewport is set to `after` (by default what it was).
 */
export async function screenshotAtBothWidths(
  page: Page,
  name: string,
  after = page.viewportSize() ?? BOTH_WIDTHS[0],
): Promise<void> {
  for (const { width, height } of BOTH_WIDTHS) {
    await page.setViewportSize({ width, height });
    // Nothing may spill sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await saveScreenshot(page, `${name}-${width}`);
    await page.screenshot({ path: `screenshots/${name}-${width}.png`, fullPage: true });
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize(after);
}

/** Screenshot of the whole page into the test's output folder (test-results/...), attached to the report. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  // A full-page capture does not scroll, so lazy images below the fold would show as empty boxes: load them first.
  await page.evaluate(async () => {
    const images = [...document.images];
    for (const image of images) image.loading = 'eager';
    await Promise.all(
      images.map((image) => (image.complete ? undefined : image.decode().catch(() => undefined))),
    );
  });
  const info = base.info();
  const path = info.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await info.attach(name, { path, contentType: 'image/png' });
}
