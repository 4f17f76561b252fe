import { E2E_API_HEADERS } from './support/env.ts';
import { expect, saveScreenshot, setMaintenance, test } from './support/fixtures.ts';

const STILL_IN_MAINTENANCE =
  'The application is still in maintenance mode. Please try again later or use the button below to recheck the status.';

// Maintenance is server-wide: this file runs in the 'global-state' project, alone, after every other journey.
test.describe('maintenance mode', () => {
  test.afterEach(async ({ request }) => {
    await setMaintenance(request, false);
  });

  test('every /v1 call answers 503 while it is on, and the site says so', async ({ page, request, axe }) => {
    await setMaintenance(request, true);

    const direct = await request.get('/v1/time', { headers: E2E_API_HEADERS });
    expect(direct.status()).toBe(503);
    expect((await direct.json()).error.message).toEqual(expect.any(String));

    const maintenanceAnswer = page.waitForResponse(
      (response) => new URL(response.url()).pathname.startsWith('/v1/') && response.status() === 503,
    );
    await page.goto('/');
    await maintenanceAnswer;

    // The notice heads the page; sections whose data failed to load may repeat it.
    await expect(
      page.getByText('Service is currently unavailable due to maintenance.').first(),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await saveScreenshot(page, 'home-in-maintenance');
    await axe();
  });

  test('the maintenance page reports the status and returns home once it is over', async ({
    page,
    request,
    axe,
  }) => {
    await setMaintenance(request, true);

    await page.goto('/maintenance');
    await expect(page.getByText("We're launching some updates!")).toBeVisible();
    await expect(page).toHaveTitle(/^Maintenance\b/);

    const checkStatus = page.getByRole('button', { name: 'Check status' });
    await checkStatus.click();
    await expect(page.getByText(STILL_IN_MAINTENANCE)).toBeVisible();
    await saveScreenshot(page, 'maintenance-still-on');
    await axe();

    await setMaintenance(request, false);
    await checkStatus.click();
    await expect(page.getByText("We're back! Refreshing page...")).toBeVisible();
    // The page waits one second before going home.
    await expect(page).toHaveURL(/\/$/, { timeout: 5_000 });
    await expect(page.getByRole('banner').getByText('Online Booking', { exact: true })).toBeVisible();
    await expect(page.getByText('Service is currently unavailable due to maintenance.')).toHaveCount(0);
  });
});
