import { expect, screenshotAtBothWidths, test } from './support/fixtures.ts';
import { expectConfirmationPage } from './support/journey-payment.ts';
import { DEPOSIT_OPERATOR, signIn } from './support/operator-auth.ts';
import { weekdayAhead } from './support/step-one-api.ts';

// Issue 24 point 5: a tour operator books a group of 5 to 16 golfers on consecutive tee times of one course and day,
// as one booking: one hold (step 2's countdown), one price, one confirmation. Buddon Links, 75+ days out: no other
// journey books there then.

/** '09:10' as the pages write it: '9:10am'. */
function twelveHour(time: string | undefined): string {
  const [hours = 0, minutes = 0] = (time ?? '').split(':').map(Number);
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, '0')}${hours < 12 ? 'am' : 'pm'}`;
}

test('a tour operator books a group of six on two consecutive tee times, changes it from step 2, and confirms it', async ({
  page,
}) => {
  const date = weekdayAhead(75, 0);
  await signIn(page, DEPOSIT_OPERATOR.username, DEPOSIT_OPERATOR.password);
  await page.goto('/my-bookings');
  await page.getByRole('link', { name: 'Book a group of 5 to 16' }).click();
  await expect(page).toHaveURL(/\/group-booking$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Book a Group' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Book a group' });
  // Nothing is called wrong before the operator has tried; Hold says what is missing after.
  await form.getByRole('button', { name: 'Hold these tee times' }).click();
  await expect(form.getByText('Please choose a course.')).toBeVisible();
  await expect(form.getByText('A group is 5 to 16 golfers in all.').first()).toBeVisible();

  await form.getByRole('combobox', { name: 'Course' }).selectOption({ label: 'Buddon Links Course' });
  await form.getByLabel('Date of play').fill(date);
  await form.getByRole('spinbutton', { name: /Adult/ }).fill('5');
  await form.getByRole('spinbutton', { name: /Under 16/ }).fill('1');
  const times = form.getByRole('group', { name: 'First tee time' });
  const first = times.getByRole('radio').first();
  await expect(first).toBeVisible();
  const label = (await first.locator('..').textContent()) ?? '';
  const run = /^(\d\d:\d\d) and (\d\d:\d\d)$/.exec(label.trim());
  expect(run, `the first start names its two tee times: ${label}`).toBeTruthy();
  await expect(times).toContainText('The group plays 2 consecutive tee times: 3 + 3 golfers.');
  await first.check();
  await expect(form.getByText(/Total Payable £[\d,]+\.\d\d for 6 golfers/)).toBeVisible();
  await screenshotAtBothWidths(page, 'group-booking', { width: 1280, height: 800 });

  await form.getByRole('button', { name: 'Hold these tee times' }).click();
  await expect(page).toHaveURL(/\/contact-details$/);
  // Step 2's summary lists both tee times with their golfers.
  for (const time of [run?.[1], run?.[2]]) {
    await expect(page.getByText(`at ${twelveHour(time)}, 3 golfers`)).toBeVisible();
  }

  // Back from step 2 opens the group as it was held, and changing it keeps the one hold.
  await page.getByRole('link', { name: /^Back to step 1/ }).click();
  await expect(page).toHaveURL(/\/group-booking$/);
  await expect(form.getByRole('spinbutton', { name: /Adult/ })).toHaveValue('5');
  await expect(form.getByRole('radio', { checked: true })).toHaveCount(1);
  await form.getByRole('spinbutton', { name: /Adult/ }).fill('6');
  await form.getByRole('radio').first().check();
  await expect(times).toContainText('The group plays 2 consecutive tee times: 4 + 3 golfers.');
  await form.getByRole('button', { name: 'Update the group' }).click();
  await expect(page).toHaveURL(/\/contact-details$/);
  await expect(page.getByText(`at ${twelveHour(run?.[1])}, 4 golfers`)).toBeVisible();
  await expect(page.getByText(`at ${twelveHour(run?.[2])}, 3 golfers`)).toBeVisible();

  await page.getByRole('textbox', { name: 'First name' }).fill('Old Tom');
  await page.getByRole('textbox', { name: 'Surname' }).fill('Morris');
  await page.getByRole('combobox', { name: 'Country', exact: true }).selectOption({ label: 'Ireland' });
  await page
    .getByRole('group', { name: 'Payment method' })
    .getByRole('radio', { name: /Pay later/ })
    .check();
  await page.getByRole('checkbox', { name: /I agree to the terms and conditions/ }).check();
  await page.getByRole('button', { name: 'Confirm booking' }).click();

  const bookingNumber = await expectConfirmationPage(page, { paid: false });
  // The booking page shows each tee time of the group with its golfers, one booking.
  const page1 = page.locator('main');
  for (const time of [run?.[1], run?.[2]]) {
    await expect(page1.getByText(new RegExp(twelveHour(time))).first()).toBeVisible();
  }
  await expect(page.getByText("A group's caddies are arranged by phone")).toBeVisible();
  await screenshotAtBothWidths(page, 'group-booking-confirmation', { width: 1280, height: 800 });

  await page.goto('/my-bookings');
  const row = page.getByRole('row').filter({ hasText: bookingNumber });
  await expect(row).toContainText('Buddon Links Course');
  await expect(row.getByRole('cell', { name: '7', exact: true })).toBeVisible();
});
