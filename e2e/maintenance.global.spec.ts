import { E2E_API_HEADERS } from './support/env.ts';
import { expect, saveScreenshot, setMaintenance, test } from './support/fixtures.ts';
import { signInOpsAdmin } from './support/staff-sign-in.ts';

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

    // One clear message, and nothing under it that cannot work: no booking form, no sign-in (issue 25 §18).
    const notice = page
      .getByRole('alert')
      .filter({ hasText: 'Service is currently unavailable due to maintenance.' });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('link', { name: 'Check the service status' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('alert')).toHaveCount(1);
    await expect(page.getByText('Service is currently unavailable due to maintenance.')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Add a Golfer' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Course$/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Tour Operator Login' })).toHaveCount(0);
    await saveScreenshot(page, 'home-in-maintenance');
    await page.screenshot({ path: 'screenshots/home-in-maintenance-1280.png', fullPage: true });
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
    await expect(page.getByRole('link', { name: 'Tour Operator Login' })).toHaveCount(0);

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

  test('an admin closes the site from the staff area, which keeps working, and opens it again', async ({
    page,
    request,
    axe,
  }) => {
    await signInOpsAdmin(page);
    const nav = page.getByRole('navigation', { name: 'Staff pages' });
    await nav.getByRole('link', { name: 'Operations' }).click();

    const panel = page.getByRole('region', { name: 'Maintenance' });
    await expect(panel).toContainText('The booking site is open.');
    await panel.getByRole('button', { name: 'Close for maintenance...' }).click();
    await panel.getByRole('button', { name: 'Close the site now' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'The booking site is closed for maintenance.' }),
    ).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Open the booking site' })).toBeVisible();
    await saveScreenshot(page, 'staff-maintenance-1280');
    await axe();

    // The public site is closed ...
    expect((await request.get('/v1/time', { headers: E2E_API_HEADERS })).status()).toBe(503);
    const visitor = await page.context().newPage();
    await visitor.goto('/');
    await expect(
      visitor.getByRole('alert').filter({ hasText: 'Service is currently unavailable due to maintenance.' }),
    ).toBeVisible();
    // ... while the staff area runs the day: the tee sheet and booking for a caller still load.
    await nav.getByRole('link', { name: 'Tee sheet' }).click();
    await expect(page.getByRole('table', { name: /^Tee sheet for / })).toBeVisible();
    await nav.getByRole('link', { name: 'Bookings' }).click();
    await page.getByRole('link', { name: 'Book for a caller' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Book for a caller' })).toBeVisible();
    await expect(page.getByText('Service is currently unavailable due to maintenance.')).toHaveCount(0);

    await nav.getByRole('link', { name: 'Operations' }).click();
    await panel.getByRole('button', { name: 'Open the booking site' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'The booking site is open again.' }),
    ).toBeVisible();
    expect((await request.get('/v1/time', { headers: E2E_API_HEADERS })).status()).toBe(200);
    await visitor.goto('/');
    await expect(visitor.getByRole('heading', { level: 1, name: 'Create experience' })).toBeVisible();
  });
});
