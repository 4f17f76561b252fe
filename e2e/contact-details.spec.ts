import { INDIVIDUAL_CONTACT_MESSAGES as M } from '@links/shared/schemas/contact-details';
import { EMPTY_CONTACT_DETAILS_MESSAGES } from '@links/shared/test/contact-details-form';
import type { Page } from '@playwright/test';
import { GOLFER, seedStepTwo } from './support/booking-seed.ts';
import { expect, saveScreenshot, test } from './support/fixtures.ts';

const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue to payment' });

async function openStepTwo(page: Page, daysAhead: number) {
  const booking = await seedStepTwo(page, daysAhead);
  await page.goto('/contact-details');
  await expect(page.getByRole('heading', { level: 1, name: 'Add contact details' })).toBeVisible();
  await expect(page).toHaveTitle(/^Contact details/);
  return booking;
}

test('the phone input turns 0044 into +44, formats it, follows a + prefix and checks validity', async ({
  page,
}) => {
  await openStepTwo(page, 25);
  const phone = page.getByLabel('Telephone number');
  const code = page.getByRole('combobox', { name: 'Telephone country code' });
  await expect(code).toHaveValue('GB');

  await phone.pressSequentially('0044 7700 900123');
  await expect(phone).toHaveValue('+44 7700 900123');
  await phone.blur();
  // 07700 900xxx is the UK's reserved drama range: formatted, but not a number anyone can call.
  await expect(page.getByText(M.telephoneInvalid)).toBeVisible();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');

  await phone.fill('');
  await phone.pressSequentially('0033 6 12 34 56 78');
  await expect(phone).toHaveValue('+33 6 12 34 56 78');
  await expect(code).toHaveValue('FR');
  await expect(page.getByText(M.telephoneInvalid)).toHaveCount(0);

  // A national number is written internationally on leaving the field, for the chosen country.
  await code.selectOption('GB');
  await phone.fill('');
  await phone.pressSequentially(GOLFER.phone);
  await expect(phone).toHaveValue('07400 123456');
  // What the field shows, picker and number together: the calling code once (issue 25 §15).
  const shown = () =>
    code.evaluate((select) => {
      // The select is drawn by the compact display before it; the number input follows the picker.
      const display = select.previousElementSibling?.textContent ?? '';
      const number = select.parentElement?.nextElementSibling as HTMLInputElement | null;
      return `${display} ${number?.value ?? ''}`;
    });
  expect((await shown()).split('+44').length - 1).toBe(1);
  await phone.blur();
  await expect(phone).toHaveValue('+44 7400 123456');
  expect((await shown()).split('+44').length - 1).toBe(1);
  await expect(page.getByText(M.telephoneInvalid)).toHaveCount(0);
  // One spelling of the total on every step.
  await expect(
    page.getByRole('complementary', { name: 'Your booking' }).getByText('Total Payable', { exact: true }),
  ).toBeVisible();
  await expect(page.getByText(M.telephone)).toHaveCount(0);

  // An extension keeps its space as typed and is written the one way on leaving the field (issue 25 §10).
  await phone.fill('');
  await phone.pressSequentially('07400123456 ext. 12');
  await expect(phone).toHaveValue('07400 123456 ext. 12');
  await phone.blur();
  await expect(phone).toHaveValue('+44 7400 123456 ext. 12');
  await expect(page.getByText(M.telephoneInvalid)).toHaveCount(0);

  await phone.fill('');
  await phone.blur();
  await expect(page.getByText(M.telephone)).toBeVisible();
});

test.describe('a visitor whose browser asks for Austrian German', () => {
  test.use({ locale: 'de-AT' });

  test('gets Austria as country and phone code, from the browser alone', async ({ page, baseURL }) => {
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(`${baseURL}/`)) elsewhere.push(request.url());
    });
    await openStepTwo(page, 26);
    await expect(page.getByRole('combobox', { name: 'Country', exact: true })).toHaveValue('AT');
    await expect(page.getByRole('combobox', { name: 'Telephone country code' })).toHaveValue('AT');
    // No look-up is configured by default: nothing left the site to find the country.
    expect(elsewhere).toEqual([]);
  });
});

