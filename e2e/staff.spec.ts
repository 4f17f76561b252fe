import { readFile } from 'node:fs/promises';
import { ADMIN_STAFF_PAGES } from '@links/shared/test/staff-pages';
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, saveScreenshot, test } from './support/fixtures.ts';
import { DEPOSIT_OPERATOR } from './support/operator-accounts.ts';
import { signIn } from './support/operator-auth.ts';
import { resetLinkIn, waitForEmail } from './support/operator-outbox.ts';
import { createOfflineOperatorBooking, createPaidBooking, findSlot } from './support/paid-booking.ts';
import { readPastBooking } from './support/past-booking.ts';
import { E2E_STAFF_ADMIN } from './support/staff-accounts.ts';
import { COURSES, getDiary, seedBooking, ukDate, ukTime, weekdayAhead } from './support/step-one-api.ts';

// Issue 22, staff sign-in: the first administrator (made with `npm run staff -- create`) signs in with the password,
// enrols an authenticator app from the key the page shows, signs in with its code, manages staff users, reads the
// audit log and signs out. The codes are computed here from that key, as an authenticator app does.

function codeFor(key: string, at = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(key.replaceAll(' ', '')), digits: 6, period: 30 }).generate({
    timestamp: at,
  });
}

const BUDDON_LINKS = COURSES.buddonLinks.id;
const NEW_OPERATOR = {
  company: 'Carnoustie Country Breaks',
  username: 'e2e-new-operator',
  email: 'desk@e2e-new-operator.example',
  password: 'Country-Breaks-2026!',
};

async function signInWithPassword(page: Page) {
  await page.goto('/staff');
  const form = page.getByRole('form', { name: 'Staff sign-in' });
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
  await form.getByLabel('Username').fill(E2E_STAFF_ADMIN.username);
  await form.getByLabel('Password', { exact: true }).fill(E2E_STAFF_ADMIN.password);
  await form.getByRole('button', { name: 'Continue' }).click();
}

test.describe.configure({ mode: 'serial' });

/** The key the first journey enrolled (serial: the same worker runs the phone journey next). */
let enrolledKey = '';

