import { expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { readRunSecret } from './run-secrets.ts';
import { E2E_OPS_ADMIN, OPS_FACTOR_KEY_SECRET } from './staff-accounts.ts';

const STEP_MS = 30_000;
const codeAt = (key: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30 }).generate({ timestamp: at });

/**
 * Signs the ops admin in with both factors, as the journeys of the 'global-state' project do one after another. A code
 * is never good twice and the server takes one step either side: the next step's code is offered, and when a journey
 * just before spent that one, the next step's again once it has begun.
 */
export async function signInOpsAdmin(page: Page): Promise<void> {
  const key = await readRunSecret(OPS_FACTOR_KEY_SECRET);
  await page.goto('/staff');
  const form = page.getByRole('form', { name: 'Staff sign-in' });
  await form.getByLabel('Username').fill(E2E_OPS_ADMIN.username);
  await form.getByLabel('Password', { exact: true }).fill(E2E_OPS_ADMIN.password);
  await form.getByRole('button', { name: 'Continue' }).click();
  const nav = page.getByRole('navigation', { name: 'Staff pages' });
  const refused = page.getByRole('alert').filter({ hasText: 'That code did not work' });
  await page.getByLabel('Authentication code').fill(codeAt(key, Date.now() + STEP_MS));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(nav.or(refused)).toBeVisible();
  if (await refused.isVisible()) {
    await page.waitForTimeout(STEP_MS - (Date.now() % STEP_MS) + 1_000);
    await page.getByLabel('Authentication code').fill(codeAt(key, Date.now() + STEP_MS));
    await page.getByRole('button', { name: 'Sign in' }).click();
  }
  await expect(nav).toBeVisible();
}