test('every field says what it needs, and axe finds nothing with the errors showing', async ({
  page,
  axe,
}) => {
  await openStepTwo(page, 26);
  await expect(continueButton(page)).toBeDisabled();
  await expect(page.getByText('Complete every required field to continue.')).toBeVisible();
  // Leave every field empty by walking through it, as a keyboard user would.
  await page.getByLabel('Yes, I am the lead player').focus();
  for (let step = 0; step < 14; step += 1) await page.keyboard.press('Tab');
  for (const message of EMPTY_CONTACT_DETAILS_MESSAGES) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await page.getByLabel('Email address').fill('ada@');
  await page.getByLabel('Email address').blur();
  await expect(page.getByText(M.emailInvalid)).toBeVisible();

  await page.getByLabel('No, I am booking for someone else').check();
  await page.getByLabel("Lead player's name").focus();
  await page.getByLabel("Lead player's name").blur();
  await expect(page.getByText(M.leadPlayerName)).toBeVisible();

  await page.getByRole('combobox', { name: 'Country', exact: true }).selectOption('');
  await page.getByRole('combobox', { name: 'Country', exact: true }).blur();
  await expect(page.getByText(M.country, { exact: true }).first()).toBeVisible();
  await expect(continueButton(page)).toBeDisabled();

  await axe();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: 'screenshots/contact-details-errors-1280.png', fullPage: true });
});

test('filled in by keyboard alone, saved, reloaded, and continued to payment', async ({ page, axe }) => {
  const booking = await openStepTwo(page, 27);
  await saveScreenshot(page, 'contact-details-empty');
  await page.screenshot({ path: 'screenshots/contact-details-1280.png', fullPage: true });
  await axe();

  const keyboard = page.keyboard;
  await page.getByLabel('Yes, I am the lead player').focus();
  await keyboard.press('Space');
  await expect(page.getByLabel('Yes, I am the lead player')).toBeChecked();
  await keyboard.press('Tab'); // Title (optional): left as it is
  await expect(page.getByLabel(/^Title/)).toBeFocused();
  await keyboard.press('Tab');
  /** Types each value into the field in focus and tabs on to the next. */
  const typeAndTab = async (...values: string[]) => {
    for (const value of values) {
      await keyboard.type(value);
      await keyboard.press('Tab');
    }
  };
  await expect(page.getByLabel('First name')).toBeFocused();
  await typeAndTab(GOLFER.firstName, GOLFER.surname, GOLFER.email);
  await expect(page.getByRole('combobox', { name: 'Telephone country code' })).toBeFocused();
  await keyboard.press('Tab');
  await typeAndTab(GOLFER.phone, GOLFER.address1);
  await keyboard.press('Tab'); // Address line 2 (optional): left empty
  await typeAndTab(GOLFER.city, GOLFER.county, GOLFER.postcode);
  await expect(page.getByRole('combobox', { name: 'Country', exact: true })).toBeFocused();
  await expect(page.getByRole('combobox', { name: 'Country', exact: true })).toHaveValue('GB');
  await keyboard.press('Tab');
  await expect(page.getByLabel(/Send me news/)).toBeFocused();
  await keyboard.press('Space');
  await expect(page.getByLabel(/Send me news/)).toBeChecked();
  await expect(page.getByLabel('Telephone number')).toHaveValue('+44 7400 123456');

  // The autosave copies the form into the booking after 500 ms: a reload in the same tab keeps every answer.
  await page.waitForTimeout(700);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue(GOLFER.firstName);
  await expect(page.getByLabel('Email address')).toHaveValue(GOLFER.email);
  await expect(page.getByLabel('Telephone number')).toHaveValue('+44 7400 123456');
  await expect(page.getByLabel('Yes, I am the lead player')).toBeChecked();
  await expect(page.getByLabel(/Send me news/)).toBeChecked();
  await expect(page.getByRole('timer')).toBeVisible();
  await expect(page.getByText('Burnside Course')).toBeVisible();

  const next = continueButton(page);
  await expect(next).toBeEnabled();
  await next.focus();
  await keyboard.press('Enter');
  await expect(page).toHaveURL(/\/payment-details$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Make your payment' })).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem('links.booking') ?? '{}').state);
  expect(stored.booking.id).toBe(booking.id);
  expect(stored.booking.payment_intent.client_secret).toBeTruthy();
  expect(stored.playerDetails).toMatchObject({ first_name: GOLFER.firstName, stay_connected: true });

  // Back to step 2 and on again with nothing changed: straight on, no second save.
  let saves = 0;
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().endsWith(`/v1/bookings/${booking.id}/details`))
      saves += 1;
  });
  await page
    .getByRole('navigation', { name: 'Booking progress' })
    .getByRole('link', { name: /Add contact details/ })
    .click();
  await expect(page.getByLabel('First name')).toHaveValue(GOLFER.firstName);
  await continueButton(page).click();
  await expect(page).toHaveURL(/\/payment-details$/);
  expect(saves).toBe(0);
});

