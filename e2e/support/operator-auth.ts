import { expect, type Page } from '@playwright/test';

// The tour-operator area as a person uses it: the login page, the header and footer.

export { DEPOSIT_OPERATOR, PASSWORD_OPERATOR } from './operator-accounts.ts';

export const HEADER_OPERATOR_LABEL = 'Online Booking - Tour Operator';

export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Tour Operator Login' });
  await form.getByRole('textbox', { name: 'Username' }).fill(username);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByText(HEADER_OPERATOR_LABEL)).toBeVisible();
}

export async function logOut(page: Page): Promise<void> {
  await page.getByRole('contentinfo').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Tour Operator Login' })).toBeVisible();
}
