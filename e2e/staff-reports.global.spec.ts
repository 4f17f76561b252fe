import { readFile } from 'node:fs/promises';
import { expect, saveScreenshot, test } from './support/fixtures.ts';
import { createPaidBooking, findSlot } from './support/paid-booking.ts';
import { signInOpsAdmin } from './support/staff-sign-in.ts';
import { COURSES, inApiSession } from './support/step-one-api.ts';

// Issue 23, reports: a booking just paid shows in the period's reports; every chart is drawn (an SVG, within the page's
// content security policy: the fixture fails the test on any refusal), each with its table and a CSV file; the page
// fits a phone. Signs in the ops admin like the other 'global-state' journeys, one after another.

const BURNSIDE = COURSES.burnside;

test('reports: a paid booking counted, charts drawn with tables, a CSV file, at 1280 and 375', async ({
  page,
  axe,
}) => {
  const slot = await inApiSession((request) => findSlot(request, BURNSIDE.id, 2, 24 * 10, 24 * 17));
  await createPaidBooking({ rounds: [{ courseId: BURNSIDE.id, slot: slot! }], golfers: 2 });

  // The chart library comes with the reports page's own chunk, loaded when Reports is opened and not before.
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const reportsCode = () => scripts.filter((path) => /\/assets\/staff-reports-[\w-]+\.js$/.test(path));
  await signInOpsAdmin(page);
  expect(scripts.length).toBeGreaterThan(0);
  expect(reportsCode()).toEqual([]);
  await page.getByRole('navigation', { name: 'Staff pages' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  expect(reportsCode()).toHaveLength(1);
  await expect(page.getByRole('status').filter({ hasText: /^\d+ bookings?, \d+ rounds/ })).toBeVisible();

  const sales = page.getByRole('region', { name: 'Bookings and revenue', exact: true });
  await expect(sales.getByRole('table', { name: 'Bookings and revenue' })).toContainText(BURNSIDE.name);
  // Drawn: the chart is an SVG with a bar for every course and period, named for assistive technology.
  await expect(
    sales.getByRole('img', { name: /^Bookings and revenue: Green fees by week/ }).locator('svg'),
  ).toBeVisible();
  const heat = page.getByRole('region', { name: 'Utilisation', exact: true });
  await expect(
    heat.getByRole('img', { name: /^Utilisation of the Burnside Course by weekday and hour/ }).locator('svg'),
  ).toBeVisible();
  await expect(
    heat
      .getByRole('table', { name: 'Utilisation' })
      .getByRole('row', { name: new RegExp(BURNSIDE.name) })
      .first(),
  ).toBeVisible();
  for (const name of ['Lead time', 'Player types', 'Operator share', 'Combination uptake', 'No-shows']) {
    await expect(page.getByRole('region', { name, exact: true })).toBeVisible();
  }

  const download = page.waitForEvent('download');
  await sales.getByRole('button', { name: 'Download CSV: Bookings and revenue' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('bookings-and-revenue.csv');
  const csv = await readFile(await file.path(), 'utf8');
  expect(csv).toMatch(/^\uFEFFWeek,Course,Rounds,Golfers,Green fees\r\n/);
  expect(csv).toContain(BURNSIDE.name);

  await saveScreenshot(page, 'staff-reports-1280');
  await axe();
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(heat.locator('svg').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await saveScreenshot(page, 'staff-reports-375');
  await axe();
});
