import { E2E_API_HEADERS } from './support/env.ts';
import { expect, saveScreenshot, test } from './support/fixtures.ts';
import { chooseStepOne } from './support/journey-step-one.ts';
import { createPaidBooking, findSlot } from './support/paid-booking.ts';
import { signInOpsAdmin } from './support/staff-sign-in.ts';
import { COURSES, inApiSession, ukDate, ukTime, xsrfHeaders } from './support/step-one-api.ts';
import { summary } from './support/step-one-page.ts';

// Issue 23, done means: a green fee changed in the staff area changes what the public flow charges for a new booking,
// and not for one already made. Prices are server-wide, so this runs in the 'global-state' project, alone.

const BURNSIDE = COURSES.burnside;

/** What the public flow quotes one adult on the Burnside that day, in pence. */
function publicQuote(date: string): Promise<number> {
  return inApiSession(async (request) => {
    const response = await request.post('/v1/tickets/prices', {
      headers: await xsrfHeaders(request),
      data: {
        golfers: [{ id: 1, playerTypeId: 1 }],
        courses: [{ id: BURNSIDE.id, teeTime: { date } }],
      },
    });
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as { data: { totals: { payable: number } } }).data.totals.payable;
  });
}

const pounds = (pence: number) => `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`;

test('a green fee changed by an admin changes what a new booking costs, not one already made', async ({
  page,
  browser,
  axe,
}) => {
  test.setTimeout(150_000);
  const [slot, later] = await inApiSession(async (request) => [
    await findSlot(request, BURNSIDE.id, 1, 24 * 20, 24 * 27),
    await findSlot(request, BURNSIDE.id, 1, 24 * 20, 24 * 27),
  ]);
  const date = ukDate(Date.parse(slot!.slot_date_time));
  const laterDate = ukDate(Date.parse(later!.slot_date_time));
  const oldFee = await publicQuote(date);
  const first = await createPaidBooking({ rounds: [{ courseId: BURNSIDE.id, slot: slot! }], golfers: 1 });

  await signInOpsAdmin(page);
  const nav = page.getByRole('navigation', { name: 'Staff pages' });
  await nav.getByRole('link', { name: 'Prices' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Prices' })).toBeVisible();
  // The season of the day of play (the page opens on today's).
  const prices = await page.request.get('/v1/staff/prices', { headers: E2E_API_HEADERS });
  const { seasons } = (
    (await prices.json()) as {
      data: { seasons: { name: string; start_date: string; end_date: string }[] };
    }
  ).data;
  const season = seasons.find((each) => each.start_date <= date && date <= each.end_date);
  expect(season, `a season holds ${date}`).toBeDefined();
  await page.getByLabel('Season', { exact: true }).selectOption({ label: season!.name });
  const fees = page.getByRole('table', { name: `Green fees, ${season!.name}` });
  await expect(fees.getByRole('row', { name: /Burnside Course/ })).toContainText(pounds(oldFee));

  const newFee = oldFee + 1_000;
  const form = page.getByRole('form', { name: 'Change a green fee' });
  await form.getByLabel('Course').selectOption({ label: BURNSIDE.name });
  await form.getByLabel('Player type').selectOption({ label: 'Adult' });
  await form.getByLabel(/New price/).fill((newFee / 100).toFixed(2));
  await form.getByRole('button', { name: 'Save the green fee' }).click();
  await expect(page.getByRole('status')).toContainText(
    `is now ${pounds(newFee)}, for bookings made from now on.`,
  );
  await expect(fees.getByRole('row', { name: /Burnside Course/ })).toContainText(pounds(newFee));
  const changes = page.getByRole('table', { name: 'Price changes, newest first' });
  await expect(changes.getByRole('row').nth(1)).toContainText(
    `Green fee: ${BURNSIDE.name}, Adult, ${season!.name}${pounds(oldFee)}${pounds(newFee)}`,
  );
  await saveScreenshot(page, 'staff-prices-1280');
  await axe();

  // The public flow quotes and charges the new fee for a new booking: on step 1 as a visitor sees it ...
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await chooseStepOne(visitor, {
    golfers: 1,
    date: laterDate,
    rounds: [{ course: BURNSIDE.name, time: ukTime(later!.slot_date_time) }],
  });
  await expect(summary(visitor)).toContainText(`Total Payable${pounds(newFee)}`);
  await visitorContext.close();
  expect(await publicQuote(laterDate)).toBe(newFee);
  const second = await createPaidBooking({ rounds: [{ courseId: BURNSIDE.id, slot: later! }], golfers: 1 });
  const money = page.getByRole('region', { name: 'Money' });
  await page.goto(`/staff/bookings/${second.bookingNumber}`);
  await expect(money).toContainText(`Total payable${pounds(newFee)}`);
  // ... and the booking made before keeps its price.
  await page.goto(`/staff/bookings/${first.bookingNumber}`);
  await expect(money).toContainText(`Total payable${pounds(oldFee)}`);

  // Put the fee back, as the resort would after a trial.
  await nav.getByRole('link', { name: 'Prices' }).click();
  await page.getByLabel('Season', { exact: true }).selectOption({ label: season!.name });
  await form.getByLabel('Course').selectOption({ label: BURNSIDE.name });
  await form.getByLabel(/New price/).fill((oldFee / 100).toFixed(2));
  await form.getByRole('button', { name: 'Save the green fee' }).click();
  await expect(page.getByRole('status')).toContainText(`is now ${pounds(oldFee)}`);
});
