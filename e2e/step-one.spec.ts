import type { Page } from '@playwright/test';
import { expect, saveScreenshot, test } from './support/fixtures.ts';
import { chooseStepOne } from './support/journey-step-one.ts';
import {
  addDays,
  COURSES,
  getDiary,
  seedBooking,
  slotAt,
  ukDate,
  ukTime,
  weekdayAhead,
} from './support/step-one-api.ts';
import {
  chooseDate,
  chooseUnder16,
  continueButton,
  courseCard,
  courseTeeTimes,
  dayButton,
  expectTeeSheetFor,
  monthLabel,
  openStepOne,
  reopenTeeTimes,
  setGolferCount,
  slotButton,
  slotName,
  summary,
  summaryTeeTime,
  toggleCourse,
} from './support/step-one-page.ts';

// Step 1 of the booking flow ('/'): spec sections 2 (Step 1), 4, 5 (Step 1) and 9. Each journey books on its own
// weekday (weekdayAhead(7, n)) so journeys running in parallel on the one server never meet in a slot.

const { championship, burnside, buddonLinks } = COURSES;

const MESSAGES = {
  noCourse: 'Please select at least one course.',
  missingTeeTimes: 'Please select tee times for all courses.',
  continueDisabled: 'Complete your selection to continue',
  invalidTeeTime: 'Needs attention - too many players selected',
  tooFewForTeeTime: 'Needs attention - too few players selected',
  championshipInfo:
    'On the Championship Course, we require at least two players to book a tee time with no existing reservations.',
  timeConflict: 'This tee time overlaps with a previously selected courses completion time.',
  combination: 'Nice one! You have selected a combination booking of two or more courses.',
  noCaddies:
    'Caddies cannot be booked online for tee times within 24 hours. Please contact reservations if you would like a caddie.',
  lateRounds: 'Caddies cannot be booked online for these rounds, as they are within 24 hours:',
} as const;

/** Two golfers on one course's tee time: its button shows `shows` before it is chosen, and step 1 is then complete. */
async function bookTwoGolfersOn(page: Page, course: string, date: string, time: string, shows: string) {
  await openStepOne(page);
  await setGolferCount(page, 2);
  await toggleCourse(page, course);
  await chooseDate(page, course, date);
  await expect(slotButton(page, course, time)).toHaveAccessibleName(slotName(time, shows));
  await slotButton(page, course, time).click();
  await expect(continueButton(page)).toHaveText('Continue to contact details');
}

