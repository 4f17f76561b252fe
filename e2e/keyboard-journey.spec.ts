import { expectVisibleFocus, focusedName, pressTimes, tabTo } from './support/a11y-keyboard.ts';
import { expect, test } from './support/fixtures.ts';
import { weekdayAhead } from './support/step-one-api.ts';
import { dayButton, expectTeeSheetFor, MONTHS, summaryTeeTime } from './support/step-one-page.ts';

// Issue 8, point 4: one booking from '/' to its confirmation page by keyboard alone. Only page.keyboard moves and
// acts (Tab, Shift+Tab, Enter, Space, arrows, typing into the focused field); locators only check where the focus
// is and what the page shows. Two golfers on the Burnside Course, a late tee time about eight weeks ahead (away from
// the other journeys' days), no caddies, the individual contact form, the sandbox card 4242 4242 4242 4242.

const COURSE = 'Burnside Course';
/** '2026-11-21' from a calendar day's name '21 November 2026, Saturday, Fully booked'. */
function dateOfDayName(name: string): string {
  const match = /^(\d{1,2}) (\w+) (\d{4}),/.exec(name);
  if (!match) throw new Error(`not a calendar day: ${name}`);
  const month = MONTHS.indexOf(match[2] as string) + 1;
  return `${match[3]}-${String(month).padStart(2, '0')}-${String(match[1]).padStart(2, '0')}`;
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);
}

test.use({ viewport: { width: 1280, height: 900 } });

