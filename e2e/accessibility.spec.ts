import { expectAccessibleAtBothWidths } from './support/a11y-sweep.ts';
import { openStepTwo } from './support/booking-seed.ts';
import { expect, test } from './support/fixtures.ts';
import { completeStepTwo } from './support/journey-step-two.ts';
import { createPaidBooking, findSlot } from './support/paid-booking.ts';
import { COURSES, weekdayAhead } from './support/step-one-api.ts';
import {
  chooseDate,
  chooseUnder16,
  continueButton,
  courseTeeTimes,
  expectTeeSheetFor,
  openStepOne,
  reopenTeeTimes,
  setGolferCount,
  slotButton,
  toggleCourse,
} from './support/step-one-page.ts';

// Issue 8, point 4: axe-core (WCAG 2.0-2.2 A and AA) on the routes and states no other journey already checks.
// Already checked with axe elsewhere, and so not repeated here:
//   /                  initial (site-shell), combination dialog open and a tee time needing attention (step-one),
//                      step 1 on a phone (step-one)
//   /contact-details   empty, with every field error, booking for someone else, unrecognised booking, 375 px
//                      (contact-details)
//   expired overlay    on step 2 at 1280 and 375 px, focus kept in it (booking-shell)
//   /payment-details   the form (booking-journey), the declined-card error banner (payment)
//   /confirmation/<n>  the booking at 1280 and 375 px, the PIN form after an expired or tampered link and with a
//                      wrong PIN, the caddie manager, the restaurant widget modal, the pay-later due banner, the
//                      payment return succeeded (with the newsletter notice) and failed (confirmation)
//   /login, /forgot-password (form and sent), /reset (expired and form), /manage-account, operator step 2 (operator)
//   /maintenance (maintenance.global), the 404 page (site-shell)

test.describe('step 1', () => {
  test('four golfers with the under-16 warning and the messages of an incomplete selection', async ({
    page,
  }) => {
    await openStepOne(page);
    await setGolferCount(page, 4);
    await chooseUnder16(page, 3);
    await expect(page.getByRole('button', { name: 'Add a Golfer' })).toHaveCount(0);
    // Continue cannot be pressed yet and says so; no message calls anything wrong before a course was touched.
    await expect(continueButton(page)).toBeDisabled();
    await expect(continueButton(page)).toHaveText('Complete your selection to continue');
    await expect(page.getByText('Please select at least one course.')).toHaveCount(0);
    await expectAccessibleAtBothWidths(page, 'step-one-four-golfers');

    // Two courses with no tee time yet: both calendars, and the message that tee times are missing.
    await toggleCourse(page, COURSES.championship.name);
    await toggleCourse(page, COURSES.burnside.name);
    await expect(courseTeeTimes(page, COURSES.championship.name).getByRole('grid')).toBeVisible();
    await expect(courseTeeTimes(page, COURSES.burnside.name).getByRole('grid')).toBeVisible();
    await expect(page.getByText('Please select tee times for all courses.').first()).toBeVisible();
    await expect(continueButton(page)).toHaveAccessibleDescription(/Please select tee times/);
    await expectAccessibleAtBothWidths(page, 'step-one-missing-tee-times');
  });

  test('two tee sheets, both tee times chosen, caddies on some rounds', async ({ page }) => {
    // Only viewed: nothing is held until Continue, so any day will do.
    const date = weekdayAhead(63, 1);
    await openStepOne(page);
    await setGolferCount(page, 2);
    await toggleCourse(page, COURSES.championship.name);
    await toggleCourse(page, COURSES.buddonLinks.name);
    await chooseDate(page, COURSES.championship.name, date);
    await expectTeeSheetFor(page, COURSES.championship.name, date);
    await expectTeeSheetFor(page, COURSES.buddonLinks.name, date);
    // The tee sheets with their legends and tooltips.
    await expectAccessibleAtBothWidths(page, 'step-one-tee-sheets');

    await slotButton(page, COURSES.championship.name, '10:00').click();
    await slotButton(page, COURSES.buddonLinks.name, '15:00').click();
    await expect(page.getByRole('button', { name: 'Change choose your tee times' })).toBeVisible();
    await page.getByRole('radio', { name: /Caddies on some rounds/ }).check();
    const perRound = page.getByRole('combobox', { name: `Caddies on the ${COURSES.championship.name}` });
    await expect(perRound).toBeVisible();
    await perRound.selectOption({ index: 1 });
    await expect(continueButton(page)).toBeEnabled();
    // Closed tee-time section with its summary, the caddie choices and the priced summary.
    await expectAccessibleAtBothWidths(page, 'step-one-caddies-some-rounds');

    await reopenTeeTimes(page);
    await expect(slotButton(page, COURSES.championship.name, '10:00')).toHaveAccessibleName(/Selected/);
    await expectAccessibleAtBothWidths(page, 'step-one-tee-times-reopened');
  });
});

test('step 3 with the card form errors, then when the time limit is reached', async ({ page }) => {
  await page.clock.install();
  await openStepTwo(page, 33);
  await completeStepTwo(page);

  const card = page.getByRole('form', { name: 'Card payment' });
  await expect(card.getByRole('textbox', { name: 'Card number' })).toBeVisible();
  // Leaving the card fields empty by walking through them, as a keyboard user would.
  await card.getByRole('textbox', { name: 'Name on card' }).focus();
  for (let step = 0; step < 4; step += 1) await page.keyboard.press('Tab');
  await expect(card.getByRole('textbox', { name: 'Card number' })).toHaveAttribute('aria-invalid', 'true');
  await expectAccessibleAtBothWidths(page, 'payment-card-errors');

  // Ten minutes on: the reservation lapses and the overlay takes over the page.
  await page.clock.fastForward('10:30');
  const overlay = page.getByRole('alertdialog', { name: 'Oh no, you ran out of time' });
  await expect(overlay).toBeVisible();
  await expect(overlay.getByRole('button', { name: 'Start a new booking' })).toBeFocused();
  await expect(page.getByRole('button', { name: /^Pay £/ })).toHaveCount(0);
  await expectAccessibleAtBothWidths(page, 'payment-time-limit');
});

test.describe('the PIN gate', () => {
  test('empty, with its field errors, and for an address that is not a booking number', async ({ page }) => {
    await page.goto('/confirmation');
    const heading = page.getByRole('heading', { level: 1, name: 'This page is protected for your security' });
    await expect(heading).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'pin-gate');

    await page.getByRole('button', { name: 'View booking' }).click();
    const bookingNumber = page.getByRole('textbox', { name: /Booking number/ });
    await expect(bookingNumber).toHaveAttribute('aria-invalid', 'true');
    await expect(bookingNumber).toBeFocused();
    await expectAccessibleAtBothWidths(page, 'pin-gate-errors');

    await page.goto('/confirmation/not-a-booking');
    await expect(heading).toBeVisible();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'pin-gate-unknown-booking');
  });
});

test('the booking page with each newsletter message', async ({ page, axe, request }) => {
  const slot = await findSlot(request, COURSES.championship.id, 2, 24 * 63, 24 * 70);
  const booking = await createPaidBooking({ rounds: [{ courseId: COURSES.championship.id, slot }] });
  for (const [status, title] of [
    ['already_subscribed', 'You are already on our mailing list'],
    ['unsubscribed', 'You have been unsubscribed'],
  ] as const) {
    await page.goto(`${booking.signedPath}&nl=${status}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Tee-rific! Your booking is confirmed' }),
    ).toBeVisible();
    await expect(page.getByText(title)).toBeVisible();
    await expect(page.getByText(booking.bookingNumber).first()).toBeVisible();
    await axe();
  }
});