test.describe('step 1 validation', () => {
  test('each message of spec section 5 until the selection is complete, then Continue', async ({ page }) => {
    const date = weekdayAhead(7, 0);
    await openStepOne(page);

    const action = continueButton(page);
    await expect(action).toHaveText(MESSAGES.continueDisabled);
    await expect(action).toBeDisabled();
    // Nothing is called wrong before the visitor has done anything (issue 25 §11): the label says what is missing.
    await expect(page.getByText(MESSAGES.noCourse)).toHaveCount(0);

    // Golfers: four slots, the spare ones say how many are available; under 16 shows the warning.
    await expect(page.getByText('You can include up to four golfers.')).toBeVisible();
    await expect(page.getByText('Up to 4 golfers available')).toHaveCount(2);
    // The only golfer cannot be removed (absent or disabled, never enabled).
    await expect(page.getByRole('button', { name: 'Remove golfer 1', disabled: false })).toHaveCount(0);
    await setGolferCount(page, 2);
    await chooseUnder16(page, 2);
    await setGolferCount(page, 4);
    await expect(page.getByRole('button', { name: 'Add a Golfer' })).toHaveCount(0);
    await setGolferCount(page, 2);

    await toggleCourse(page, burnside.name);
    await expect(page.getByText(MESSAGES.noCourse)).toHaveCount(0);
    await expect(page.getByText(MESSAGES.missingTeeTimes)).toBeVisible();
    await expect(action).toHaveText(MESSAGES.continueDisabled);
    await expect(action).toBeDisabled();

    // The calendar opens on this month: nothing earlier, and days before today cannot be chosen.
    const calendar = courseTeeTimes(page, burnside.name);
    await expect(calendar.getByRole('button', { name: `Previous month, ${burnside.name}` })).toBeDisabled();
    const today = ukDate(Date.now());
    await expect(dayButton(page, burnside.name, today).locator('xpath=..')).toHaveAttribute(
      'aria-selected',
      'true',
    );
    if (today.slice(8) !== '01') {
      const yesterday = dayButton(page, burnside.name, addDays(today, -1));
      await expect(yesterday).toHaveAttribute('aria-disabled', 'true');
      await expect(yesterday).toHaveAccessibleName(/not available$/);
    }

    await chooseDate(page, burnside.name, date);
    await expectTeeSheetFor(page, burnside.name, date);
    await expect(calendar.getByText('All times are UK local time.')).toBeVisible();
    await expect(calendar.getByRole('list', { name: 'Availability key' })).toContainText('Good availability');
    await slotButton(page, burnside.name, '10:00').click();

    await expect(page.getByText(MESSAGES.missingTeeTimes)).toHaveCount(0);
    await expect(action).toHaveText('Continue to contact details');
    await expect(action).toBeEnabled();

    // A second course without a tee time brings the message back and disables Continue again.
    await toggleCourse(page, buddonLinks.name);
    await expect(page.getByText(MESSAGES.missingTeeTimes)).toBeVisible();
    await expect(action).toHaveText(MESSAGES.continueDisabled);
    await expect(action).toBeDisabled();
    // Deselecting every course: now the first message, describing the disabled Continue.
    await toggleCourse(page, buddonLinks.name);
    await toggleCourse(page, burnside.name);
    await expect(page.getByText(MESSAGES.noCourse)).toBeVisible();
    await expect(action).toHaveAccessibleDescription(MESSAGES.noCourse);
  });

  test('a chosen tee time that no longer fits the group needs attention', async ({ page, request, axe }) => {
    const date = weekdayAhead(7, 2);
    // Another party of two holds half of Buddon Links 09:00.
    const slot = await slotAt(request, buddonLinks.id, date, '09:00');
    await seedBooking([{ courseId: buddonLinks.id, slotId: slot.id }], 2);

    await bookTwoGolfersOn(page, buddonLinks.name, date, '09:00', '2 slots open');

    // A third golfer no longer fits in the two free places.
    await setGolferCount(page, 3);
    await reopenTeeTimes(page);
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES.invalidTeeTime })).toBeVisible();
    await expect(slotButton(page, buddonLinks.name, '09:00')).toHaveAccessibleName(
      slotName('09:00', 'Selected'),
    );
    await expect(continueButton(page)).toHaveText(MESSAGES.continueDisabled);
    await expect(continueButton(page)).toBeDisabled();
    await expect(continueButton(page)).toHaveAccessibleDescription(MESSAGES.invalidTeeTime);
    // axe with the errors showing.
    await axe();

    await setGolferCount(page, 2);
    await expect(page.getByText(MESSAGES.invalidTeeTime)).toHaveCount(0);
    await expect(continueButton(page)).toHaveText('Continue to contact details');
    await expect(continueButton(page)).toBeEnabled();
  });
});

test('an unbooked Championship tee time left with one golfer says too few players, not too many', async ({
  page,
  axe,
}) => {
  const date = weekdayAhead(7, 10);
  await bookTwoGolfersOn(page, championship.name, date, '09:10', '4 slots open');

  await setGolferCount(page, 1);
  await reopenTeeTimes(page);
  await expect(page.getByRole('alert').filter({ hasText: MESSAGES.tooFewForTeeTime })).toBeVisible();
  await expect(page.getByText(MESSAGES.invalidTeeTime)).toHaveCount(0);
  // The Championship note beside it says why: an unbooked tee time there needs two players.
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.championshipInfo })).toBeVisible();
  await expect(continueButton(page)).toBeDisabled();
  await expect(continueButton(page)).toHaveAccessibleDescription(MESSAGES.tooFewForTeeTime);
  await axe();

  await setGolferCount(page, 2);
  await expect(page.getByText(MESSAGES.tooFewForTeeTime)).toHaveCount(0);
  await expect(continueButton(page)).toBeEnabled();
});

test('a failed save whose answer has no message shows the ERR-01 text, never the HTTP status text', async ({
  page,
}) => {
  // A proxy or a crash answers 500 with Fastify's bare shape or an HTML page: no message of the API's own.
  await page.route('**/v1/bookings', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ statusCode: 500, error: 'Internal Server Error' }),
        })
      : route.fallback(),
  );
  await chooseStepOne(page, {
    golfers: 1,
    date: weekdayAhead(7, 9),
    rounds: [{ course: burnside.name, time: '11:00' }],
  });
  await continueButton(page).click();
  const banner = page.getByRole('alert').filter({ hasText: 'There was an error saving your booking' });
  await expect(banner).toContainText(
    'An unexpected error occurred, please try again. If the problem persists, please contact us quoting ERR-01.',
  );
  await expect(page.getByText('Internal Server Error')).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
});