test('a booking from / to its confirmation page by keyboard alone', async ({ page }) => {
  const keyboard = page.keyboard;
  const date = weekdayAhead(56, 3);

  await page.goto('/');
  await expect(page.getByText('Golfer 1', { exact: true })).toBeVisible();

  // The skip link is the first stop and leads into the main content.
  await keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expectVisibleFocus(page, 'the skip link');

  // 1. Golfers: a second one; the focus moves to the new golfer's player type.
  const add = page.getByRole('button', { name: 'Add a Golfer' });
  await tabTo(page, add);
  await expectVisibleFocus(page, 'Add a Golfer');
  await keyboard.press('Enter');
  const playerTypes = page.getByRole('combobox', { name: /^Player type for golfer \d$/ });
  await expect(playerTypes).toHaveCount(2);
  await expect(page.getByRole('combobox', { name: 'Player type for golfer 2' })).toBeFocused();
  await expect(page.getByRole('combobox', { name: 'Player type for golfer 2' })).toHaveValue('1');

  // 2. The course, by Space.
  const course = page.getByRole('button', { name: COURSE, exact: true });
  await tabTo(page, course);
  await expectVisibleFocus(page, 'the course card');
  await keyboard.press('Space');
  await expect(course).toHaveAttribute('aria-pressed', 'true');

  // 3. The day: the calendar is one tab stop; arrows walk by week and day, across months, and Enter picks.
  const teeTimes = page.getByRole('article', { name: `${COURSE} date and tee time` });
  const calendar = teeTimes.getByRole('grid');
  await tabTo(page, calendar);
  await expectVisibleFocus(page, 'the calendar day');
  const start = dateOfDayName(await focusedName(page));
  const distance = daysBetween(start, date);
  expect(distance, `${date} lies after the calendar's first focused day ${start}`).toBeGreaterThan(0);
  await pressTimes(page, 'ArrowDown', Math.floor(distance / 7));
  await pressTimes(page, 'ArrowRight', distance % 7);
  await expect(dayButton(page, COURSE, date)).toBeFocused();
  await keyboard.press('Enter');
  await expect(dayButton(page, COURSE, date).locator('xpath=..')).toHaveAttribute('aria-selected', 'true');
  await expectTeeSheetFor(page, COURSE, date);

  // 4. A late tee time: the sheet is one tab stop; End goes to the last slot, ArrowLeft back, Enter chooses.
  const slots = teeTimes.getByRole('button', { name: /^\d\d:\d\d / });
  await tabTo(page, slots.first());
  await expectVisibleFocus(page, 'the first tee time');
  await keyboard.press('End');
  await expect(slots.last()).toBeFocused();
  // Back from the last slot to the latest one with room for everyone (another journey may hold a later one).
  for (
    let presses = 0;
    presses < 10 && !/\d\d:\d\d\s*4 slots open$/.test(await focusedName(page));
    presses += 1
  ) {
    await keyboard.press('ArrowLeft');
  }
  const slotName = await focusedName(page);
  expect(slotName, 'a late slot with four places open has the focus').toMatch(/^\d\d:\d\d\s*4 slots open$/);
  const time = slotName.slice(0, 5);
  await keyboard.press('Enter');
  // The section closes itself once complete and keeps the focus on its Change button.
  const change = page.getByRole('button', { name: 'Change choose your tee times' });
  await expect(change).toBeFocused();
  await expectVisibleFocus(page, 'Change (tee times)');
  await expect(page.getByText(summaryTeeTime(date, time)).first()).toBeVisible();

  // 5. Caddies: none (the default), then Continue by Enter.
  const noCaddies = page.getByRole('radio', { name: /^No caddies/ });
  await tabTo(page, noCaddies);
  await expectVisibleFocus(page, 'No caddies');
  await keyboard.press('Space');
  await expect(noCaddies).toBeChecked();
  const toStepTwo = page.getByRole('button', { name: 'Continue to contact details' });
  await tabTo(page, toStepTwo);
  await expectVisibleFocus(page, 'Continue to contact details');
  await keyboard.press('Enter');
  await expect(page).toHaveURL(/\/contact-details$/, { timeout: 15_000 });
  await expect(page.getByRole('timer')).toBeVisible();

  // Step 2: the individual form, field by field.
  const lead = page.getByRole('radio', { name: /Yes, I am the lead player/ });
  await tabTo(page, lead);
  await expectVisibleFocus(page, 'the lead player choice');
  await keyboard.press('Space');
  await expect(lead).toBeChecked();
  const firstName = page.getByRole('textbox', { name: 'First name' });
  await tabTo(page, firstName, { max: 4 });
  await expectVisibleFocus(page, 'First name');
  await keyboard.type('Alasdair');
  await keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Last name' })).toBeFocused();
  await keyboard.type('Keyes');
  await keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Email address' })).toBeFocused();
  await keyboard.type('alasdair.keyes@example.com');
  await tabTo(page, page.getByRole('textbox', { name: 'Telephone number' }), { max: 3 });
  await keyboard.type('07400 123456');
  await keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Address line 1' })).toBeFocused();
  await keyboard.type('12 Grange Road');
  await tabTo(page, page.getByRole('textbox', { name: 'Town or city' }), { max: 3 });
  await keyboard.type('Dublin');
  await keyboard.press('Tab');
  await keyboard.type('County Dublin');
  await keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Postcode/Zipcode' })).toBeFocused();
  await keyboard.type('D06 F2X4');
  // The country select by keyboard: typing a name's first letters picks it.
  const country = page.getByRole('combobox', { name: 'Country', exact: true });
  await keyboard.press('Tab');
  await expect(country).toBeFocused();
  await expectVisibleFocus(page, 'the Country select');
  await keyboard.type('Irel');
  await expect(country).toHaveValue('IE');
  await expect(page.getByRole('textbox', { name: 'Telephone number' })).toHaveValue('+44 7400 123456');

  const toPayment = page.getByRole('button', { name: 'Continue to payment' });
  await tabTo(page, toPayment);
  await expectVisibleFocus(page, 'Continue to payment');
  await keyboard.press('Enter');
  await expect(page).toHaveURL(/\/payment-details$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Make your payment' })).toBeVisible();

  // Step 3: the sandbox card typed, the terms ticked by Space, Pay by Enter.
  const card = page.getByRole('form', { name: 'Card payment' });
  const nameOnCard = card.getByRole('textbox', { name: 'Name on card' });
  await tabTo(page, nameOnCard);
  await expectVisibleFocus(page, 'Name on card');
  await keyboard.type('Alasdair Keyes');
  await keyboard.press('Tab');
  await expect(card.getByRole('textbox', { name: 'Card number' })).toBeFocused();
  await keyboard.type('4242424242424242');
  await expect(card.getByRole('textbox', { name: 'Card number' })).toHaveValue('4242 4242 4242 4242');
  await keyboard.press('Tab');
  await expect(card.getByRole('textbox', { name: 'Expiry date' })).toBeFocused();
  await keyboard.type('1234');
  await expect(card.getByRole('textbox', { name: 'Expiry date' })).toHaveValue('12 / 34');
  await keyboard.press('Tab');
  await expect(card.getByRole('textbox', { name: 'Security code (CVC)' })).toBeFocused();
  await keyboard.type('123');

  const terms = page.getByRole('checkbox', { name: /I agree to the terms and conditions/ });
  await tabTo(page, terms, { max: 10 });
  await expectVisibleFocus(page, 'the terms checkbox');
  await keyboard.press('Space');
  await expect(terms).toBeChecked();
  const pay = page.getByRole('button', { name: /^Pay £[\d,]+\.\d\d and secure booking$/ });
  await tabTo(page, pay, { max: 10 });
  await expectVisibleFocus(page, 'the Pay button');
  await keyboard.press('Enter');

  await expect(page).toHaveURL(/\/confirmation\/\d{6,24}(\?|$)/, { timeout: 20_000 });
  await expect(
    page.getByRole('heading', { level: 1, name: 'Tee-rific! Your booking is confirmed' }),
  ).toBeVisible({ timeout: 15_000 });
  const bookingNumber = new URL(page.url()).pathname.split('/').at(-1) as string;
  await expect(page.getByText(bookingNumber).first()).toBeVisible();
  // The success view's way into the booking, by keyboard.
  const viewBooking = page.getByRole('link', { name: 'View your booking' });
  await tabTo(page, viewBooking, { max: 30 });
  await expectVisibleFocus(page, 'the View your booking link');
  await keyboard.press('Enter');
  await expect(page.getByText(summaryTeeTime(date, time)).first()).toBeVisible();
  // The confirmation page is usable from the keyboard too: its first stop after the header is reachable.
  await keyboard.press('Tab');
  await expectVisibleFocus(page, 'the first stop on the confirmation page');
});
