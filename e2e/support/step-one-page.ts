import { expect, type Locator, type Page } from '@playwright/test';

// Step 1 ('/') as a person sees it: controls found by role and visible text only.

const monthName = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 'December 2026' for '2026-12-03'. */
export function monthLabel(date: string): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return monthName.format(Date.UTC(year, month - 1, 1));
}

export async function openStepOne(page: Page): Promise<void> {
  await page.goto('/');
  // The first golfer appears once the player types have loaded.
  await expect(page.getByText('Golfer 1', { exact: true })).toBeVisible();
}

/** Makes golfer `position` an under-16, which shows the advice that they come with an adult. */
export async function chooseUnder16(page: Page, position: number): Promise<void> {
  await page
    .getByRole('combobox', { name: `Player type for golfer ${position}` })
    .selectOption({ label: 'Under 16' });
  await expect(
    page.getByText(/Golfers under 16 are recommended to be accompanied by an adult/),
  ).toBeVisible();
}

export async function setGolferCount(page: Page, count: number): Promise<void> {
  for (;;) {
    const shown = await page.getByRole('combobox', { name: /^Player type for golfer \d$/ }).count();
    if (shown === count) return;
    if (shown < count) {
      await page.getByRole('button', { name: 'Add a Golfer' }).click();
    } else {
      await page.getByRole('button', { name: `Remove golfer ${shown}` }).click();
    }
    await expect(page.getByRole('combobox', { name: /^Player type for golfer \d$/ })).toHaveCount(
      shown < count ? shown + 1 : shown - 1,
    );
  }
}

export function courseCard(page: Page, courseName: string): Locator {
  return page.getByRole('button', { name: courseName, exact: true });
}

export async function toggleCourse(page: Page, courseName: string): Promise<void> {
  const card = courseCard(page, courseName);
  const wasSelected = (await card.getAttribute('aria-pressed')) === 'true';
  await card.click();
  await expect(card).toHaveAttribute('aria-pressed', String(!wasSelected));
}

/** The calendar and tee sheet of one course. */
export function courseTeeTimes(page: Page, courseName: string): Locator {
  return page.getByRole('article', { name: `${courseName} date and tee time` });
}

/** The calendar's day button for a date ('3 December 2026, Thursday, Good availability'). */
export function dayButton(page: Page, courseName: string, date: string): Locator {
  const day = Number(date.slice(8));
  return courseTeeTimes(page, courseName)
    .getByRole('grid')
    .getByRole('button', { name: new RegExp(`^${day} ${monthLabel(date)},`) });
}

/** Shows the date's month in the course's calendar and picks the day. */
export async function chooseDate(page: Page, courseName: string, date: string): Promise<void> {
  const month = courseTeeTimes(page, courseName).getByRole('combobox', { name: `Month for ${courseName}` });
  await month.selectOption({ label: monthLabel(date) });
  await dayButton(page, courseName, date).click();
  await expect(dayButton(page, courseName, date).locator('xpath=..')).toHaveAttribute(
    'aria-selected',
    'true',
  );
}

/** The tee sheet's slot button starting at HH:mm; its accessible name is the time then what it shows. */
export function slotButton(page: Page, courseName: string, time: string): Locator {
  return courseTeeTimes(page, courseName).getByRole('button', { name: new RegExp(`^${time} `) });
}

/** Waits for the tee sheet of the course to show that date's slots (the date is in its subtitle). */
export async function expectTeeSheetFor(page: Page, courseName: string, date: string): Promise<void> {
  const sheet = courseTeeTimes(page, courseName);
  await expect(sheet.getByText('Available tee times')).toContainText(longDate(date));
  await expect(sheet.getByRole('button', { name: /^\d\d:\d\d / }).first()).toBeVisible();
}

/** Opens section 3 again if it closed itself once every course had a tee time (widths of 768 px and up). */
export async function reopenTeeTimes(page: Page): Promise<void> {
  const change = page.getByRole('button', { name: 'Change choose your tee times' });
  // The section closes itself after the choice has been saved into the booking state, which a busy machine may do
  // after a first look: keep looking (and reopening) until it stays open.
  await expect(async () => {
    if (await change.isVisible()) await change.click();
    await expect(change).toHaveCount(0, { timeout: 1_000 });
  }).toPass();
}

/** A slot button's accessible name: its time, then what it shows ('4 slots open', 'Unavailable', 'Selected'). */
export function slotName(time: string, shows: string): RegExp {
  return new RegExp(`^${time}\\s*${shows.replace(/[()]/g, '\\$&')}$`);
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** The months' English names, January first. */
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function ordinal(day: number): string {
  if (day % 100 >= 11 && day % 100 <= 13) return `${day}th`;
  return `${day}${['th', 'st', 'nd', 'rd'][day % 10] ?? 'th'}`;
}

/** '3rd December 2026' (the 'do MMMM yyyy' of spec section 2). */
export function ordinalDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${ordinal(day)} ${MONTHS[month - 1]} ${year}`;
}

/** 'Thursday 3rd December 2026', as the tee sheet's subtitle shows the day. */
export function longDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]} ${ordinalDate(date)}`;
}

/** 'do MMMM yyyy at h:mmaaa' for a UK date and HH:mm: '3rd December 2026 at 2:30pm'. */
export function summaryTeeTime(date: string, time: string): string {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${ordinalDate(date)} at ${hour12}:${String(minutes).padStart(2, '0')}${hours < 12 ? 'am' : 'pm'}`;
}

export function continueButton(page: Page): Locator {
  return page.getByRole('button', {
    name: /^(Continue to contact details|Complete your selection to continue)$/,
  });
}

export function summary(page: Page): Locator {
  return page.getByRole('complementary');
}