test('every slot display state with its tooltip', async ({ page, request }) => {
  const date = weekdayAhead(7, 1);
  // Other visitors: a three-ball in Burnside 10:00 (one place left) and a four-ball in 10:10 (full).
  const [threeBall, fourBall] = await Promise.all([
    slotAt(request, burnside.id, date, '10:00'),
    slotAt(request, burnside.id, date, '10:10'),
  ]);
  await seedBooking([{ courseId: burnside.id, slotId: threeBall.id }], 3);
  await seedBooking([{ courseId: burnside.id, slotId: fourBall.id }], 4);

  await openStepOne(page);
  await setGolferCount(page, 2);
  await toggleCourse(page, burnside.name);
  await toggleCourse(page, championship.name);
  // Synced dates are on by default: the day picked for Burnside is also Championship's.
  await chooseDate(page, burnside.name, date);
  await expectTeeSheetFor(page, burnside.name, date);
  await expectTeeSheetFor(page, championship.name, date);

  const tooMany = slotButton(page, burnside.name, '10:00');
  await expect(tooMany).toHaveAccessibleName(slotName('10:00', 'Too many golfers'));
  await expect(tooMany).toHaveAccessibleDescription('Only 1 place left for your 2 golfers.');
  await expect(tooMany).toHaveAttribute('aria-disabled', 'true');

  const full = slotButton(page, burnside.name, '10:10');
  await expect(full).toHaveAccessibleName(slotName('10:10', 'Unavailable'));
  await expect(full).toHaveAccessibleDescription('This tee time is fully booked.');
  await expect(full).toHaveAttribute('aria-disabled', 'true');

  const open = slotButton(page, burnside.name, '10:20');
  await expect(open).toHaveAccessibleName(slotName('10:20', '4 slots open'));
  await expect(open).toHaveAccessibleDescription('4 slots open. Select to choose this tee time.');

  // The tooltip is shown on hover.
  await tooMany.hover();
  await expect(page.getByRole('tooltip', { name: 'Only 1 place left for your 2 golfers.' })).toBeVisible();

  // Clicking a blocked slot changes nothing (force: Playwright itself would refuse an aria-disabled button);
  // clicking an open one selects it, and again clears it.
  await tooMany.click({ force: true });
  await expect(tooMany).toHaveAccessibleName(slotName('10:00', 'Too many golfers'));
  await expect(tooMany).toHaveAttribute('aria-pressed', 'false');
  await open.click();
  await expect(open).toHaveAccessibleName(slotName('10:20', 'Selected'));
  await expect(open).toHaveAttribute('aria-pressed', 'true');
  await expect(open).toHaveAccessibleDescription('Your chosen tee time. Select it again to clear it.');
  await open.click();
  await expect(open).toHaveAccessibleName(slotName('10:20', '4 slots open'));
  await open.click();
  await expect(open).toHaveAccessibleName(slotName('10:20', 'Selected'));

  // Championship (4.5 h round) against Burnside 10:20 (4 h round): 09:00 and 14:30 overlap, 15:00 does not.
  for (const time of ['09:00', '14:30']) {
    const conflict = slotButton(page, championship.name, time);
    await expect(conflict).toHaveAccessibleName(slotName(time, 'Time Conflict'));
    await expect(conflict).toHaveAccessibleDescription(MESSAGES.timeConflict);
    await expect(conflict).toHaveAttribute('aria-disabled', 'true');
  }
  await expect(slotButton(page, championship.name, '15:00')).toHaveAccessibleName(
    slotName('15:00', '4 slots open'),
  );
  await expect(page.getByText(MESSAGES.championshipInfo)).toHaveCount(0);

  // One golfer: an empty Championship slot needs two; Burnside's three-ball now has room.
  await setGolferCount(page, 1);
  const minTwo = slotButton(page, championship.name, '15:00');
  await expect(minTwo).toHaveAccessibleName(slotName('15:00', 'Min 2 golfers'));
  await expect(minTwo).toHaveAccessibleDescription(MESSAGES.championshipInfo);
  await expect(minTwo).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.championshipInfo })).toBeVisible();
  await expect(tooMany).toHaveAccessibleName(slotName('10:00', '1 slot open'));
  await expect(tooMany).toHaveAccessibleDescription('1 slot open. Select to choose this tee time.');
  await expect(full).toHaveAccessibleName(slotName('10:10', 'Unavailable'));
  await expect(open).toHaveAccessibleName(slotName('10:20', 'Selected'));

  await saveScreenshot(page, 'step-one-slot-states');
});

