import { expect, saveScreenshot, test } from './support/fixtures.ts';
import { DEPOSIT_OPERATOR } from './support/operator-auth.ts';
import { createOfflineOperatorBooking } from './support/paid-booking.ts';
import { signInOpsAdmin } from './support/staff-sign-in.ts';
import { COURSES, getDiary, ukTime, weekdayAhead } from './support/step-one-api.ts';

// Issue 24 point 5 at the desk: a tour operator's group of seven on two consecutive tee times is one booking on the
// staff tee sheet, each tee time with its own golfers, and the desk moves one of its tee times. In the global-state
// project only because it signs in as the operations admin, whose authenticator codes the serial specs share.

test('a group on the tee sheet, each tee time with its own golfers; the desk moves one of its tee times', async ({
  page,
  axe,
}) => {
  const date = weekdayAhead(90, 1);
  const slots = await getDiary(page.request, COURSES.buddonLinks.id, date);
  const [first, second] = slots;
  expect(first && second, `two Buddon Links tee times on ${date}`).toBeTruthy();
  const made = await createOfflineOperatorBooking({
    username: DEPOSIT_OPERATOR.username,
    password: DEPOSIT_OPERATOR.password,
    rounds: [{ courseId: COURSES.buddonLinks.id, slot: first! }],
    golfers: 7,
  });
  const [at1, at2] = [ukTime(first!.slot_date_time), ukTime(second!.slot_date_time)];

  await signInOpsAdmin(page);
  await page.goto(`/staff/tee-sheet?course=${COURSES.buddonLinks.id}&date=${date}`);
  const sheet = page.getByRole('table', { name: /^Tee sheet for Buddon Links Course/ });
  const rowAt = (time: string) =>
    sheet.getByRole('rowgroup').filter({ has: page.getByRole('rowheader', { name: time }) });
  await expect(rowAt(at1)).toContainText(made.bookingNumber);
  await expect(rowAt(at1)).toContainText('4 Adult');
  await expect(rowAt(at2)).toContainText(made.bookingNumber);
  await expect(rowAt(at2)).toContainText('3 Adult');
  // One booking and seven golfers on the day, not two bookings.
  await expect(page.locator('main')).toContainText(/tee times\s*1\s*booking\s*7\s*golfers/);
  await saveScreenshot(page, 'staff-group-tee-sheet-1280');
  await axe();

  await page.getByRole('link', { name: made.bookingNumber }).first().click();
  await expect(
    page.getByText("A group's golfers are changed by its tour operator or by phone."),
  ).toBeVisible();
  const move = page.getByRole('form', { name: `Move the ${at2} Buddon Links Course round` });
  const choice = move.getByLabel(`New tee time for the ${at2} round on the Buddon Links Course`);
  const later = (await choice.locator('option').allTextContents()).find((label) => /^1\d:\d\d /.test(label));
  expect(later, 'a later tee time with room').toBeTruthy();
  await choice.selectOption({ label: later as string });
  await move.getByRole('button', { name: 'Move round' }).click();
  const to = (later as string).slice(0, 5);
  await expect(page.getByText(`The Buddon Links Course round moved from ${at2} to ${to}.`)).toBeVisible();
  const rounds = page.getByRole('table', { name: `Rounds of booking ${made.bookingNumber}` });
  await expect(rounds).toContainText(to);
  await expect(page.getByRole('form', { name: `Move the ${at1} Buddon Links Course round` })).toBeVisible();
  await saveScreenshot(page, 'staff-group-booking-1280');
  await axe();
});