test('the first admin enrols an authenticator app, signs in with its code, adds a user, reads the audit log', async ({
  page,
  axe,
}) => {
  // One admin's whole first day: enrolment, tee sheet, blocks, bookings, users, operators, audit, operations.
  test.setTimeout(180_000);
  await signInWithPassword(page);
  await expect(page.getByRole('heading', { name: 'Set up your authenticator app' })).toBeFocused();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const key = (await page.locator('code').first().textContent()) ?? '';
  expect(key.replaceAll(' ', '')).toMatch(/^[A-Z2-7]{16,}$/);
  enrolledKey = key;
  await saveScreenshot(page, 'staff-enrol-1280');
  await axe();

  // A wrong code is refused without saying which part was wrong.
  await page.getByLabel('Authentication code').fill('000000' === codeFor(key) ? '111111' : '000000');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'That code did not work' })).toBeVisible();
  await page.getByLabel('Authentication code').fill(codeFor(key));
  await page.getByRole('button', { name: 'Sign in' }).click();

  const nav = page.getByRole('navigation', { name: 'Staff pages' });
  await expect(nav.getByRole('link')).toHaveText(ADMIN_STAFF_PAGES);
  await expect(page).toHaveURL(/\/staff\/tee-sheet$/);
  await expect(nav.getByRole('link', { name: 'Tee sheet' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 1, name: 'Tee sheet' })).toBeVisible();

  // The tee sheet shows a visitor's hold made elsewhere within seconds, without a reload.
  // On a far weekday on the Buddon Links, which no other journey books.
  const date = weekdayAhead(50, 2);
  const [slot] = await getDiary(page.request, BUDDON_LINKS, date);
  expect(slot, `a Buddon Links slot on ${date}`).toBeDefined();
  const time = ukTime(slot!.slot_date_time);
  await page.getByLabel('Date').fill(date);
  await page.getByLabel('Course').selectOption({ label: 'Buddon Links Course' });
  await expect(page).toHaveURL(new RegExp(`course=${BUDDON_LINKS}&date=${date}$`));
  const sheet = page.getByRole('table', { name: /^Tee sheet for Buddon Links Course/ });
  const group = sheet.getByRole('rowgroup').filter({ has: page.getByRole('rowheader', { name: time }) });
  await expect(group).toContainText('4 of 4');
  await expect(group).toContainText('Free');

  // Another visitor holds three places through the public API; the open sheet shows it on its next refresh.
  await seedBooking([{ courseId: BUDDON_LINKS, slotId: slot!.id }], 3);
  await expect(group).toContainText('1 of 4', { timeout: 5_000 });
  await expect(group.getByRole('row')).toHaveCount(1);
  await expect(group).toContainText('Held');
  await expect(group).toContainText('No details yet');
  await saveScreenshot(page, 'staff-tee-sheet-1280');
  await axe();

  // The CSV carries the same lines; the print is the sheet alone on one A4 page.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`tee-sheet-buddon-links-course-${date}.csv`);
  const csv = (await readFile((await file.path()) as string, 'utf8')).split('\r\n');
  expect(csv[0]).toBe(
    '\uFEFFDate,Course,Time,Capacity,Places left,State,Block,Booking,Lead golfer,Golfers,Player types,Operator,Caddies,Notes,Payable,Paid,Arrived,No-shows',
  );
  expect(csv.find((line) => line.includes(`,${time},`))).toMatch(
    new RegExp(`^${date},Buddon Links Course,${time},4,1,Held,,\\d+,,3,Adult; Adult; Adult,`),
  );
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Staff pages' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeHidden();
  await saveScreenshot(page, 'staff-tee-sheet-print');
  const pdf = (await page.pdf({ format: 'A4', preferCSSPageSize: true })).toString('latin1');
  expect(pdf.match(/\/Type\s*\/Page\b/g)).toHaveLength(1);
  await page.emulateMedia({ media: 'screen' });

  // On the day, the starter checks golfers in: the booking teeing off an hour ago on the Burnside.
  const inPlay = (await readPastBooking()).inPlay;
  expect(inPlay, 'the e2e seed has a booking in play').toBeDefined();
  await page.goto(
    `/staff/tee-sheet?course=${COURSES.burnside.id}&date=${ukDate(Date.parse(inPlay!.teeTime))}`,
  );
  const arrived = page.getByRole('button', { name: `Arrived: golfer 1 of booking ${inPlay!.bookingNumber}` });
  await expect(arrived).toHaveAttribute('aria-pressed', 'false');
  const totals = page.getByRole('list', { name: 'The day in numbers' });
  const arrivedBefore = Number((await totals.getByText(/arrived$/).textContent())?.match(/\d+/)?.[0]);
  await arrived.click();
  await expect(
    page.getByRole('status').filter({ hasText: `Golfer 1 of booking ${inPlay!.bookingNumber}: arrived.` }),
  ).toBeVisible();
  await expect(arrived).toHaveAttribute('aria-pressed', 'true');
  await expect(totals.getByText(/arrived$/)).toHaveText(`${arrivedBefore + 1} arrived`);
  await saveScreenshot(page, 'staff-check-in-1280');
  await axe();
  // Pressed again: expected once more.
  await arrived.click();
  await expect(arrived).toHaveAttribute('aria-pressed', 'false');

  // A day blocked for a competition leaves the public tee sheet at once, and comes back when unblocked.
  const blockDay = weekdayAhead(50, 4);
  const onSale = (await getDiary(page.request, BUDDON_LINKS, blockDay)).length;
  expect(onSale).toBeGreaterThan(0);
  await page.goto(`/staff/tee-sheet?course=${BUDDON_LINKS}&date=${blockDay}`);
  await page.getByRole('button', { name: 'Block tee times' }).click();
  const panel = page.getByRole('region', { name: 'Block tee times on the Buddon Links Course' });
  await panel.getByLabel('Reason').selectOption({ label: 'Competition' });
  await panel.getByLabel(/^Note/).fill('Autumn Medal');
  await panel.getByRole('button', { name: 'Check period' }).click();
  await expect(panel.getByText(`This takes ${onSale} tee times out of sale.`)).toBeVisible();
  await saveScreenshot(page, 'staff-block-1280');
  await axe();
  await panel.getByRole('button', { name: 'Block these tee times' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: /^Blocked .* \(all day\): Competition\.$/ }),
  ).toBeVisible();
  expect(await getDiary(page.request, BUDDON_LINKS, blockDay)).toEqual([]);
  const sheetRows = page.getByRole('table', { name: /^Tee sheet for Buddon Links Course/ });
  await expect(sheetRows.getByText('Competition: Autumn Medal').first()).toBeVisible();
  await page.getByRole('button', { name: /^Unblock / }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'the tee times are on sale again.' }),
  ).toBeVisible();
  expect(await getDiary(page.request, BUDDON_LINKS, blockDay)).toHaveLength(onSale);

  // The booking checked in above, found by its lead's surname, and opened from its number.
  await nav.getByRole('link', { name: 'Bookings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
  await page.getByLabel('Number, name, e-mail, phone or operator').fill('Fairlie');
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page).toHaveURL(/\/staff\/bookings\?q=Fairlie$/);
  const found = page.getByRole('table', { name: 'Bookings found' });
  await found.getByRole('link', { name: inPlay!.bookingNumber }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Booking ${inPlay!.bookingNumber}` }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Rounds', exact: true })).toContainText('Burnside Course');
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline).toContainText(`${E2E_STAFF_ADMIN.name} Golfer 1 marked arrived`);
  await expect(timeline).toContainText(`${E2E_STAFF_ADMIN.name} Golfer 1 marked expected`);
  await saveScreenshot(page, 'staff-booking-1280');
  await axe();

  // A tour operator's pay-later booking: the desk records £10.00 taken by phone and gives the balance a later date.
  const termsSlot = await findSlot(page.request, COURSES.championship.id, 2, 24 * 71, 24 * 78);
  const onTerms = await createOfflineOperatorBooking({
    username: DEPOSIT_OPERATOR.username,
    password: DEPOSIT_OPERATOR.password,
    rounds: [{ courseId: COURSES.championship.id, slot: termsSlot }],
  });
  await page.goto(`/staff/bookings/${onTerms.bookingNumber}`);
  const record = page.getByRole('form', { name: 'Record a payment' });
  await record.getByLabel(/^Amount/).fill('10');
  await record.getByLabel(/^Reference/).fill('PDQ 0042');
  await record.getByRole('button', { name: 'Record payment' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: /^Recorded £10\.00 by phone\. Paid £10\.00 of £/ }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Payments and refunds' })).toContainText('PDQ 0042');
  const dueBy = ukDate(Date.now() + 20 * 24 * 3_600_000);
  const due = page.getByRole('form', { name: 'Change the due date' });
  await due.getByLabel('Balance due by').fill(dueBy);
  await due.getByRole('button', { name: 'Set due date' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^The balance is now due by / })).toBeVisible();
  // The golfers' names the operator has not given yet, entered by the desk; the invoice of the phone payment.
  const names = page.getByRole('form', { name: "Golfers' names" });
  await names.getByLabel('Golfer 1 (Adult)').fill('Tom Watson');
  await names.getByRole('button', { name: 'Save names' }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 name saved.' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Timeline' })).toContainText("Golfer 1 named 'Tom Watson'");
  await expect(
    page
      .getByRole('region', { name: 'Payments and refunds' })
      .getByRole('link', { name: /^Invoice INV-\d{6}$/ }),
  ).toHaveCount(1);
  await saveScreenshot(page, 'staff-booking-money-1280');
  await axe();

  // A visitor's paid booking, cancelled with a partial refund: the tee time is back on the public sheet.
  const paidSlot = await findSlot(page.request, COURSES.burnside.id, 2, 24 * 21, 24 * 28);
  const paid = await createPaidBooking({ rounds: [{ courseId: COURSES.burnside.id, slot: paidSlot }] });
  // Golfers on the Burnside that day, over every tee time.
  const placesLeft = async () =>
    (await getDiary(page.request, COURSES.burnside.id, ukDate(Date.parse(paidSlot.slot_date_time)))).reduce(
      (sum, candidate) => sum + candidate.bookings.reduce((inSlot, entry) => inSlot + entry.players, 0),
      0,
    );
  const takenBefore = await placesLeft();
  await page.goto(`/staff/bookings/${paid.bookingNumber}`);
  // First moved to another tee time that day (the golfer asked), then cancelled.
  const moveForm = page.getByRole('form', { name: 'Move the Burnside Course round' });
  const newTime = moveForm.getByLabel('New tee time on the Burnside Course');
  await expect(newTime.locator('option').nth(1)).toBeAttached();
  await newTime.selectOption({ index: 1 });
  await moveForm.getByRole('button', { name: 'Move round' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /^The Burnside Course round moved from \d\d:\d\d to \d\d:\d\d\./ }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('Round moved from');
  expect(await placesLeft()).toBe(takenBefore);
  // Then a friend joins at a senior's rate, on an empty tee time: priced again, the difference left due.
  const change = page.getByRole('form', { name: 'Change rounds and golfers' });
  const changeTime = change.getByLabel('Tee time');
  const empty = changeTime.locator('option', { hasText: '(4 of 4 free)' }).first();
  await expect(empty).toBeAttached();
  await changeTime.selectOption((await empty.getAttribute('value')) ?? '');
  await change.getByRole('button', { name: 'Add a golfer' }).click();
  await change.getByLabel('Golfer 3').selectOption({ label: 'Senior (65 and over)' });
  await change.getByLabel('Reason for the change').fill('A friend joins');
  await change.getByRole('button', { name: 'Preview change' }).click();
  const priced = page.getByRole('status').filter({ hasText: /^New total £[\d,.]+ \(was £[\d,.]+, up £/ });
  await expect(priced).toContainText('will be due, to take by phone or at the desk.');
  await saveScreenshot(page, 'staff-booking-change-1280');
  await axe();
  await priced.getByRole('button', { name: 'Confirm change' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: new RegExp(`^Booking ${paid.bookingNumber} is changed: now £`) }),
  ).toContainText('is due. The golfer has been told.');
  await expect(page.getByRole('region', { name: 'Timeline' })).toContainText(
    'Booking changed: A friend joins (price up £',
  );
  expect(await placesLeft()).toBe(takenBefore + 1);
  const cancelForm = page.getByRole('form', { name: 'Cancel this booking' });
  await cancelForm.getByLabel(/^Reason/).fill('Golfer ill, agreed by phone');
  await cancelForm.getByLabel(/^Refund to the card/).fill('20');
  await cancelForm.getByRole('button', { name: 'Cancel booking' }).click();
  await page.getByRole('alert').getByRole('button', { name: 'Yes, cancel the booking' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `Booking ${paid.bookingNumber} is cancelled and £20.00 was refunded to the card.` }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `Booking ${paid.bookingNumber}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Payments and refunds' })).toContainText('−£20.00');
  await expect(page.getByRole('region', { name: 'Timeline' })).toContainText(
    'Booking cancelled: Golfer ill, agreed by phone (£20.00 refunded to the card)',
  );
  expect(await placesLeft()).toBe(takenBefore - 2);
  await saveScreenshot(page, 'staff-booking-cancelled-1280');
  await axe();

  // A caller on the phone: booked on a free Burnside tee time, confirmed at once with the price due at the desk.
  await nav.getByRole('link', { name: 'Bookings' }).click();
  await page.getByRole('link', { name: 'Book for a caller' }).click();
  const caller = page.getByRole('form', { name: 'Book for a caller' });
  await caller.getByLabel('Course').selectOption({ label: 'Burnside Course' });
  await caller.getByLabel('Day').fill(ukDate(Date.parse(paidSlot.slot_date_time)));
  const callerTime = caller.getByLabel('Tee time');
  const free = callerTime.locator('option', { hasText: '(4 of 4 free)' }).first();
  await expect(free).toBeAttached();
  await callerTime.selectOption((await free.getAttribute('value')) ?? '');
  for (const [label, value] of [
    ['First name', 'Willie'],
    ['Surname', 'Park'],
    ['E-mail', 'willie.park@example.com'],
    ['Telephone', '07400 123456'],
    ['Address line 1', '3 Links Parade'],
    ['Town or city', 'Carnoustie'],
    ['County or region', 'Angus'],
    ['Postcode', 'DD7 7JE'],
  ] as const) {
    await caller.getByLabel(label, { exact: true }).fill(value);
  }
  await saveScreenshot(page, 'staff-new-booking-1280');
  await axe();
  await caller.getByRole('button', { name: 'Book, to pay at the desk' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: /^Booking \d+ is confirmed: £[\d.,]+ to pay at the desk\./ }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Money' })).toContainText('To pay at the desk');
  await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('Booked for a caller');
  // The caller pays by card online instead: the desk e-mails the booking's link (no card numbers on the phone).
  await page
    .getByRole('form', { name: 'Pay by card online' })
    .getByRole('button', { name: 'E-mail a payment link' })
    .click();
  await expect(
    page.getByRole('status').filter({
      hasText: /^Payment link for £[\d.,]+ e-mailed to willie\.park@example\.com\.$/,
    }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Timeline' })).toContainText(
    /Payment link for £[\d.,]+ e-mailed/,
  );
  await saveScreenshot(page, 'staff-payment-link-1280');
  await axe();

  await nav.getByRole('link', { name: 'Staff users' }).click();
  await expect(nav.getByRole('link', { name: 'Staff users' })).toHaveAttribute('aria-current', 'page');
  const users = page.getByRole('table', { name: 'Staff users' });
  await expect(users.getByRole('rowheader', { name: new RegExp(E2E_STAFF_ADMIN.name) })).toBeVisible();

  // A reservations colleague, with a password made by the server and shown once.
  const add = page.getByRole('form', { name: 'Add a staff user' });
  await add.getByLabel('Name', { exact: true }).fill('Iain Reservations');
  await add.getByLabel('Username', { exact: true }).fill('e2e-iain');
  await add.getByLabel('E-mail').fill('iain@e2e-staff.example');
  await add.getByLabel('Role').selectOption({ label: 'Reservations' });
  await add.getByRole('button', { name: 'Add staff user' }).click();
  await expect(page.getByText('Iain Reservations was added', { exact: true })).toBeVisible();
  await expect(page.getByText(/Their one-time password is/)).toBeVisible();
  const iain = users.getByRole('row').filter({ hasText: 'e2e-iain' });
  await expect(iain).toContainText('Reservations');
  await expect(iain).toContainText('Not set up');
  await saveScreenshot(page, 'staff-users-1280');
  await axe();

  // The administrator makes Iain a starter; the audit log shows the sign-in, the new user and the role change.
  await iain.getByLabel('Role of Iain Reservations').selectOption({ label: 'Starter' });
  await expect(page.getByText('Iain Reservations is now Starter.')).toBeAttached();
  await nav.getByRole('link', { name: 'Tour operators' }).click();
  await expect(page.getByRole('table', { name: 'Tour operators' })).toContainText(DEPOSIT_OPERATOR.company);
  await saveScreenshot(page, 'staff-operators-1280');
  await axe();

  await nav.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const log = page.getByRole('table', { name: 'Audit log entries' });
  await expect(log.getByRole('row').filter({ hasText: 'role' }).first()).toContainText(
    '"reservations" → "starter"',
  );
  await expect(log).toContainText('sign_in');
  await saveScreenshot(page, 'staff-audit-1280');
  await axe();
  // Filtered by an action from the list: only the role change is left.
  const filter = page.getByRole('form', { name: 'Filter the audit log' });
  await filter.getByLabel('Action').selectOption({ label: 'Staff user: role changed' });
  await filter.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByText('1 entry, page 1 of 1', { exact: true })).toBeVisible();
  await expect(log.getByRole('row')).toHaveCount(2);
  await expect(log).toContainText('"reservations" → "starter"');

  // Operations: the outbox holds the e-mails of this journey's bookings; one is read as text.
  await nav.getByRole('link', { name: 'Operations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Operations' })).toBeVisible();
  const outbox = page.getByRole('table', { name: /^Outbox, page 1/ });
  await expect(outbox.getByRole('rowheader', { name: /^Booking \d+ has changed$/ }).first()).toBeVisible();
  await outbox
    .getByRole('button', { name: /^Read the message Booking \d+ has changed$/ })
    .first()
    .click();
  await expect(page.getByText(/As agreed with our reservations team/)).toBeVisible();
  await saveScreenshot(page, 'staff-operations-1280');
  await axe();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
  await page.goto('/staff/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the enrolled admin signs in with a code on a phone and changes nothing by mistake', async ({
    page,
    axe,
  }) => {
    expect(enrolledKey, 'the key enrolled by the journey before').not.toBe('');
    await signInWithPassword(page);
    // Enrolled already: the code step only, no key shown again.
    await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeFocused();
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toHaveCount(0);
    await saveScreenshot(page, 'staff-code-375');
    await axe();
    // The first journey used this time step's code, which is never good twice: the next step's (±1 step) is.
    await page.getByLabel('Authentication code').fill(codeFor(enrolledKey, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Sign in' }).click();
    const nav = page.getByRole('navigation', { name: 'Staff pages' });
    await page
      .getByRole('banner')
      .getByRole('link', { name: /: your account$/ })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
    await expect(page.getByText(E2E_STAFF_ADMIN.email)).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await saveScreenshot(page, 'staff-account-375');
    await axe();
    await nav.getByRole('link', { name: 'Bookings' }).click();
    await expect(page.getByRole('table', { name: 'Bookings found' })).toBeVisible();
    // A confirmed booking, whose page has every form (payments, changes, cancelling).
    // Playing from tomorrow: a played booking (the e2e seed has one) has no change form.
    const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA', {
      timeZone: 'Europe/London',
    });
    await page.getByLabel('Playing from').fill(tomorrow);
    await page.getByLabel('Status').selectOption({ label: 'Confirmed' });
    await page.getByRole('button', { name: 'Find' }).click();
    await expect(page).toHaveURL(/status=confirmed/);
    // The previous search's rows stay, dimmed, until this one has answered.
    await expect(page.getByRole('status').filter({ hasText: /^\d+ bookings?, page 1 of/ })).toBeVisible();
    await page.getByRole('table', { name: 'Bookings found' }).getByRole('link').first().click();
    await expect(page.getByRole('region', { name: 'Timeline' })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Change rounds and golfers' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await saveScreenshot(page, 'staff-booking-375');
    await axe();
    await nav.getByRole('link', { name: 'Tee sheet' }).click();
    await expect(page.getByRole('table', { name: /^Tee sheet for Championship Course/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await saveScreenshot(page, 'staff-tee-sheet-375');
    await axe();
    await nav.getByRole('link', { name: 'Staff users' }).click();
    await expect(page.getByRole('table', { name: 'Staff users' })).toBeVisible();
    // The table scrolls in its frame; the page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await saveScreenshot(page, 'staff-users-375');

    // The admin's other pages fit a phone too: the table frames scroll, the page never does.
    for (const [link, heading, shot] of [
      ['Prices', 'Prices', 'staff-prices-375'],
      ['Operations', 'Operations', 'staff-operations-375'],
    ] as const) {
      await nav.getByRole('link', { name: link }).click();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('table').first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await saveScreenshot(page, shot);
      await axe();
    }
    await nav.getByRole('link', { name: 'Bookings' }).click();
    await page.getByRole('link', { name: 'Book for a caller' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Book for a caller' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await saveScreenshot(page, 'staff-new-booking-375');
    await axe();

    // Tour operators: an account opened here; the operator chooses the password from the e-mail and signs in.
    await nav.getByRole('link', { name: 'Tour operators' }).click();
    const open = page.getByRole('form', { name: 'Open an account' });
    const since = new Date(Date.now() - 1000);
    await open.getByLabel('Company name').fill(NEW_OPERATOR.company);
    await open.getByLabel('Username').fill(NEW_OPERATOR.username);
    await open.getByLabel('E-mail').fill(NEW_OPERATOR.email);
    await open.getByLabel(/^Deposit/).fill('25');
    await open.getByRole('button', { name: 'Open the account' }).click();
    await expect(page.getByRole('status')).toContainText(`The account of ${NEW_OPERATOR.company} is open.`);
    const row = page
      .getByRole('table', { name: 'Tour operators' })
      .getByRole('row', { name: new RegExp(NEW_OPERATOR.company) });
    await expect(row).toContainText('Password not chosen yet');
    await expect(row).toContainText('25 %');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await saveScreenshot(page, 'staff-operators-375');
    await axe();
    await row.getByRole('link', { name: NEW_OPERATOR.company }).click();
    await expect(page.getByRole('heading', { level: 1, name: NEW_OPERATOR.company })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send the welcome link again' })).toBeVisible();
    await expect(page.getByText('No bookings yet.')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await saveScreenshot(page, 'staff-operator-375');
    await axe();

    const link = resetLinkIn(await waitForEmail(NEW_OPERATOR.email, /tour operator account$/, since));
    await page.goto(link);
    const reset = page.getByRole('form', { name: 'Reset password' });
    await reset.getByLabel('New password', { exact: true }).fill(NEW_OPERATOR.password);
    await reset.getByLabel('Confirm new password', { exact: true }).fill(NEW_OPERATOR.password);
    await reset.getByRole('button', { name: 'Update password' }).click();
    await expect(page.getByRole('heading', { name: 'Your password has been updated' })).toBeVisible();
    await signIn(page, NEW_OPERATOR.username, NEW_OPERATOR.password);
  });
});

test("the public pages never load the staff area's code", async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Create experience' })).toBeVisible();
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((path) => /\/staff[-.]/.test(path))).toEqual([]);
  // And /staff does load it.
  await page.goto('/staff');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
  expect(scripts.some((path) => /\/assets\/staff-[\w-]+\.js$/.test(path))).toBe(true);
});
