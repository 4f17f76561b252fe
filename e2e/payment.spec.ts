import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import {
  agreeToTerms,
  expectConfirmationPage,
  fillCard,
  payByCard,
  pressPay,
  screenshotForReview,
  TEST_CARDS,
} from './support/journey-payment.ts';
import { completeStepOne } from './support/journey-step-one.ts';
import { completeStepTwo } from './support/journey-step-two.ts';

// Step 3 in sandbox mode (the e2e server has no Stripe keys). Each test books its own day, so parallel runs never
// compete for the same tee slots.

const ERROR_TITLE = 'There was an error processing your payment';

/** Steps 1 and 2 for one round on the test's own day, ending on step 3. */
async function reachStepThree(
  page: Page,
  date: string,
  course: string,
  { golfers = 2, time = '10:20' } = {},
) {
  await completeStepOne(page, { golfers, date, rounds: [{ course, time }] });
  await completeStepTwo(page);
}

/** A Buddon Links round on `date` paid with the card that asks for 3-D Secure: the authentication page is next. */
async function payWithThreeDSecure(page: Page, date: string) {
  await reachStepThree(page, date, 'Buddon Links Course');
  await payByCard(page, TEST_CARDS.threeDSecure);
}

test('a declined card shows its error, which can be dismissed, and another card then pays', async ({
  page,
  axe,
}) => {
  await reachStepThree(page, '2027-04-07', 'Burnside Course');

  // The test-mode form says what it is and which cards to use.
  await expect(page.getByText('TEST MODE')).toBeVisible();
  await expect(page.getByText(TEST_CARDS.declined)).toBeVisible();
  const rounds = page
    .getByRole('region', { name: 'Booking summary' })
    .getByRole('list', { name: 'Courses and tee times' });
  await expect(rounds.getByRole('listitem')).toHaveText(['Burnside Course7th April 2027 at 10:20am']);
  await screenshotForReview(page, 'payment-1280');

  // The terms come first.
  await fillCard(page, TEST_CARDS.declined);
  await pressPay(page, '£190.00');
  await expect(page.getByText('Please confirm you agree to the terms and conditions')).toBeVisible();
  await expect(page.getByText(ERROR_TITLE)).toHaveCount(0);

  await agreeToTerms(page);
  await expect(page.getByText('Please confirm you agree to the terms and conditions')).toHaveCount(0);
  await pressPay(page, '£190.00');
  const banner = page.getByRole('alert').filter({ hasText: ERROR_TITLE });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Your card was declined.');
  await expect(page).toHaveURL(/\/payment-details$/);

  await screenshotForReview(page, 'payment-declined-1280');
  await axe();

  await banner.getByRole('button', { name: 'Dismiss message' }).click();
  await expect(page.getByText(ERROR_TITLE)).toHaveCount(0);

  await page.getByLabel('Card number').fill(TEST_CARDS.succeeds.replaceAll(' ', ''));
  await pressPay(page, '£190.00');
  await expectConfirmationPage(page);
});

test('a 3-D Secure card goes to the authentication page and back, then the booking is confirmed', async ({
  page,
}) => {
  await payWithThreeDSecure(page, '2027-04-08');

  await expect(page.getByRole('heading', { name: 'Authenticate your payment' })).toBeVisible();
  await expect(page.getByText('TEST MODE')).toBeVisible();
  await page.getByRole('button', { name: 'Complete authentication' }).click();

  // Back on step 3, which reads the outcome, records the payment and shows the booking.
  await expectConfirmationPage(page);
});

test('a failed 3-D Secure authentication returns to step 3 with the reason, and a retry pays', async ({
  page,
}) => {
  await payWithThreeDSecure(page, '2027-04-09');
  await page.getByRole('button', { name: 'Fail authentication' }).click();

  await expect(page).toHaveURL(/\/payment-details$/);
  const banner = page.getByRole('alert').filter({ hasText: ERROR_TITLE });
  await expect(banner).toContainText('We are unable to authenticate your payment method.');

  await payByCard(page, TEST_CARDS.succeeds);
  await expectConfirmationPage(page);
});

test('step 3 works by keyboard alone', async ({ page }) => {
  await reachStepThree(page, '2027-04-14', 'Burnside Course');

  const keyboard = page.keyboard;
  await page.getByRole('button', { name: 'Hide test cards' }).focus();
  await keyboard.press('Tab');
  await expect(page.getByLabel('Name on card')).toBeFocused();
  await keyboard.type('Ada Fairway');
  await keyboard.press('Tab');
  await keyboard.type('4242424242424242');
  await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
  await keyboard.press('Tab');
  await keyboard.type('1234');
  await expect(page.getByLabel('Expiry date')).toHaveValue('12 / 34');
  await keyboard.press('Tab');
  await keyboard.type('123');
  await keyboard.press('Tab');
  const terms = page.getByRole('checkbox', { name: /I agree to the terms and conditions/ });
  await expect(terms).toBeFocused();
  await keyboard.press('Space');
  await expect(terms).toBeChecked();
  await keyboard.press('Tab');
  await expect(page.getByRole('link', { name: /terms and conditions/ })).toBeFocused();
  await keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Pay £190.00 and secure booking' })).toBeFocused();
  await keyboard.press('Enter');
  await expectConfirmationPage(page);
});

test('after the time limit the booking is released: the visitor lands on / and nothing can be paid', async ({
  page,
}) => {
  // The page's clock is driven past the ten-minute hold rather than waited out.
  await page.clock.install();
  await reachStepThree(page, '2027-04-15', 'Burnside Course');
  await fillCard(page, TEST_CARDS.succeeds);
  await expect(page.getByRole('button', { name: 'Pay £190.00 and secure booking' })).toBeVisible();

  await page.clock.fastForward('10:30');
  await expect(page.getByRole('alertdialog', { name: 'Oh no, you ran out of time' })).toBeVisible();
  // Spec section 4: at zero the visitor is sent to / with the booking reset (issue 25 §3).
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: /^Pay £/ })).toHaveCount(0);
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await screenshotForReview(page, 'payment-expired-1280');
  await page.goto('/payment-details');
  await expect(page).toHaveURL(/\/$/);
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('step 3 fits a phone and shows the error banner accessibly', async ({ page, axe }) => {
    await reachStepThree(page, '2027-04-12', 'Burnside Course', { golfers: 1, time: '10:30' });
    await expect(page.getByRole('button', { name: 'Pay £95.00 and secure booking' })).toBeVisible();
    await screenshotForReview(page, 'payment-375');

    await payByCard(page, TEST_CARDS.declined);
    await expect(page.getByRole('alert').filter({ hasText: ERROR_TITLE })).toContainText(
      'Your card was declined.',
    );
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(375);
    await screenshotForReview(page, 'payment-declined-375');
    await axe();
  });
});
