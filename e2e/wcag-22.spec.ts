import type { Locator, Page } from '@playwright/test';
import { openStepTwo } from './support/booking-seed.ts';
import { BOTH_WIDTHS, expect, test } from './support/fixtures.ts';
import { completeStepTwo } from './support/journey-step-two.ts';
import { COURSES, weekdayAhead } from './support/step-one-api.ts';
import {
  chooseDate,
  courseTeeTimes,
  expectTeeSheetFor,
  openStepOne,
  toggleCourse,
} from './support/step-one-page.ts';

// WCAG 2.2 beyond what axe can see (issue 25), measured in the browser: focus never under the sticky step bar
// (2.4.11), targets of at least 24 x 24 px (2.5.8), reflow at 320 px (1.4.10) and the countdown's announcements (4.1.3).

const { burnside } = COURSES;

/** Step 1 with Burnside chosen and its tee sheet open on `date`. */
async function openBurnsideTeeSheet(page: Page, date: string): Promise<void> {
  await openStepOne(page);
  await toggleCourse(page, burnside.name);
  await chooseDate(page, burnside.name, date);
  await expectTeeSheetFor(page, burnside.name, date);
}

async function smallestTarget(targets: Locator): Promise<{ width: number; height: number; count: number }> {
  const boxes = await targets.evaluateAll((elements) =>
    elements.map((element) => {
      const { width, height } = element.getBoundingClientRect();
      return { width, height };
    }),
  );
  return {
    width: Math.min(...boxes.map((box) => box.width)),
    height: Math.min(...boxes.map((box) => box.height)),
    count: boxes.length,
  };
}

for (const viewport of BOTH_WIDTHS) {
  test(`2.4.11: a field reached by Tab or Shift+Tab is never under the sticky step bar, at ${viewport.width} px`, async ({
    page,
  }) => {
    await openStepTwo(page, 29, viewport);
    await expect(page.getByRole('timer')).toBeVisible();
    // Backwards from the foot of the page: each field scrolls in from above, where the bar is.
    await page.getByRole('link', { name: 'Back to step 1: Create experience' }).focus();
    const hidden: string[] = [];
    let checked = 0;
    for (let presses = 0; presses < 60; presses += 1) {
      await page.keyboard.press('Shift+Tab');
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        const form = document.querySelector('form[aria-label="Contact details"]');
        if (!element || !form?.contains(element)) return null;
        const nav = document.querySelector('nav[aria-label="Booking progress"]');
        const bar = (nav?.parentElement ?? nav)?.getBoundingClientRect();
        const box = element.getBoundingClientRect();
        const name = element.getAttribute('aria-label') || element.id || element.tagName;
        // Under the bar: any part of the control behind it (the bar is drawn over the page).
        return { name, top: Math.round(box.top), covered: bar ? box.top < bar.bottom - 1 : false };
      });
      // Out of the form (the step bar, the header): done.
      if (!focused) break;
      checked += 1;
      if (focused.covered) hidden.push(`${focused.name} at ${focused.top}`);
    }
    expect(checked, 'controls of the form reached').toBeGreaterThan(10);
    expect(hidden, 'focused controls whose top is under the step bar').toEqual([]);
  });
}

test('2.5.8: slot buttons, calendar days and the phone code picker are at least 24 x 24 px, at 375 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openBurnsideTeeSheet(page, weekdayAhead(7, 11));
  const sheet = courseTeeTimes(page, burnside.name);
  const slots = await smallestTarget(sheet.getByRole('button', { name: /^\d\d:\d\d / }));
  const days = await smallestTarget(sheet.getByRole('grid').getByRole('button'));
  expect(slots.count).toBeGreaterThan(5);
  expect(days.count).toBeGreaterThan(27);
  for (const [what, target] of Object.entries({ slots, days })) {
    expect(target.width, `${what}: width`).toBeGreaterThanOrEqual(24);
    expect(target.height, `${what}: height`).toBeGreaterThanOrEqual(24);
  }

  await openStepTwo(page, 30);
  const picker = await smallestTarget(page.getByRole('combobox', { name: 'Telephone country code' }));
  expect(picker.width).toBeGreaterThanOrEqual(24);
  expect(picker.height).toBeGreaterThanOrEqual(24);
});

test('1.4.10: steps 1 to 3 reflow at 320 px (and so at 200 % zoom of 640 px) without sideways scrolling', async ({
  page,
}) => {
  const scrollWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
  for (const width of [320, 640]) {
    await page.setViewportSize({ width, height: 800 });
    await openStepOne(page);
    expect(await scrollWidth(), `/ at ${width} px`).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 320, height: 800 });
  await openBurnsideTeeSheet(page, weekdayAhead(7, 12));
  expect(await scrollWidth(), 'step 1 with a tee sheet').toBeLessThanOrEqual(320);
  await courseTeeTimes(page, burnside.name).screenshot({ path: 'screenshots/wcag-step-1-tee-sheet-320.png' });

  await openStepTwo(page, 31);
  await expect(page.getByRole('timer')).toBeVisible();
  expect(await scrollWidth(), 'step 2').toBeLessThanOrEqual(320);
  await completeStepTwo(page);
  await expect(page.getByRole('button', { name: /^Pay £/ })).toBeVisible();
  expect(await scrollWidth(), 'step 3').toBeLessThanOrEqual(320);
  await page.screenshot({ path: 'screenshots/wcag-step-3-320.png', fullPage: true });
});

test('4.1.3: the countdown is announced at two minutes and at one, never as it ticks', async ({ page }) => {
  await page.clock.install();
  await openStepTwo(page, 32);
  const timer = page.getByRole('timer');
  await expect(timer).toBeVisible();
  // The ticking time is not in a live region; one polite region says each threshold once.
  expect(await timer.evaluate((element) => element.closest('[aria-live]:not([aria-live="off"])'))).toBeNull();
  const live = page.locator('[data-countdown] [aria-live="polite"]');
  await expect(live).toHaveCount(1);
  await expect(live).toHaveText('');
  await page.clock.fastForward('05:00');
  await expect(timer).toHaveText(/^[45]:\d\d$/);
  await expect(live).toHaveText('');
  await page.clock.fastForward('03:10');
  await expect(timer).toHaveText(/^1:[45]\d$/);
  await expect(live).toHaveText('Less than two minutes left to complete your booking.');
  await page.clock.fastForward('01:00');
  await expect(timer).toHaveText(/^0:[45]\d$/);
  await expect(live).toHaveText('Less than one minute left to complete your booking.');
});
