import { readFile } from 'node:fs/promises';
import { addDays, formatLongDate, todayInLondon } from '@links/shared/uk-time';
import type { Page } from '@playwright/test';
import {
  expect,
  expectNoAxeViolations,
  saveScreenshot,
  screenshotAtBothWidths,
  test,
} from './support/fixtures.ts';
import { expectConfirmationPage, fillCard, payByCard, TEST_CARDS } from './support/journey-payment.ts';
import { ONE_TIME_OPERATOR, ONE_TIME_PASSWORD_SECRET } from './support/operator-accounts.ts';
import {
  DEPOSIT_OPERATOR,
  HEADER_OPERATOR_LABEL,
  logOut,
  PASSWORD_OPERATOR,
  signIn,
} from './support/operator-auth.ts';
import { bookingLinkIn, resetLinkIn, waitForEmail } from './support/operator-outbox.ts';
import { createOfflineOperatorBooking, findSlot } from './support/paid-booking.ts';
import { readPastBooking } from './support/past-booking.ts';
import { pdfText } from './support/pdf-text.ts';
import { readRunSecret } from './support/run-secrets.ts';
import { COURSES, inApiSession, weekdayAhead } from './support/step-one-api.ts';
import {
  chooseDate,
  continueButton,
  openStepOne,
  setGolferCount,
  slotButton,
  toggleCourse,
} from './support/step-one-page.ts';

// The tour-operator area (issue 7, spec sections 2 to 8): sign-in, the header and footer, forgot and reset
// password, manage account, log-out and booking on terms. The operators are made for the journeys by
// start-server.ts (support/operator-accounts.ts). Journeys that change a password use PASSWORD_OPERATOR and run in
// order (serial); everything else signs in as DEPOSIT_OPERATOR, whose password no journey changes.
// Booking journeys play on their own weekdays (weekdayAhead(33, n), weekdayAhead(40, n), weekdayAhead(24, n)) so they
// never meet the step-1 journeys (weekdayAhead(7, 0..8)) in a slot.

const RESET_SUBJECT = /Reset your .* tour operator password/;

/** The booking page lists two VAT invoices: the last is downloaded and read (its file name and its text). */
async function readLastOfTwoInvoices(page: Page): Promise<{ fileName: string; invoice: string }> {
  const documents = page
    .getByRole('region', { name: 'Payments' })
    .getByRole('link', { name: /^Invoice INV-\d{6}$/ });
  await expect(documents).toHaveCount(2);
  const download = page.waitForEvent('download');
  await documents.last().click();
  const file = await download;
  return {
    fileName: file.suggestedFilename(),
    invoice: pdfText(await readFile((await file.path()) as string)),
  };
}

/**
 * A pay-later booking by the deposit operator of a random Burnside tee time 40 to 70 days out with room for
 * `golfers` (made through the API, as the operator's own pages would).
 */
async function bookBurnsideForDepositOperator(golfers: number) {
  const slot = await inApiSession((request) =>
    findSlot(request, COURSES.burnside.id, golfers, 24 * 40, 24 * 70),
  );
  return createOfflineOperatorBooking({
    username: DEPOSIT_OPERATOR.username,
    password: DEPOSIT_OPERATOR.password,
    rounds: [{ courseId: COURSES.burnside.id, slot }],
  });
}

