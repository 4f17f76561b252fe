import { expect, saveScreenshot, test } from './support/fixtures.ts';

const viewports = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 375, height: 812 },
] as const;

for (const viewport of viewports) {
  test.describe(`home page at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('shows the header and the footer', async ({ page, axe }) => {
      await page.goto('/');

      // The booking page itself rendered, not the error page inside the same frame.
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText('A swing and a miss!')).toHaveCount(0);

      const header = page.getByRole('banner');
      await expect(header.getByText('Online Booking', { exact: true })).toBeVisible();
      // A link styled as a button: it navigates to /login (or shows 'Loading' while the session is checked).
      const login = header.getByRole('link', { name: 'Tour Operator Login' });
      await expect(login.or(header.getByRole('button', { name: 'Tour Operator Login' }))).toBeVisible();
      await expect(header.getByRole('link', { name: /^Back to/ })).toBeVisible();

      const footer = page.getByRole('contentinfo');
      for (const name of ['Need assistance?', 'Terms & Conditions', 'Have feedback?']) {
        await expect(footer.getByRole('link', { name })).toBeVisible();
      }
      await expect(footer.getByText(/©\s*\d{4}/)).toBeVisible();
      await expect(footer.getByText(/VAT/)).toBeVisible();
      // Signed out: no account link.
      await expect(footer.getByRole('link', { name: 'Manage Account' })).toHaveCount(0);

      // Nothing may spill sideways on a phone: the page is exactly as wide as the viewport.
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(viewport.width);

      await saveScreenshot(page, `home-${viewport.width}`);
      await axe();
    });
  });
}

test('an unknown path shows the error page with its status', async ({ page, axe }) => {
  await page.goto('/no-such-page');

  await expect(page.getByText('A swing and a miss!')).toBeVisible();
  await expect(page.getByText(/^404\b.*Not Found/)).toBeVisible();
  await expect(page.getByText('Sorry, it looks like you found a little problem')).toBeVisible();
  await expect(page).toHaveTitle(/^404\b/);

  await saveScreenshot(page, 'not-found');
  await axe();

  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByText('Online Booking', { exact: true })).toBeVisible();
});
