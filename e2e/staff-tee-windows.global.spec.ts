import { E2E_API_HEADERS } from './support/env.ts';
import { expect, saveScreenshot, test } from './support/fixtures.ts';
import { createPaidBooking, findSlot } from './support/paid-booking.ts';
import { signInOpsAdmin } from './support/staff-sign-in.ts';
import { COURSES, inApiSession, ukDate } from './support/step-one-api.ts';

// Issue 23, tee windows: an admin gives one day of the Burnside a late-evening-only window. The check lists the paid
// booking the change would leave outside every window and the day's tee times before and after; once applied the
// public diary offers only the evening, the booking keeps its tee time and is listed (and marked on the tee sheet)
// for moving. Removing the adjustment puts the day back as it was. A 'global-state' journey: it changes what every
// visitor is offered that day, so it runs alone.

const BURNSIDE = COURSES.burnside;
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const LONDON = { timeZone: 'Europe/London' } as const;
const hourMinute = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { ...LONDON, hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

const publicTimes = (date: string) =>
  inApiSession(async (request) => {
    const response = await request.get(`/v1/courses/${BURNSIDE.id}/diary?start_date=${date}&slot_type=1`, {
      headers: E2E_API_HEADERS,
    });
    expect(response.status()).toBe(200);
    const slots = ((await response.json()) as { data: { slot_date_time: string }[] }).data;
    return slots
      .filter((slot) => ukDate(Date.parse(slot.slot_date_time)) === date)
      .map((slot) => hourMinute(slot.slot_date_time));
  });

test('tee windows: a one-day adjustment checked, applied over a booking kept for moving, then removed', async ({
  page,
  axe,
}) => {
  test.setTimeout(150_000);
  const slot = await inApiSession((request) => findSlot(request, BURNSIDE.id, 2, 24 * 20, 24 * 27));
  const booking = await createPaidBooking({ rounds: [{ courseId: BURNSIDE.id, slot: slot! }], golfers: 2 });
  const date = ukDate(Date.parse(slot!.slot_date_time));
  const weekday = new Intl.DateTimeFormat('en-GB', { ...LONDON, weekday: 'long' }).format(
    new Date(slot!.slot_date_time),
  );
  const before = await publicTimes(date);
  expect(before).toContain(hourMinute(slot!.slot_date_time));

  await signInOpsAdmin(page);
  await page
    .getByRole('navigation', { name: 'Staff pages' })
    .getByRole('link', { name: 'Tee windows' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tee windows' })).toBeVisible();
  await page.getByLabel('Course').selectOption({ label: BURNSIDE.name });
  await expect(
    page.getByRole('table', { name: /Standing tee windows of the Burnside Course/ }),
  ).toBeVisible();

  const form = page.getByRole('form', { name: 'Change tee windows' });
  for (const day of WEEKDAYS) await form.getByLabel(day, { exact: true }).setChecked(day === weekday);
  await form.getByLabel(/^From/).fill(date);
  await form.getByLabel(/^Until/).fill(date);
  const firsts = form.getByLabel(/^First tee time/);
  const lasts = form.getByLabel(/^Last tee time/);
  await firsts.nth(0).fill('18:00');
  await lasts.nth(0).fill('18:30');
  await form.getByLabel(/^Day to show/).fill(date);
  await form.getByRole('button', { name: 'Check the change' }).click();

  const check = page.getByRole('status').filter({ hasText: 'taken out of sale' });
  await expect(check).toContainText('4 tee times added');
  await expect(check.getByRole('row', { name: /^After the change/ })).toContainText(
    '18:00 18:10 18:20 18:30',
  );
  await expect(check.getByRole('row', { name: /^Now/ })).toContainText(hourMinute(slot!.slot_date_time));
  // Ours, and any other journey's booking that day: each listed, none dropped.
  await expect(check).toContainText(/\d+ bookings? would be outside the tee times\./);
  await expect(check.getByRole('link', { name: booking.bookingNumber })).toBeVisible();
  // Checked, not applied: the public still sees the day as it was.
  expect(await publicTimes(date)).toEqual(before);
  await saveScreenshot(page, 'staff-tee-windows-check-1280');
  await axe();

  await check.getByRole('button', { name: 'Apply anyway' }).click();
  await expect(
    page.getByText(/^Tee windows of the Burnside Course changed: 4 tee times added/),
  ).toBeVisible();
  expect(await publicTimes(date)).toEqual(['18:00', '18:10', '18:20', '18:30']);
  const outside = page.getByRole('region', { name: 'Bookings outside the tee times' });
  await expect(outside.getByRole('link', { name: booking.bookingNumber })).toBeVisible();
  await expect(page.getByRole('table', { name: /Tee windows for dates/ })).toContainText('18:00 to 18:30');
  await saveScreenshot(page, 'staff-tee-windows-1280');
  await axe();

  // The tee sheet keeps the booked tee time, marked for moving.
  await page.goto(`/staff/tee-sheet?course=${BURNSIDE.id}&date=${date}`);
  await expect(
    page.getByRole('rowheader', { name: `${hourMinute(slot!.slot_date_time)} Outside tee times: move` }),
  ).toBeVisible();

  // Removing the adjustment (no windows for those dates) gives the day back its standing tee times.
  await page
    .getByRole('navigation', { name: 'Staff pages' })
    .getByRole('link', { name: 'Tee windows' })
    .click();
  await page.getByLabel('Course').selectOption({ label: BURNSIDE.name });
  for (const day of WEEKDAYS) await form.getByLabel(day, { exact: true }).setChecked(day === weekday);
  await form.getByLabel(/^From/).fill(date);
  await form.getByLabel(/^Until/).fill(date);
  await expect(firsts.nth(0)).toHaveValue('18:00');
  await firsts.nth(0).fill('');
  await lasts.nth(0).fill('');
  await form.getByRole('button', { name: 'Check the change' }).click();
  await page.getByRole('button', { name: 'Apply the change' }).click();
  await expect(
    page.getByText(/^Tee windows of the Burnside Course changed: \d+ tee times added, 4 taken/),
  ).toBeVisible();
  expect(await publicTimes(date)).toEqual(before);
  await expect(page.getByRole('region', { name: 'Bookings outside the tee times' })).toHaveCount(0);

  await page.setViewportSize({ width: 375, height: 812 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await saveScreenshot(page, 'staff-tee-windows-375');
  await axe();
});
