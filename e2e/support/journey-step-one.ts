import { expect, type Locator, type Page } from '@playwright/test';

// Step 1 ('/') of the booking journeys, driven as a person does: by role and visible text.

const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 'April 2027' for '2027-04-06'. */
function monthLabel(date: string): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return monthFormat.format(Date.UTC(year, month - 1, 1));
}

export type Round = { course: string; time: string };

export type StepOneChoice = {
  golfers: number;
  /** One UK date (yyyy-MM-dd) for every round: synced dates are on by default. */
  date: string;
  rounds: Round[];
};

function teeTimesOf(page: Page, course: string): Locator {
  return page.getByRole('article', { name: `${course} date and tee time` });
}

/** Builds the booking on '/' and continues to step 2, which saves it (the reservation countdown starts). */
export async function completeStepOne(page: Page, choice: StepOneChoice): Promise<void> {
  await chooseStepOne(page, choice);
  await page.getByRole('button', { name: 'Continue to contact details' }).click();
  await expect(page).toHaveURL(/\/contact-details$/);
}

/** Builds the booking on '/' up to an enabled 'Continue to contact details', without pressing it. */
export async function chooseStepOne(page: Page, choice: StepOneChoice): Promise<void> {
  await page.goto('/');
  await expect(page.getByText('Golfer 1', { exact: true })).toBeVisible();
  const playerTypes = page.getByRole('combobox', { name: /^Player type for golfer \d$/ });
  for (let count = await playerTypes.count(); count < choice.golfers; count += 1) {
    await page.getByRole('button', { name: 'Add a Golfer' }).click();
    await expect(playerTypes).toHaveCount(count + 1);
  }

  for (const { course } of choice.rounds) {
    const card = page.getByRole('button', { name: course, exact: true });
    await card.click();
    await expect(card).toHaveAttribute('aria-pressed', 'true');
  }

  // Synced dates: the day picked on the first course is every course's day.
  const first = choice.rounds[0];
  if (!first) throw new Error('A booking needs at least one round');
  const calendar = teeTimesOf(page, first.course);
  await calendar
    .getByRole('combobox', { name: `Month for ${first.course}` })
    .selectOption({ label: monthLabel(choice.date) });
  const day = Number(choice.date.slice(8));
  await calendar
    .getByRole('grid')
    .getByRole('button', { name: new RegExp(`^${day} ${monthLabel(choice.date)},`) })
    .click();

  for (const [index, { course, time }] of choice.rounds.entries()) {
    const slot = teeTimesOf(page, course).getByRole('button', { name: new RegExp(`^${time}`) });
    await slot.click();
    // The last choice completes the section, which then closes itself (at 768 px and wider).
    if (index < choice.rounds.length - 1) await expect(slot).toHaveAttribute('aria-pressed', 'true');
  }

  const next = page.getByRole('button', { name: 'Continue to contact details' });
  await expect(next).toBeEnabled({ timeout: 15_000 });
}
