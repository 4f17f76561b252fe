import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { E2E_SECRETS } from './env.ts';

type Fixtures = {
  /** Problems the browser reported while the test ran: uncaught exceptions and Content-Security-Policy refusals. */
  pageProblems: string[];
  /** `await axe()` checks the page as it is now; see expectNoAxeViolations. */
  axe: (options?: Parameters<typeof expectNoAxeViolations>[1]) => Promise<void>;
};

/**
 * The journeys' `test`: every page is watched for uncaught exceptions and CSP violations, which fail the test at the
 * end even when every assertion passed (a blocked script or style is a broken page a person would see).
 */
export const test = base.extend<Fixtures>({
  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`uncaught exception: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
          problems.push(`CSP violation: ${message.text()}`);
        }
      });
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

/** Screenshot of the whole page into the test's output folder (test-results/...), attached to the report. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  const info = base.info();
  const path = info.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await info.attach(name, { path, contentType: 'image/png' });
}
