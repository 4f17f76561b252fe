import { expect, type Page } from '@playwright/test';
import { saveScreenshot } from './fixtures.ts';

// Step 3 ('/payment-details') in sandbox mode: the test-mode card form, the terms and the pay button.

export const TEST_CARDS = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  threeDSecure: '4000 0025 0000 3155',
} as const;

export async function fillCard(page: Page, number: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Card payment' });
  await form.getByLabel('Name on card').fill('Ada Fairway');
  await form.getByLabel('Card number').fill(number.replaceAll(' ', ''));
  // Formatted as typed.
  await expect(form.getByLabel('Card number')).toHaveValue(number);
  await form.getByLabel('Expiry date').fill('1234');
  await expect(form.getByLabel('Expiry date')).toHaveValue('12 / 34');
  await form.getByLabel('Security code (CVC)').fill('123');
}

export async function agreeToTerms(page: Page): Promise<void> {
  const terms = page.getByRole('checkbox', { name: /I agree to the terms and conditions/ });
  if (!(await terms.isChecked())) await terms.check();
}

/** Presses 'Pay £… and secure booking' and returns the label it had. */
export async function pressPay(page: Page, amount?: string): Promise<void> {
  const name = amount ? `Pay ${amount} and secure booking` : /^Pay £[\d,]+\.\d\d and secure booking$/;
  await page.getByRole('button', { name }).click();
}

/** Fills the card form, agrees to the terms and presses 'Pay £… and secure booking' (the label `amount` when given). */
export async function payByCard(page: Page, card: string, amount?: string): Promise<void> {
  await fillCard(page, card);
  await agreeToTerms(page);
  await pressPay(page, amount);
}

/** The confirmation page a successful payment lands on: /confirmation/{booking number}. Returns the number. */
export async function expectConfirmationPage(page: Page, options: { paid?: boolean } = {}): Promise<string> {
  await expect(page).toHaveURL(/\/confirmation\/\d{6,24}(\?|$)/, { timeout: 15_000 });
  const bookingNumber = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  await expect(page.getByText('Tee-rific! Your booking is confirmed')).toBeVisible();
  await expect(page.getByText(bookingNumber).first()).toBeVisible();
  if (options.paid === false) return bookingNumber;
  // After a card payment, the success view of spec section 4 (issue 25 §2): the e-mail with the PIN and the
  // address it went to, then the booking itself.
  await expect(page).toHaveURL(/[?&]redirect_status=succeeded(&|$)/);
  await expect(page.getByText(/e-mailed your booking confirmation with a PIN code/)).toBeVisible();
  await page.getByRole('link', { name: 'View your booking' }).click();
  await expect(
    page.getByRole('region', { name: 'Booking details' }).getByText(bookingNumber, { exact: true }),
  ).toBeVisible();
  return bookingNumber;
}

/** A full-page screenshot in the test's output and in screenshots/ (git-ignored) for review. */
export async function screenshotForReview(page: Page, name: string): Promise<void> {
  await saveScreenshot(page, name);
  await page.screenshot({ path: `screenshots/${name}.png`, fullPage: true });
}
