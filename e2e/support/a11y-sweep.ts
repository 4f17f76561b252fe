import { expect, type Page } from '@playwright/test';
import { expectNoAxeViolations, saveScreenshot, BOTH_WIDTHS as WIDTHS } from './fixtures.ts';

/**
 * axe-core on the page as it is now at 1280 and at 375 px, with a full-page screenshot of each (test output and
 * screenshots/a11y-<name>-<width>.png for review); nothing may spill sideways on the phone. The viewport is put back.
 */
export async function expectAccessibleAtBothWidths(page: Page, name: string): Promise<void> {
  const before = page.viewportSize() ?? WIDTHS[0];
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `${name} fits ${size.width} px`,
    ).toBeLessThanOrEqual(size.width);
    await saveScreenshot(page, `a11y-${name}-${size.width}`);
    await page.screenshot({ path: `screenshots/a11y-${name}-${size.width}.png`, fullPage: true });
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize(before);
}