test.describe('synced dates', () => {
  test('on: a day or month picked on one course applies to all; off: each course keeps its own', async ({
    page,
  }) => {
    const first = weekdayAhead(7, 3);
    const second = weekdayAhead(7, 4);
    await openStepOne(page);
    await toggleCourse(page, burnside.name);
    // One course: no switch.
    await expect(page.getByRole('switch', { name: 'Play all courses on the same date' })).toHaveCount(0);
    await toggleCourse(page, buddonLinks.name);
    const toggle = page.getByRole('switch', { name: 'Play all courses on the same date' });
    await expect(toggle).toHaveAttribute('aria-checked', 'true');

    await chooseDate(page, burnside.name, first);
    await expect(dayButton(page, buddonLinks.name, first).locator('xpath=..')).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expectTeeSheetFor(page, buddonLinks.name, first);

    // The month shown follows too.
    const later = addDays(first.slice(0, 8).concat('01'), 40);
    await courseTeeTimes(page, buddonLinks.name)
      .getByRole('combobox', { name: `Month for ${buddonLinks.name}` })
      .selectOption({ label: monthLabel(later) });
    await expect(
      courseTeeTimes(page, burnside.name).getByRole('combobox', { name: `Month for ${burnside.name}` }),
    ).toHaveValue(later.slice(0, 7));

    // Off: picking a day on Buddon Links leaves Burnside's day alone.
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByText('Each course has its own date.')).toBeVisible();
    await chooseDate(page, buddonLinks.name, second);
    await expectTeeSheetFor(page, buddonLinks.name, second);
    // Burnside keeps its own day (and shows the month it was last moved to).
    await expectTeeSheetFor(page, burnside.name, first);
    await expect(
      courseTeeTimes(page, burnside.name).getByRole('combobox', { name: `Month for ${burnside.name}` }),
    ).toHaveValue(later.slice(0, 7));
  });
});

/** The first slot of any course that starts between 30 minutes and 23 hours from now: inside the caddie cut-off. */
async function slotWithin24Hours(request: Parameters<typeof getDiary>[0]) {
  const now = Date.now();
  const today = ukDate(now);
  for (const course of [buddonLinks, burnside, championship]) {
    for (const date of [today, addDays(today, 1)]) {
      const slot = (await getDiary(request, course.id, date)).find((candidate) => {
        const starts = Date.parse(candidate.slot_date_time);
        return (
          starts > now + 30 * 60_000 &&
          starts < now + 23 * 3_600_000 &&
          candidate.bookings.reduce((sum, booking) => sum + booking.players, 0) === 0
        );
      });
      if (slot) return { course, date, time: ukTime(slot.slot_date_time) };
    }
  }
  throw new Error('no empty tee slot starts within the next 24 hours on any course');
}

