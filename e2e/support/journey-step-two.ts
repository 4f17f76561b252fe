import { expect, type Page } from '@playwright/test';

/** The lead golfer's details, as a person types them. */
export const LEAD_GOLFER = {
  firstName: 'Ada',
  surname: 'Fairway',
  email: 'ada.fairway@example.com',
  phone: '01241 802270',
  address1: '1 Links Parade',
  city: 'Carnoustie',
  county: 'Angus',
  postcode: 'DD7 7JE',
} as const;

/** Step 2, the individual form, filled in as the lead player (with the newsletter opt-in), then on to step 3. */
export async function completeStepTwo(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/contact-details$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Add contact details' })).toBeVisible();
  await page.getByLabel('Yes, I am the lead player').check();
  await page.getByLabel('First name').fill(LEAD_GOLFER.firstName);
  await page.getByLabel('Last name').fill(LEAD_GOLFER.surname);
  await page.getByLabel('Email address').fill(LEAD_GOLFER.email);
  await page.getByRole('combobox', { name: 'Telephone country code' }).selectOption('GB');
  await page.getByLabel('Telephone number').fill(LEAD_GOLFER.phone);
  await page.getByLabel('Address line 1').fill(LEAD_GOLFER.address1);
  await page.getByLabel('Town or city').fill(LEAD_GOLFER.city);
  await page.getByLabel('County/State').fill(LEAD_GOLFER.county);
  await page.getByLabel('Postcode/Zipcode').fill(LEAD_GOLFER.postcode);
  await page.getByRole('combobox', { name: 'Country', exact: true }).selectOption('GB');
  await page.getByLabel(/Send me news/).check();

  const next = page.getByRole('button', { name: 'Continue to payment' });
  await expect(next).toBeEnabled();
  await next.click();
  await expect(page).toHaveURL(/\/payment-details$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Make your payment' })).toBeVisible();
}
