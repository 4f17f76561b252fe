import { mkdir } from 'node:fs/promises';
import { addDays, formatLongDate, todayInLondon } from '@links/shared/uk-time';
import type { Page } from '@playwright/test';
import { expect, saveScreenshot, test } from './support/fixtures.ts';
import { readPastBooking } from './support/past-booking.ts';
import { ukTeeTime } from './support/uk-tee-time.ts';

// Spec section 2, /confirmation/{booking_number} once the last tee time has passed: 'Thanks for playing' instead of
// any payment notice, and no caddie changes or 'Need to make changes?' any more. The booking is a real confirmed,
// paid booking whose round was two weeks ago, put into the database before the server started
// (support/seed-past-booking.ts): the booking flow itself never sells a tee time in the past.

const HEADING = 'Tee-rific! Your booking is confirmed';
const PIN_HEADING = 'This page is protected for your security';
const WEEKDAYS = 'Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday';
const TEE_TIME_STYLE = new RegExp(
  `^(${WEEKDAYS}) \\d{1,2}(st|nd|rd|th) [A-Z][a-z]+ \\d{4} at \\d{1,2}:\\d{2}(am|pm)$`,
);

/** Into the test's output and screenshots/ (git-ignored) for a person to look at. */
async function shot(page: Page, name: string): Promise<void> {
  await saveScreenshot(page, name);
  await mkdir('screenshots', { recursive: true });
  await page.screenshot({ path: `screenshots/past-booking-${name}.png`, fullPage: true });
}

test('a past booking opened by PIN thanks the golfers for playing and offers no caddie changes', async ({
  page,
  axe,
}) => {
  const booking = await readPastBooking();
  expect(new Date(booking.teeTime).getTime(), 'the seeded tee time is in the past').toBeLessThan(Date.now());
  await page.setViewportSize({ width: 1280, height: 900 });

  // No link and no session: the PIN form, with the booking number from the address filled in and locked.
  await page.goto(`/confirmation/${booking.bookingNumber}`);
  await expect(page.getByRole('heading', { level: 1, name: PIN_HEADING })).toBeVisible();
  const number = page.getByRole('textbox', { name: 'Booking number' });
  await expect(number).toHaveValue(booking.bookingNumber);
  await expect(number).toHaveAttribute('readonly', '');
  const pin = page.getByLabel('PIN code');
  await expect(pin).toBeFocused();
  await page.keyboard.type(booking.pin);
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { level: 1, name: HEADING })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/confirmation/${booking.bookingNumber}$`));
  await expect(page.getByText('Thanks for playing', { exact: true })).toBeVisible();
  await expect(page.getByText(/We hope you enjoyed your round on the links/)).toBeVisible();
  await expect(page.getByText('A payment is due on this booking')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Manage your caddies' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Manage your caddies' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: /^Caddies for the/ })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Need to make changes?' })).toHaveCount(0);

  // The booking itself is shown as before: number, round, tee time in UK time, prices and the caddie due.
  const details = page.getByRole('region', { name: 'Booking details' });
  await expect(details.getByText(booking.bookingNumber, { exact: true })).toBeVisible();
  await expect(details.getByRole('heading', { name: booking.courseName })).toBeVisible();
  const teeTime = details.getByText(ukTeeTime(booking.teeTime), { exact: true });
  await expect(teeTime).toBeVisible();
  await expect(teeTime).toHaveText(TEE_TIME_STYLE);
  const prices = page.getByRole('region', { name: 'Price breakdown' });
  await expect(prices.getByRole('rowheader', { name: `${booking.players} x Adult golfers` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Other dues paid at play' })).toContainText(
    `${booking.courseName}: ${booking.caddies} caddie at`,
  );
  // Paid in full: the amount paid is the total price.
  const total = (
    await prices
      .getByRole('row', { name: /Total price/ })
      .getByRole('cell')
      .textContent()
  )?.trim();
  expect(total).toMatch(/^£\d/);
  await expect(details.getByText('Amount paid').locator('xpath=..')).toContainText(total as string);

  let scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(1280);
  await shot(page, 'played-1280');
  await axe();

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByText('Thanks for playing', { exact: true })).toBeVisible();
  scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(375);
  await shot(page, 'played-375');
  await axe();
});

test('a round that teed off an hour ago is not thanked for yet: it can still be being played', async ({
  page,
}) => {
  const { inPlay } = await readPastBooking();
  if (!inPlay) throw new Error('the seed wrote no in-play booking');
  expect(new Date(inPlay.teeTime).getTime(), 'the round has teed off').toBeLessThan(Date.now());

  await page.goto(`/confirmation/${inPlay.bookingNumber}`);
  await page.getByLabel('PIN code').fill(inPlay.pin);
  await page.getByRole('button', { name: 'View booking' }).click();
  await expect(page.getByRole('heading', { level: 1, name: HEADING })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Booking details' }).getByText(inPlay.bookingNumber),
  ).toBeVisible();
  // Thanked once the last round can have finished (tee time plus four hours on Burnside), not at its tee time.
  await expect(page.getByText('Thanks for playing', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Need to make changes?' })).toBeVisible();
});

test('a cancelled booking says only that it is cancelled, when and why', async ({ page, axe }) => {
  const { cancelled } = await readPastBooking();
  expect(cancelled, 'the seed writes a cancelled booking').toBeDefined();
  const booking = cancelled!;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/confirmation/${booking.bookingNumber}`);
  await expect(page.getByRole('heading', { level: 1, name: PIN_HEADING })).toBeVisible();
  await page.getByLabel('PIN code').fill(booking.pin);
  await page.keyboard.press('Enter');

  await expect(
    page.getByRole('heading', { level: 1, name: 'This booking has been cancelled' }),
  ).toBeVisible();
  // When (yesterday, UK date) and why.
  const yesterday = formatLongDate(addDays(todayInLondon(), -1));
  await expect(page.getByText(`Cancelled on ${yesterday}`, { exact: true })).toBeVisible();
  await expect(page.getByText(/The payment due on it was not received by its deadline/)).toBeVisible();
  // Which rounds it held, so the golfer knows which booking this was.
  await expect(page.getByText(booking.courseName, { exact: true })).toBeVisible();
  await expect(page.getByText(ukTeeTime(booking.teeTime), { exact: true })).toBeVisible();
  // Nothing of a live booking: no confirmation, no payment asked for, no caddies, no calendar.
  await expect(page.getByText(HEADING)).toHaveCount(0);
  await expect(page.getByText('A payment is due on this booking')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Manage your caddies' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Add to calendar' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Book new tee times' })).toBeVisible();
  await shot(page, 'cancelled-1280');
  await axe();

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByText(`Cancelled on ${yesterday}`, { exact: true })).toBeVisible();
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(375);
  await shot(page, 'cancelled-375');
});
