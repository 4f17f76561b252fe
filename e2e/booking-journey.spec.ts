import { expect, test } from './support/fixtures.ts';
import {
  expectConfirmationPage,
  payByCard,
  screenshotForReview,
  TEST_CARDS,
} from './support/journey-payment.ts';
import { completeStepOne } from './support/journey-step-one.ts';
import { completeStepTwo } from './support/journey-step-two.ts';

// The main journey of issue 5: two golfers, a Championship and Burnside combination on one April day (the
// combination season is 1 April to 31 October), through steps 1 and 2, paid with 4242 4242 4242 4242.
// Combination price: £375.00 a golfer, so £750.00 (the two single rounds would be £832.00).

const viewports = [
  { width: 1280, height: 900, date: '2027-04-06', day: '6th April 2027' },
  { width: 375, height: 812, date: '2027-04-13', day: '13th April 2027' },
] as const;

for (const viewport of viewports) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a two-golfer combination booking is paid by card and confirmed', async ({ page, axe }) => {
      await completeStepOne(page, {
        golfers: 2,
        date: viewport.date,
        rounds: [
          { course: 'Championship Course', time: '09:40' },
          { course: 'Burnside Course', time: '14:30' },
        ],
      });
      await completeStepTwo(page);

      // Step 3 shows what is being paid for.
      await expect(page.getByRole('heading', { level: 1, name: 'Make your payment' })).toBeVisible();
      const summary = page.getByRole('region', { name: 'Booking summary' });
      await expect(
        summary.getByRole('list', { name: 'Courses and tee times' }).getByRole('listitem'),
      ).toHaveText([
        `Championship Course${viewport.day} at 9:40am`,
        `Burnside Course${viewport.day} at 2:30pm`,
      ]);
      // Both golfers on the combination ticket.
      await expect(summary.getByText('Championship & Burnside Combination')).toHaveCount(2);
      await expect(summary.getByText('2 golfers')).toBeVisible();
      await expect(summary.getByText('VAT at 20%')).toBeVisible();
      await expect(summary.getByText('£750.00')).toBeVisible();
      // The reservation countdown runs above the form.
      await expect(page.getByText('Your tee times are reserved for')).toBeVisible();
      await expect(page.getByRole('timer')).toHaveText(/^\d{1,2}:\d\d$/);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(viewport.width);
      await screenshotForReview(page, `journey-payment-${viewport.width}`);
      await axe();

      await payByCard(page, TEST_CARDS.succeeds, '£750.00');
      await expectConfirmationPage(page);
      await screenshotForReview(page, `journey-confirmation-${viewport.width}`);

      // The paid booking is finished with: a new visit to / starts afresh, with no hold counting down.
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: 'Create experience' })).toBeVisible();
      await expect(page.getByText('Golfer 1', { exact: true })).toBeVisible();
      await expect(page.getByRole('combobox', { name: /^Player type for golfer \d$/ })).toHaveCount(1);
      await expect(page.getByRole('timer')).toHaveCount(0);
    });
  });
}