test.describe('sign-in page', () => {
  test('validation on change, a refused sign-in, the links, and the session check', async ({ page, axe }) => {
    // The session check is slowed so its loading states can be seen: long enough that expect's polling (up to 1 s
    // between looks) cannot miss them on a busy machine.
    await page.route('**/v1/user', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.continue();
    });
    await page.goto('/login');
    // The page shows at once (it arrives prerendered); only the header waits for the session check.
    await expect(page.getByRole('banner').getByRole('button', { name: 'Loading' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Tour Operator Login' })).toBeVisible();
    await expect(page.getByText('Preparing your experience')).toHaveCount(0);
    // The check answers (signed out): the header offers the sign-in it was loading.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Tour Operator Login' })).toBeVisible({
      timeout: 10_000,
    });
    await page.unroute('**/v1/user');

    const form = page.getByRole('form', { name: 'Tour Operator Login' });
    const username = form.getByRole('textbox', { name: 'Username' });
    const password = form.getByLabel('Password', { exact: true });
    await username.fill('someone');
    await username.fill('');
    await expect(form.getByText('Please enter a username address')).toBeVisible();
    await expect(username).toHaveAccessibleDescription(/Please enter a username address/);
    await password.fill('x');
    await password.fill('');
    await expect(form.getByText('Please enter your password')).toBeVisible();
    await axe();

    // An unknown account (never a real one: failures count towards its sign-in lock).
    await username.fill('no-such-operator');
    await password.fill('Not-The-Password-1!');
    await form.getByRole('button', { name: 'Sign in' }).click();
    const refusal = page
      .getByRole('alert')
      .filter({ hasText: 'There was an error when trying to log you in' });
    await expect(refusal).toBeVisible();
    await expect(refusal).toContainText(/./);
    await expect(page).toHaveURL(/\/login$/);
    await screenshotAtBothWidths(page, 'operator-login-error');
    await refusal.getByRole('button', { name: 'Dismiss message' }).click();
    await expect(refusal).toHaveCount(0);

    // The password can be shown to check it, and hidden again.
    await form.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await form.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');

    await screenshotAtBothWidths(page, 'operator-login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByRole('link', { name: 'Back to login form' }).click();
    await page.getByRole('main').getByRole('link', { name: 'Back to Online Booking' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('signed out, /manage-account goes to the login page in place of itself', async ({ page }) => {
    await page.goto('/');
    await page.goto('/manage-account');
    await expect(page).toHaveURL(/\/login$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('a signed-in operator', () => {
  test('sees the Tour Operator label and menu, and is sent away from login and reset', async ({ page }) => {
    await signIn(page, DEPOSIT_OPERATOR.username, DEPOSIT_OPERATOR.password);
    const header = page.getByRole('banner');
    await expect(header.getByText(HEADER_OPERATOR_LABEL)).toBeVisible();
    await expect(header.getByRole('link', { name: 'Manage Account' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Log out' })).toBeVisible();
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('button', { name: 'Log out' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Manage Account' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Tour Operator Login' })).toHaveCount(0);

    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/reset?t=anything&u=e2e-fairway');
    await expect(page).toHaveURL(/\/$/);
  });

  test('My Bookings lists their bookings with what is due, as a CSV file too, and opens one', async ({
    page,
  }) => {
    const made = await bookBurnsideForDepositOperator(2);
    await signIn(page, DEPOSIT_OPERATOR.username, DEPOSIT_OPERATOR.password);
    // In the operator's menu: the header's, and the footer's (the one a phone shows).
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'My Bookings' })).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: 'My Bookings' }).click();
    await expect(page).toHaveURL(/\/my-bookings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Bookings' })).toBeVisible();
    const row = page
      .getByRole('table', { name: 'Your upcoming bookings, soonest first' })
      .getByRole('row', { name: new RegExp(made.bookingNumber) });
    await expect(row).toContainText('Burnside Course');
    await expect(row).toContainText('Pay later');
    await expect(row).toContainText(/£[\d,]+\.\d\d by \d{1,2} \w{3} \d{4}/);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const csv = await readFile((await (await download).path()) as string, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('\uFEFFBooking,Status,Rounds,Golfers,Terms,Total,Paid,Due,Due by');
    expect(csv).toContain(`${made.bookingNumber},Confirmed,`);
    await screenshotAtBothWidths(page, 'operator-my-bookings');

    await page.getByRole('button', { name: 'Played' }).click();
    await expect(page.getByText(/^(No played bookings match\.|\d+ bookings?)$/)).toBeVisible();
    await page.getByRole('button', { name: 'Upcoming' }).click();
    await row.getByRole('link', { name: made.bookingNumber }).click();
    await expect(page).toHaveURL(new RegExp(`/confirmation/${made.bookingNumber}$`));
    await expect(page.getByText(made.bookingNumber).first()).toBeVisible();
  });

  test('pays what is due online: part from the e-mailed link without signing in (3-D Secure), the rest signed in', async ({
    page,
    browser,
  }) => {
    const made = await bookBurnsideForDepositOperator(3);
    const since = new Date();

    // A colleague's browser that never signed in opens the booking's signed link (the reminder e-mail's).
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const visitor = await context.newPage();
    await visitor.goto(made.signedPath);
    await expect(visitor.getByText('A payment is due on this booking')).toBeVisible();
    const section = visitor.getByRole('region', { name: 'Pay online' });
    const amount = section.getByLabel('Amount to pay (£)');
    const due = Number((await amount.inputValue()).trim());
    expect(due).toBeGreaterThan(2);
    await amount.fill('1000000');
    await section.getByRole('button', { name: 'Continue to card payment' }).click();
    await expect(section.getByText(/You can pay at most £[\d,]+\.\d\d, the amount due\./)).toBeVisible();
    await amount.fill('2.00');
    await section.getByRole('button', { name: 'Continue to card payment' }).click();
    await fillCard(visitor, TEST_CARDS.threeDSecure);
    await section.getByRole('button', { name: 'Pay £2.00' }).click();
    await expect(visitor.getByRole('heading', { name: 'Authenticate your payment' })).toBeVisible();
    await visitor.getByRole('button', { name: 'Complete authentication' }).click();
    // Back on the booking: recorded, announced, and the statement shows it; the secret left the address.
    const thanks = visitor
      .getByRole('status')
      .filter({ hasText: 'Thank you: your payment has been received' });
    await expect(thanks).toContainText(`£2.00 has been added to booking ${made.bookingNumber}`);
    await expect(visitor).toHaveURL(new RegExp(`/confirmation/${made.bookingNumber}$`));
    const payments = visitor.getByRole('table', { name: /Payments and refunds/ });
    await expect(payments).toContainText('Card payment');
    await expect(payments).toContainText('£2.00');
    const receipt = await waitForEmail(
      DEPOSIT_OPERATOR.email,
      new RegExp(`Payment received for booking ${made.bookingNumber}`),
      since,
    );
    expect(receipt).toContain('We have received your card payment of £2.00');
    await context.close();

    // The operator, signed in, opens it from My Bookings (no PIN) and pays the rest.
    await signIn(page, DEPOSIT_OPERATOR.username, DEPOSIT_OPERATOR.password);
    await page.goto('/my-bookings');
    await page.getByRole('link', { name: made.bookingNumber }).click();
    const own = page.getByRole('region', { name: 'Pay online' });
    await expect(own.getByLabel('Amount to pay (£)')).toHaveValue((due - 2).toFixed(2));
    await screenshotAtBothWidths(page, 'operator-pay-due');
    await own.getByRole('button', { name: 'Continue to card payment' }).click();
    await fillCard(page, TEST_CARDS.succeeds);
    await own.getByRole('button', { name: `Pay £${(due - 2).toFixed(2)}` }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Thank you: your payment has been received' }),
    ).toBeVisible();
    await expect(page.getByText('A payment is due on this booking')).toHaveCount(0);
    await expect(own.getByLabel('Amount to pay (£)')).toHaveCount(0);
    // A VAT invoice for each payment, downloaded from the booking page and read.
    const { fileName, invoice } = await readLastOfTwoInvoices(page);
    expect(fileName).toMatch(/^INV-\d{6}\.pdf$/);
    expect(invoice).toContain(`VAT invoice ${fileName.replace('.pdf', '')}`);
    expect(invoice).toContain('VAT registration number: GB 123 4567 89');
    expect(invoice).toContain(`£${(due - 2).toFixed(2)}`);
    expect(invoice.replaceAll('\n', '')).toContain(`Card payment for booking ${made.bookingNumber}`);

    // The golfers' names, by their deadline: saved, announced where the operator is looking.
    const names = page.getByRole('form', { name: "Golfers' names" });
    await expect(names).toContainText('2 of 2 names are missing.');
    await names.getByLabel('Golfer 1 (Adult)').fill('Ben Hogan');
    await names.getByRole('button', { name: 'Save names' }).click();
    await expect(names.getByRole('status')).toHaveText("The golfers' names have been saved.");
    await expect(names).toContainText('1 of 2 names are missing.');
    await expect(names.getByLabel('Golfer 1 (Adult)')).toHaveValue('Ben Hogan');
    await expectNoAxeViolations(page);
  });

  test("a deposit booking's balance paid from the reminder e-mail's link, its VAT invoice downloaded and read", async ({
    browser,
  }) => {
    // Seeded before the server started (seed-past-booking.ts): deposit paid 25 days ago, balance due in two days.
    // The payment-schedule job sends the reminder 3 days before the balance; the operator pays from its link.
    const seeded = (await readPastBooking()).depositDue;
    expect(seeded, 'seed-past-booking.ts seeds the deposit booking').toBeTruthy();
    const number = (seeded as { bookingNumber: string }).bookingNumber;
    const reminder = await waitForEmail(
      DEPOSIT_OPERATOR.email,
      new RegExp(`^Payment due on booking ${number}$`),
      new Date(0),
    );
    expect(reminder).toContain('A payment is due on your booking');
    const balance = /A payment of (£[\d,]+\.\d\d) is due on booking/.exec(reminder)?.[1];
    expect(balance, 'the reminder says how much is due').toBeTruthy();
    const since = new Date();

    // A browser that never signed in, as the operator's accounts office would open it.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const office = await context.newPage();
    await office.goto(bookingLinkIn(reminder));
    await expect(office.getByText('A payment is due on this booking')).toBeVisible();
    const section = office.getByRole('region', { name: 'Pay online' });
    await expect(section.getByLabel('Amount to pay (£)')).toHaveValue(
      (balance as string).replace(/[£,]/g, ''),
    );
    await section.getByRole('button', { name: 'Continue to card payment' }).click();
    await fillCard(office, TEST_CARDS.succeeds);
    await section.getByRole('button', { name: `Pay ${balance}` }).click();
    await expect(
      office.getByRole('status').filter({ hasText: 'Thank you: your payment has been received' }),
    ).toContainText(`${balance} has been added to booking ${number}`);
    await expect(office.getByText('A payment is due on this booking')).toHaveCount(0);
    const receipt = await waitForEmail(
      DEPOSIT_OPERATOR.email,
      new RegExp(`Payment received for booking ${number}`),
      since,
    );
    expect(receipt).toContain(`We have received your card payment of ${balance}`);

    // Two VAT invoices now, the deposit's and the balance's: the balance's downloaded and read.
    const { fileName, invoice } = await readLastOfTwoInvoices(office);
    expect(invoice).toContain(`VAT invoice ${fileName.replace('.pdf', '')}`);
    expect(invoice).toContain('VAT registration number: GB 123 4567 89');
    expect(invoice).toContain(balance as string);
    expect(invoice.replaceAll('\n', '')).toContain(`Card payment for booking ${number}`);
    // The paid booking at 1280 and 375, axe at both.
    await screenshotAtBothWidths(office, 'operator-reminder-paid');
    await context.close();
  });

  test('a log-out that fails says so and can be retried', async ({ page }) => {
    await signIn(page, DEPOSIT_OPERATOR.username, DEPOSIT_OPERATOR.password);
    await page.route('**/v1/logout', (route) => route.fulfill({ status: 500, body: '{}' }));
    await page.getByRole('contentinfo').getByRole('button', { name: 'Log out' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log out' });
    await expect(dialog.getByText("That's not right.")).toBeVisible();
    await expect(
      dialog.getByText('There was an unexpected error logging you out. Please try again.'),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('banner').getByText(HEADER_OPERATOR_LABEL)).toBeVisible();

    await page.unroute('**/v1/logout');
    await page.route('**/v1/logout', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.continue();
    });
    await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByRole('dialog', { name: 'Log out' }).getByText('Logging out...')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('banner').getByText(HEADER_OPERATOR_LABEL)).toHaveCount(0);
    // The session is gone on the server too.
    await page.goto('/manage-account');
    await expect(page).toHaveURL(/\/login$/);
  });
});

/** Step 1 for two golfers on Burnside at 14:30 on `date`, then Continue to step 2. */
async function bookStepOne(page: Page, date: string): Promise<void> {
  await openStepOne(page);
  await setGolferCount(page, 2);
  await toggleCourse(page, 'Burnside Course');
  await chooseDate(page, 'Burnside Course', date);
  await slotButton(page, 'Burnside Course', '14:30').click();
  await expect(continueButton(page)).toHaveText('Continue to contact details');
  await continueButton(page).click();
  await expect(page).toHaveURL(/\/contact-details$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Add contact details' })).toBeVisible();
}

test('a one-time password from the resort opens the account, which books nothing until the operator chooses their own', async ({
  page,
}) => {
  const oneTime = await readRunSecret(ONE_TIME_PASSWORD_SECRET);
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Tour Operator Login' });
  await form.getByRole('textbox', { name: 'Username' }).fill(ONE_TIME_OPERATOR.username);
  await form.getByLabel('Password', { exact: true }).fill(oneTime);
  await form.getByRole('button', { name: 'Sign in' }).click();

  // Straight to the account page, where the reason stands above the form and takes the focus.
  await expect(page).toHaveURL(/\/manage-account$/);
  const reason = page.getByRole('alert').filter({ hasText: 'Choose your own password' });
  await expect(reason).toBeVisible();
  expect(
    await reason.evaluate((alert) => alert.parentElement?.contains(document.activeElement) ?? false),
  ).toBe(true);
  await saveScreenshot(page, 'operator-one-time-password');

  // Booking is refused until then, with the way out in the message.
  await openStepOne(page);
  await setGolferCount(page, 2);
  await toggleCourse(page, 'Burnside Course');
  await chooseDate(page, 'Burnside Course', weekdayAhead(40, 2));
  await slotButton(page, 'Burnside Course', '14:30').click();
  await continueButton(page).click();
  await expect(
    page.getByText(/Please choose your own password on your account page before you book/),
  ).toBeVisible();
  await expect(page).not.toHaveURL(/\/contact-details$/);

  await page.goto('/manage-account');
  const passwords = page.getByRole('form', { name: 'Update Password' });
  await passwords.getByLabel('Current (one-time) password', { exact: true }).fill(oneTime);
  await passwords.getByLabel('New password', { exact: true }).fill('One-Time-Replaced-2026!');
  await passwords.getByLabel('Confirm new password', { exact: true }).fill('One-Time-Replaced-2026!');
  await passwords.getByRole('button', { name: 'Update password' }).click();
  await expect(
    passwords.getByRole('status').filter({ hasText: 'Your password was successfully updated!' }),
  ).toBeVisible();
  await expect(page.getByText('Choose your own password')).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Now the same booking, kept in the tab, goes through to step 2.
  await page.goto('/');
  await expect(continueButton(page)).toHaveText('Continue to contact details');
  await continueButton(page).click();
  await expect(page).toHaveURL(/\/contact-details$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Add contact details' })).toBeVisible();
});

test.describe('booking on terms', () => {
  test('a round within 30 days: deposit and pay later are disabled', async ({ page }) => {
    await signIn(page, DEPOSIT_OPERATOR.username, DEPOSIT_OPERATOR.password);
    await bookStepOne(page, weekdayAhead(24, 0));
    const methods = page.getByRole('group', { name: 'Payment method' });
    await expect(methods.getByRole('radio', { name: /Pay online/ })).toBeEnabled();
    await expect(methods.getByRole('radio', { name: /Pay a 50% deposit/ })).toBeDisabled();
    await expect(methods.getByRole('radio', { name: /Pay later/ })).toBeDisabled();
    await expect(methods.getByText('within 30 days', { exact: true })).toHaveCount(2);
    await expect(methods.getByText('Recommended')).toBeVisible();
  });

  test('the operator form, then a deposit booking with its balance due on the confirmation', async ({
    page,
  }) => {
    await signIn(page, DEPOSIT_OPERATOR.username, DEPOSIT_OPERATOR.password);
    await bookStepOne(page, weekdayAhead(33, 0));

    // The operator form replaces the individual one.
    await expect(page.getByRole('textbox', { name: 'Email address' })).toHaveCount(0);
    const firstName = page.getByRole('textbox', { name: 'First name' });
    const surname = page.getByRole('textbox', { name: 'Surname' });
    const country = page.getByRole('combobox', { name: 'Country', exact: true });
    const terms = page.getByRole('checkbox', { name: /I agree to the terms and conditions/ });
    const action = page.getByRole('button', { name: /^(Continue to payment|Confirm booking)$/ });
    await expect(action).toBeDisabled();

    // Each message of spec section 5, "Tour-operator contact form".
    await firstName.focus();
    await surname.focus();
    await country.focus();
    await terms.focus();
    await terms.check();
    await terms.uncheck();
    await firstName.focus();
    await expect(page.getByText('Please enter lead players first name')).toBeVisible();
    await expect(page.getByText('Please enter lead players last name')).toBeVisible();
    await expect(page.getByText('Please select a country')).toBeVisible();
    await expect(page.getByText('Please confirm you agree to the terms and conditions')).toBeVisible();

    const methods = page.getByRole('group', { name: 'Payment method' });
    await expect(methods.getByRole('radio')).toHaveCount(3);
    await expect(methods.getByRole('radio', { name: /Pay online/ })).toBeEnabled();
    await expect(methods.getByText('Recommended')).toBeVisible();
    const deposit = methods.getByRole('radio', { name: /Pay a 50% deposit/ });
    await expect(deposit).toBeEnabled();
    await expect(methods.getByRole('radio', { name: /Pay later/ })).toBeEnabled();
    await expect(methods.getByText('within 30 days', { exact: true })).toHaveCount(0);
    await expect(page.getByText(/Deposits are paid within one calendar month/)).toBeVisible();
    await expect(page.getByText(/Pay later means paying in full by phone within 30 days/)).toBeVisible();

    await firstName.fill('Morag');
    await surname.fill('Fairbairn');
    await country.selectOption({ label: 'United Kingdom' });
    await terms.check();
    await deposit.check();
    await expect(page.getByText('Please enter lead players first name')).toHaveCount(0);
    await expect(action).toHaveText('Continue to payment');
    await expect(action).toBeEnabled();
    await screenshotAtBothWidths(page, 'operator-step-2');

    // The deposit and the balance as the option states them (pence from the server's prices), with the date the
    // balance is due by the shared rule: 33 to 35 days out (more than 30, fewer than 42, whatever the weekday today),
    // the whole price within 7 days of booking (spec section 9), not '42 days before play'.
    const balanceDueBy = `by ${formatLongDate(addDays(todayInLondon(), 7))}`;
    const depositText = await methods.getByText(/by card now; the balance of/).textContent();
    const [, depositAmount, balance, dueBy] =
      /Pay (£[\d,.]+) by card now; the balance of (£[\d,.]+) is due (by .+)\.$/.exec(depositText ?? '') ?? [];
    expect(depositAmount, 'the deposit option names its amount').toBeTruthy();
    expect(balance, 'the deposit option names the balance').toBeTruthy();
    expect(dueBy).toBe(balanceDueBy);

    await action.click();
    await expect(page).toHaveURL(/\/payment-details/);
    await expect(page.getByRole('heading', { name: 'Make your payment' })).toBeVisible();
    // Step 3 says it takes a deposit, and what remains by when, as the server recorded it.
    const summary = page.getByRole('region', { name: 'Booking summary' });
    await expect(summary.getByText('Deposit to pay now')).toBeVisible();
    const balanceRow = summary.getByText(`Balance due ${balanceDueBy}`);
    await expect(balanceRow).toBeVisible();
    // The term's row carries its amount.
    await expect(balanceRow.locator('..')).toContainText(balance!);
    await saveScreenshot(page, 'operator-deposit-step-3');
    // Step 3 takes the deposit only.
    await payByCard(page, TEST_CARDS.succeeds, depositAmount);

    await expectConfirmationPage(page);
    const due = page.getByRole('alert').filter({ hasText: 'A payment is due on this booking' });
    await expect(due).toBeVisible();
    await expect(due).toContainText(`A balance of ${balance} remains to be paid`);
    await expect(page.getByRole('banner').getByText(HEADER_OPERATOR_LABEL)).toBeVisible();
    await saveScreenshot(page, 'operator-deposit-confirmation-1280');
  });
});

test('pay later: the booking is confirmed at once and the whole amount is due', async ({ page }) => {
  await signIn(page, DEPOSIT_OPERATOR.username, DEPOSIT_OPERATOR.password);
  await bookStepOne(page, weekdayAhead(33, 1));
  await page.getByRole('textbox', { name: 'First name' }).fill('Ewan');
  await page.getByRole('textbox', { name: 'Surname' }).fill('Lindsay');
  await page.getByRole('combobox', { name: 'Country', exact: true }).selectOption({ label: 'Ireland' });
  const methods = page.getByRole('group', { name: 'Payment method' });
  await methods.getByRole('radio', { name: /Pay later/ }).check();
  // 34 to 36 days out (fewer than 42 whatever today's weekday), the whole price is due within 7 days of booking
  // (spec section 9), and the option says when.
  const payable = new RegExp(
    `pay (£[\\d,.]+) by phone by ${formatLongDate(addDays(todayInLondon(), 7))}\\.$`,
  ).exec((await methods.getByText(/by phone by /).textContent()) ?? '')?.[1];
  expect(payable, 'the pay-later option names the amount and its date').toBeTruthy();
  await page.getByRole('checkbox', { name: /I agree to the terms and conditions/ }).check();
  const confirm = page.getByRole('button', { name: 'Confirm booking' });
  await expect(confirm).toBeEnabled();
  await confirm.click();

  // No card step: the server's confirmation page, with the whole amount due.
  await expectConfirmationPage(page, { paid: false });
  const due = page.getByRole('alert').filter({ hasText: 'A payment is due on this booking' });
  await expect(due).toContainText(`A balance of ${payable} remains to be paid`);
});

test('the header offers sign-in in the same upper case on a phone as on a desktop', async ({ page }) => {
  const transforms: string[] = [];
  for (const width of [1280, 375, 320]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    const login = page.getByRole('banner').getByRole('link', { name: 'Tour Operator Login' });
    await expect(login).toBeVisible();
    transforms.push(await login.evaluate((element) => getComputedStyle(element).textTransform));
    // On one line, inside the page.
    const box = await login.boundingBox();
    expect(box && box.x + box.width <= width && box.height < 48, `${width} px`).toBe(true);
  }
  expect(transforms).toEqual(['uppercase', 'uppercase', 'uppercase']);
});

test.describe('forgot password page', () => {
  test('the form, its message, and try again', async ({ page }) => {
    await page.goto('/forgot-password');
    const form = page.getByRole('form', { name: 'Forgot password' });
    const username = form.getByRole('textbox', { name: 'Username' });
    // The page arrives prerendered: its form validates once React has taken it over (the button is enabled then).
    await expect(form.getByRole('button', { name: 'Send reset link' })).toBeEnabled();
    await username.focus();
    await username.blur();
    await expect(form.getByText('Please enter a username')).toBeVisible();
    await expect(form.getByText(/wait five minutes before trying again/)).toBeVisible();
    await screenshotAtBothWidths(page, 'operator-forgot');

    // An unknown username gets the same answer as a real one.
    await username.fill('nobody-at-all');
    await form.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await screenshotAtBothWidths(page, 'operator-forgot-sent');
    await page.getByRole('button', { name: 'try again' }).click();
    await expect(page.getByRole('form', { name: 'Forgot password' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toHaveCount(0);
  });

  test('a link that is not valid shows Oops, Link Expired', async ({ page }) => {
    await page.goto('/reset?t=not-a-real-token&u=e2e-links');
    await expect(page.getByRole('heading', { name: 'Oops, Link Expired' })).toBeVisible();
    // The page's title says so too, rather than inviting a new password (issue 25 §19).
    await expect(page.getByRole('heading', { level: 1, name: 'Link expired' })).toBeVisible();
    await expect(page.getByText(/Choose a new password/)).toHaveCount(0);
    await expect(page.getByText('Your link has expired')).toBeVisible();
    await expect(
      page.getByText(
        'Sorry, the link you used has expired or is invalid. Please request a new password reset',
      ),
    ).toBeVisible();
    await screenshotAtBothWidths(page, 'operator-reset-expired');
    await page.getByRole('link', { name: 'Request a new link' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    // Without its parameters the page cannot be used either.
    await page.goto('/reset');
    await expect(page.getByRole('heading', { name: 'Oops, Link Expired' })).toBeVisible();
  });
});

test.describe('password journeys', () => {
  test.describe.configure({ mode: 'serial' });
  const operator = PASSWORD_OPERATOR;
  const newPassword = `Fresh-Tee-${Date.now() % 100000}!`;

  test('forgot password, reset from the e-mailed link, sign in with the new password', async ({ page }) => {
    const since = new Date(Date.now() - 1000);
    await page.goto('/forgot-password');
    const form = page.getByRole('form', { name: 'Forgot password' });
    await form.getByRole('textbox', { name: 'Username' }).fill(operator.username);
    await form.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

    const link = resetLinkIn(await waitForEmail(operator.email, RESET_SUBJECT, since));
    await page.goto(link);
    const reset = page.getByRole('form', { name: 'Reset password' });
    await expect(reset).toBeVisible();
    const password = reset.getByLabel('New password', { exact: true });
    const confirmation = reset.getByLabel('Confirm new password', { exact: true });

    // Validated on touch; the meter walks from the rough to a hole in one.
    await password.focus();
    await password.blur();
    await expect(reset.getByText('Please enter a new password')).toBeVisible();
    await password.fill('short');
    await expect(reset.getByText('Password is in the rough')).toBeVisible();
    await expect(reset.getByText('Password does not meet all criteria')).toBeVisible();
    await password.fill(newPassword);
    await expect(reset.getByText("Hole in one! That's a strong password")).toBeVisible();
    await confirmation.focus();
    await confirmation.blur();
    await expect(reset.getByText('Please confirm the new password')).toBeVisible();
    await confirmation.fill(`${newPassword}x`);
    await confirmation.blur();
    await expect(reset.getByText('Please make sure your passwords match')).toBeVisible();
    await confirmation.fill(newPassword);
    await screenshotAtBothWidths(page, 'operator-reset');
    await reset.getByRole('button', { name: 'Update password' }).click();

    await expect(page.getByRole('heading', { name: 'Your password has been updated' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Back to login', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);

    // The link works once.
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Oops, Link Expired' })).toBeVisible();

    await signIn(page, operator.username, newPassword);
  });

  test('manage account: details, password change, log out and sign in again', async ({ page }) => {
    await signIn(page, operator.username, newPassword);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Manage Account' }).click();
    await expect(page).toHaveURL(/\/manage-account$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Account' })).toBeVisible();
    await expect(page.getByText(`Welcome back, ${operator.company}.`)).toBeVisible();
    const summary = page.getByRole('complementary', { name: 'Summary' });
    await expect(summary).toContainText(operator.company);
    await expect(summary).toContainText('0%');
    await expect(summary.getByRole('link', { name: 'Back to booking' })).toBeVisible();

    const details = page.getByRole('form', { name: 'Account Details' });
    await expect(details.getByRole('textbox', { name: 'Company name' })).toHaveAttribute('readonly', '');
    await expect(details.getByRole('textbox', { name: 'Company name' })).toHaveValue(operator.company);
    const email = details.getByRole('textbox', { name: 'Email address' });
    await expect(email).toHaveValue(operator.email);
    await screenshotAtBothWidths(page, 'operator-manage-account');

    // Messages of spec section 5, "Account details form".
    await email.fill('not-an-email');
    await email.blur();
    await expect(details.getByText('Please enter a valid email address')).toBeVisible();
    await email.fill('');
    await expect(details.getByText('Please enter an email address')).toBeVisible();
    const phone = details.getByRole('textbox', { name: 'Telephone number' });
    await phone.fill('12345');
    await phone.blur();
    await expect(details.getByText('Please enter a valid telephone number')).toBeVisible();
    const city = details.getByRole('textbox', { name: 'City' });
    await city.focus();
    await city.blur();
    await expect(details.getByText('Please enter a city')).toBeVisible();
    await expectNoAxeViolations(page);

    // The CLI made the account with a company, username and e-mail only: the rest is filled in here.
    await email.fill('reservations@e2e-links.example');
    await details.getByRole('combobox', { name: 'Telephone country' }).selectOption('GB');
    await phone.fill('01241 853789');
    await phone.blur();
    await expect(phone).toHaveValue('+44 1241 853789');
    await details.getByRole('textbox', { name: 'Address line one' }).fill('3 Links Parade');
    await city.fill('Carnoustie');
    await details.getByRole('textbox', { name: 'Postcode' }).fill('DD7 7JE');
    await details
      .getByRole('combobox', { name: 'Country', exact: true })
      .selectOption({ label: 'United Kingdom' });
    await details.getByRole('button', { name: 'Save details' }).click();
    const saved = details
      .getByRole('status')
      .filter({ hasText: 'Your account details were successfully updated!' });
    await expect(saved).toBeVisible();
    // Issue 24: shown where the operator is looking, not above the window, with the focus on it.
    await expect(saved).toBeInViewport();
    expect(
      await saved.evaluate((banner) => banner.parentElement?.contains(document.activeElement) ?? false),
    ).toBe(true);
    await saved.getByRole('button', { name: 'Dismiss message' }).click();
    await expect(saved).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Email address' })).toHaveValue(
      'reservations@e2e-links.example',
    );
    await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('Carnoustie');
    // Shown formatted as it was saved, not raw as stored (issue 25 §19).
    await expect(page.getByRole('textbox', { name: 'Telephone number' })).toHaveValue('+44 1241 853789');

    // Messages of spec section 5, "Update password form"; then back to the original password.
    const passwords = page.getByRole('form', { name: 'Update Password' });
    const password = passwords.getByLabel('New password', { exact: true });
    const confirmation = passwords.getByLabel('Confirm new password', { exact: true });
    await password.fill('weak');
    await password.blur();
    await expect(passwords.getByText('Password does not meet all criteria')).toBeVisible();
    // The symbols of the criteria stay on one line (issue 25 §19).
    const symbols = passwords.getByText('!@#$%^&*(),.?":{}|<>', { exact: true });
    await expect(symbols).toBeVisible();
    expect(await symbols.evaluate((element) => element.getClientRects().length)).toBe(1);
    await password.fill(operator.password);
    await confirmation.fill('Something-Else-1!');
    await confirmation.blur();
    await expect(passwords.getByText('Passwords do not match')).toBeVisible();
    await expect(passwords.getByText('Please make sure your passwords match')).toBeVisible();
    await confirmation.fill(operator.password);
    // Issue 24: the current password first; a wrong one is said under its field, which takes the focus.
    const current = passwords.getByLabel('Current password', { exact: true });
    await current.fill('Not-My-Password-1!');
    await passwords.getByRole('button', { name: 'Update password' }).click();
    await expect(passwords.getByText('The current password you entered is incorrect.').first()).toBeVisible();
    await expect(current).toBeFocused();
    await current.fill(newPassword);
    await passwords.getByRole('button', { name: 'Update password' }).click();
    const changed = passwords
      .getByRole('status')
      .filter({ hasText: 'Your password was successfully updated!' });
    await expect(changed).toBeVisible();
    await expect(password).toHaveValue('');
    await expect(current).toHaveValue('');
    await expectNoAxeViolations(page);

    await logOut(page);
    await signIn(page, operator.username, operator.password);
  });
});

test('colleagues: the administrator invites one, who chooses a password and books for the company, then removes them', async ({
  page,
}) => {
  const since = new Date(Date.now() - 1000);
  const colleague = { name: 'Isla Grant', email: `isla.${Date.now() % 1_000_000}@e2e-fairway.example` };
  const password = `Isla-Tee-${Date.now() % 100000}!`;
  await signIn(page, DEPOSIT_OPERATOR.username, DEPOSIT_OPERATOR.password);
  await page.goto('/manage-account');
  const section = page.getByRole('region', { name: 'Colleagues' });
  await expect(section).toContainText(`books on ${DEPOSIT_OPERATOR.company}'s terms`);
  await section.getByLabel('Name').fill(colleague.name);
  await section.getByLabel('E-mail address').fill(colleague.email);
  await section.getByRole('button', { name: 'Send invitation' }).click();
  await expect(section.locator(':focus')).toContainText(`Invitation sent to ${colleague.email}.`);
  await expect(section.getByRole('row', { name: new RegExp(colleague.name) })).toContainText(
    'Invitation sent',
  );
  await screenshotAtBothWidths(page, 'operator-colleagues');
  await logOut(page);

  // The invitation: a link to choose a password; the username is the e-mail address.
  const invitation = await waitForEmail(colleague.email, /invited you to book/, since);
  expect(invitation).toContain(`Your username is ${colleague.email}`);
  await page.goto(resetLinkIn(invitation));
  const reset = page.getByRole('form', { name: 'Reset password' });
  await reset.getByLabel('New password', { exact: true }).fill(password);
  await reset.getByLabel('Confirm new password', { exact: true }).fill(password);
  await reset.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByRole('heading', { name: 'Your password has been updated' })).toBeVisible();

  // Signed in as themself, on the company's terms: its deposit, its details to read, no colleague controls.
  await signIn(page, colleague.email, password);
  await page.goto('/manage-account');
  const details = page.getByRole('region', { name: 'Company details' });
  await expect(details).toContainText(`${colleague.name} (${colleague.email})`);
  await expect(details).toContainText(DEPOSIT_OPERATOR.email);
  await expect(page.getByRole('complementary', { name: 'Summary' })).toContainText(
    `${DEPOSIT_OPERATOR.deposit}%`,
  );
  await expect(page.getByRole('region', { name: 'Colleagues' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save details' })).toHaveCount(0);
  await screenshotAtBothWidths(page, 'operator-colleague-account');
  await logOut(page);

  // Removed by the administrator: asked first, then gone, and their sign-in refused.
  await signIn(page, DEPOSIT_OPERATOR.username, DEPOSIT_OPERATOR.password);
  await page.goto('/manage-account');
  await section.getByRole('button', { name: `Remove ${colleague.name}` }).click();
  await section.getByRole('button', { name: `Yes, remove ${colleague.name}` }).click();
  await expect(section.locator(':focus')).toContainText(`${colleague.name} has been removed and signed out.`);
  await expect(section.getByRole('row', { name: new RegExp(colleague.name) })).toHaveCount(0);
  await logOut(page);
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Tour Operator Login' });
  await form.getByRole('textbox', { name: 'Username' }).fill(colleague.email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('The username or password you entered is incorrect.')).toBeVisible();
});