test.describe('caddies', () => {
  test('all, some and none, counts capped at the golfers, and the 24-hour alerts', async ({
    page,
    request,
  }) => {
    const date = weekdayAhead(7, 5);
    const soon = await slotWithin24Hours(request);
    const eligibleCourse = soon.course.id === burnside.id ? buddonLinks : burnside;

    await openStepOne(page);
    await setGolferCount(page, 2);

    // Only a round within 24 hours: no caddies at all.
    await toggleCourse(page, soon.course.name);
    await chooseDate(page, soon.course.name, soon.date);
    await slotButton(page, soon.course.name, soon.time).click();
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES.noCaddies })).toBeVisible();
    await expect(page.getByRole('radio')).toHaveCount(0);

    // Add a round a week away: caddies on that one, with a warning listing the late round.
    await toggleCourse(page, eligibleCourse.name);
    await reopenTeeTimes(page);
    await page.getByRole('switch', { name: 'Play all courses on the same date' }).click();
    await chooseDate(page, eligibleCourse.name, date);
    await slotButton(page, eligibleCourse.name, '14:00').click();
    const warning = page.getByRole('status').filter({ hasText: MESSAGES.lateRounds });
    await expect(warning).toBeVisible();
    await expect(warning).toContainText(`${soon.course.name}, ${summaryTeeTime(soon.date, soon.time)}`);
    await expect(warning).not.toContainText(eligibleCourse.name);
    await expect(page.getByText(MESSAGES.noCaddies)).toHaveCount(0);

    // One eligible round: 'some' means nothing and is not offered.
    await expect(page.getByRole('radio', { name: /Caddies on some rounds/ })).toBeDisabled();
    await expect(page.getByRole('radio', { name: /^No caddies/ })).toBeChecked();
    await page.getByRole('radio', { name: /Caddies on all rounds/ }).check();
    const perRound = page.getByRole('combobox', { name: 'Caddies per round' });
    // Two golfers: at most two caddies.
    await expect(perRound.getByRole('option')).toHaveText(['No caddies required', 'One (1)', 'Two (2)']);
    await perRound.selectOption({ label: 'Two (2)' });
    await expect(page.getByText('Caddie fees are paid in cash on the day, not online.')).toBeVisible();
    await expect(summary(page).getByText('2 caddies')).toBeVisible();
    await expect(summary(page).getByText('Caddie fees, paid in cash on the day')).toBeVisible();

    // Four golfers raise the cap to four.
    await setGolferCount(page, 4);
    await expect(perRound.getByRole('option')).toHaveText([
      'No caddies required',
      'One (1)',
      'Two (2)',
      'Three (3)',
      'Four (4)',
    ]);

    // Replace the late round by a second round a week away: now 'some' offers a count per course.
    await setGolferCount(page, 2);
    await reopenTeeTimes(page);
    await toggleCourse(page, soon.course.name);
    const third = soon.course.id === championship.id ? buddonLinks : championship;
    await toggleCourse(page, third.name);
    await chooseDate(page, third.name, addDays(date, 1));
    await slotButton(page, third.name, '14:00').click();
    await expect(page.getByText(MESSAGES.lateRounds)).toHaveCount(0);
    await page.getByRole('radio', { name: /Caddies on some rounds/ }).check();
    const first = page.getByRole('combobox', { name: `Caddies on the ${eligibleCourse.name}` });
    const second = page.getByRole('combobox', { name: `Caddies on the ${third.name}` });
    await first.selectOption({ label: 'One (1)' });
    await second.selectOption({ label: 'No caddies required' });
    await expect(summary(page).getByText('1 caddie', { exact: true })).toBeVisible();
    await expect(second.getByRole('option')).toHaveText(['No caddies required', 'One (1)', 'Two (2)']);

    await page.getByRole('radio', { name: /^No caddies/ }).check();
    await expect(page.getByRole('combobox', { name: /^Caddies/ })).toHaveCount(0);
    await expect(summary(page).getByText(/\d caddies?$/)).toHaveCount(0);
  });
});

