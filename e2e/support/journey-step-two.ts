import { expect, type Page } from '@playwright/test';
import { E2E_API_KEY } from './env.ts';

export const LEAD_GOLFER = {
  first_name: 'Ada',
  surname: 'Fairway',
  email_address: 'ada.fairway@example.com',
  telephone_country_code: 'GB',
  telephone_number: '01241 802270',
  address_line_1: '1 Links Parade',
  city: 'Carnoustie',
  county: 'Angus',
  postcode: 'DD7 7JE',
  country: 'GB',
} as const;

/**
 * Step 2 saved through the API from inside the page (its session, CSRF cookie and booking), then step 3 opened.
 * INTERIM: replaced by filling the individual form once it lands.
 */
export async function completeStepTwo(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/contact-details$/);
  await page.evaluate(
    async ({ apiKey, details }) => {
      const stored = JSON.parse(sessionStorage.getItem('links.booking') ?? 'null');
      const csrf = document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '';
      const response = await fetch(`/v1/bookings/${stored.state.booking.id}/details`, {
        method: 'PATCH',
        headers: {
          'Content-Type': 'application/json',
          'X-Api-Key': apiKey,
          'X-Requested-With': 'XMLHttpRequest',
          'X-XSRF-TOKEN': decodeURIComponent(csrf),
        },
        body: JSON.stringify({ player_type: 'lead_player', stay_connected: true, ...details }),
      });
      if (!response.ok) throw new Error(`details save: ${response.status} ${await response.text()}`);
      const { data } = await response.json();
      stored.state.booking.payment_intent = data.payment_intent;
      stored.state.playerDetails = { ...stored.state.playerDetails, stay_connected: true };
      sessionStorage.setItem('links.booking', JSON.stringify(stored));
    },
    { apiKey: E2E_API_KEY, details: LEAD_GOLFER },
  );
  page.once('dialog', (dialog) => void dialog.accept());
  await page.goto('/payment-details');
  await expect(page.getByRole('heading', { level: 1, name: 'Make your payment' })).toBeVisible();
}