test('a refused save shows the banner with the server message', async ({ page }) => {
  await openStepTwo(page, 28);
  await page.route('**/v1/bookings/*/details', (route) =>
    route.fulfill({
      status: 410,
      contentType: 'application/json',
      body: JSON.stringify({
        error: { message: 'Sorry, this booking has expired. Please start again.', code: 'booking_expired' },
      }),
    }),
  );
  await page.getByLabel('Yes, I am the lead player').check();
  await page.getByLabel('First name').fill(GOLFER.firstName);
  await page.getByLabel('Last name').fill(GOLFER.surname);
  await page.getByLabel('Email address').fill(GOLFER.email);
  await page.getByLabel('Telephone number').fill(GOLFER.phone);
  await page.getByLabel('Address line 1').fill(GOLFER.address1);
  await page.getByLabel('Town or city').fill(GOLFER.city);
  await page.getByLabel('County/State').fill(GOLFER.county);
  await page.getByLabel('Postcode/Zipcode').fill(GOLFER.postcode);
  await continueButton(page).click();
  const banner = page.getByRole('alert').filter({ hasText: 'There was an error with your details' });
  await expect(banner).toContainText('Sorry, this booking has expired. Please start again.');
  await expect(page).toHaveURL(/\/contact-details$/);
  await expect(continueButton(page)).toBeEnabled();

  await page.unroute('**/v1/bookings/*/details');
  await page.route('**/v1/bookings/*/details', (route) => route.abort('internetdisconnected'));
  await continueButton(page).click();
  await expect(banner).toContainText(
    'An unexpected error occurred, please try again. If the problem persists, please contact us quoting ERR-022.',
  );
});

test('a booking id that is not a positive number is not recognised', async ({ page, axe }) => {
  await openStepTwo(page, 29);
  // The page saves the booking when its countdown starts (once its code and the server time are in): the edit below
  // must come after that save, or the save overwrites it.
  await expect(page.getByRole('timer')).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(
        () => JSON.parse(sessionStorage.getItem('links.booking') ?? '{}').state?.booking?.countdown_started,
      ),
    )
    .toBe(true);
  await page.evaluate(() => {
    const stored = JSON.parse(sessionStorage.getItem('links.booking') ?? '{}');
    stored.state.booking.id = -4;
    sessionStorage.setItem('links.booking', JSON.stringify(stored));
  });
  page.once('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await expect(page.getByText("We don't recognise this booking.")).toBeVisible();
  await expect(page.getByText(/try again/)).toBeVisible();
  await expect(page.getByRole('link', { name: /contact our support team/ })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveCount(0);
  await axe();
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });
  test('step 2 fits the phone', async ({ page, axe }) => {
    await openStepTwo(page, 30);
    await page.getByLabel('No, I am booking for someone else').check();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(375);
    await page.getByLabel('Telephone number').pressSequentially('0044 7400 123456');
    await expect(page.getByLabel('Telephone number')).toHaveValue('+44 7400 123456');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: 'screenshots/contact-details-375.png', fullPage: true });
    await page.getByLabel('Telephone number').scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'screenshots/contact-details-375-phone.png' });
    await axe();
  });
});