test.describe('combination rates and keyboard', () => {
  test('the combination banner and its dialog; Escape and Close return the focus', async ({ page, axe }) => {
    await openStepOne(page);
    await toggleCourse(page, championship.name);
    await expect(page.getByText(MESSAGES.combination)).toHaveCount(0);
    await toggleCourse(page, burnside.name);
    await expect(page.getByText(MESSAGES.combination)).toBeVisible();
    // The selected cards show their check overlay (the card reads as pressed).
    await expect(courseCard(page, championship.name)).toHaveAttribute('aria-pressed', 'true');

    const link = page.getByRole('button', { name: 'Booking Combination Rates' });
    await link.click();
    const dialog = page.getByRole('dialog', { name: 'Booking Combination Rates' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('row', { name: /Championship/ })).toContainText('09:00–12:20');
    await expect(dialog.getByText(/Combination packages are valid from 1 April to 31 October/)).toBeVisible();
    await expect(dialog.getByText(/rental clubs/)).toBeVisible();
    await axe();

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(link).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(link).toBeFocused();

    await toggleCourse(page, championship.name);
    await expect(page.getByText(MESSAGES.combination)).toHaveCount(0);
  });

  test('the calendar and the tee sheet work with the arrow keys', async ({ page }) => {
    const date = weekdayAhead(7, 6);
    await openStepOne(page);
    await toggleCourse(page, burnside.name);
    await chooseDate(page, burnside.name, date);
    await expectTeeSheetFor(page, burnside.name, date);

    // Calendar: the chosen day holds the one tab stop; arrows move by day and week, Enter picks.
    const chosen = dayButton(page, burnside.name, date);
    await chosen.focus();
    await page.keyboard.press('ArrowRight');
    await expect(dayButton(page, burnside.name, addDays(date, 1))).toBeFocused();
    await page.keyboard.press('ArrowDown');
    const weekLater = addDays(date, 8);
    await expect(dayButton(page, burnside.name, weekLater)).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(dayButton(page, burnside.name, addDays(date, 7))).toBeFocused();
    await page.keyboard.press('Enter');
    await expectTeeSheetFor(page, burnside.name, addDays(date, 7));

    // Tee sheet: one tab stop, arrows move between slots, Space selects.
    const firstSlot = slotButton(page, burnside.name, '10:00');
    await firstSlot.focus();
    await page.keyboard.press('ArrowRight');
    const second = slotButton(page, burnside.name, '10:10');
    await expect(second).toBeFocused();
    await page.keyboard.press('End');
    const last = courseTeeTimes(page, burnside.name)
      .getByRole('button', { name: /^\d\d:\d\d / })
      .last();
    await expect(last).toBeFocused();
    await page.keyboard.press('Home');
    await expect(firstSlot).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    // One course with its tee time: the section closes itself at this width; open it to see the slot.
    await reopenTeeTimes(page);
    await expect(second).toHaveAccessibleName(slotName('10:10', 'Selected'));
  });
});

test('the summary: per-golfer prices, net, VAT at 20%, Total Payable and the tee time', async ({ page }) => {
  const date = weekdayAhead(7, 7);
  const month = Number(date.slice(5, 7));
  const summer = month >= 4 && month <= 10;
  // Burnside green fees (apps/api/src/db/seed/reference-data.ts): adult 5500 / 9500, under 16 2750 / 4750 pence.
  const adult = summer ? 9500 : 5500;
  const junior = summer ? 4750 : 2750;
  const money = (pence: number) => `£${(pence / 100).toFixed(2)}`;
  const payable = adult + junior;
  const net = Math.round(payable / 1.2);

  await openStepOne(page);
  await setGolferCount(page, 2);
  await page.getByRole('combobox', { name: 'Player type for golfer 2' }).selectOption({ label: 'Under 16' });
  await toggleCourse(page, burnside.name);
  await chooseDate(page, burnside.name, date);
  await slotButton(page, burnside.name, '14:30').click();

  const panel = summary(page);
  await expect(panel.getByText(summaryTeeTime(date, '14:30'))).toBeVisible();
  await expect(panel).toContainText(new RegExp(`Golfer 1\\s*Adult.*?${money(adult).replace('.', '\\.')}`));
  await expect(panel).toContainText(
    new RegExp(`Golfer 2\\s*Under 16.*?${money(junior).replace('.', '\\.')}`),
  );
  await expect(panel).toContainText(`Net${money(net)}`);
  await expect(panel).toContainText(`VAT at 20%${money(payable - net)}`);
  await expect(panel).toContainText(`Total Payable${money(payable)}`);
  // The tee-time section closed itself (1280 px) and sums up the choice in the same format.
  await expect(page.getByRole('button', { name: 'Change choose your tee times' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Choose your tee times' })).toContainText(
    `${burnside.name} ${summaryTeeTime(date, '14:30')}`,
  );
  await expect(continueButton(page)).toHaveText('Continue to contact details');
  await saveScreenshot(page, 'step-one-summary-1280');
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('step 1 from golfers to Continue on a phone', async ({ page, axe }) => {
    const date = weekdayAhead(7, 8);
    await openStepOne(page);
    await setGolferCount(page, 2);
    await toggleCourse(page, burnside.name);
    await toggleCourse(page, buddonLinks.name);
    await expect(page.getByText(MESSAGES.combination)).toBeVisible();
    await chooseDate(page, burnside.name, date);
    await slotButton(page, burnside.name, '10:00').click();
    await expect(slotButton(page, buddonLinks.name, '10:00')).toHaveAccessibleName(
      slotName('10:00', 'Time Conflict'),
    );
    await slotButton(page, buddonLinks.name, '14:30').click();
    await expect(continueButton(page)).toHaveText('Continue to contact details');
    // Under 768 px sections stay open on completion.
    await expect(page.getByRole('button', { name: 'Done choose your tee times' })).toBeVisible();
    await expect(slotButton(page, buddonLinks.name, '14:30')).toBeVisible();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(375);
    await saveScreenshot(page, 'step-one-375');
    await axe();
  });
});
