import { expect, type Page } from '@playwright/test';
import { E2E_API_KEY } from './env.ts';

// Puts the page's own visitor at step 2 without driving step 1: a real POST /v1/bookings and POST /v1/tickets/prices
// from inside the page (its session cookie and CSRF token, so step 2 may save against the booking), then the booking
// state written into sessionStorage exactly as step 1's Continue leaves it.

export const BURNSIDE = { id: 2, name: 'Burnside Course', course_completion_time: 4 } as const;

type Slot = { id: number; slot_date_time: string; bookings: unknown[] };

function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

function isWeekday(date: string): boolean {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  return weekday >= 1 && weekday <= 5;
}

const ukToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', dateStyle: 'short' }).format(Date.now());

export type SeededBooking = { id: number; dateCreated: string; slotTime: string };

/** Opens `/`, holds one golfer's place on a free Burnside tee time `daysAhead` days on, and stores step 1 as saved. */
export async function seedStepTwo(page: Page, daysAhead = 20): Promise<SeededBooking> {
  await page.goto('/');
  // Hydrated, not only painted (the prerendered page shows before its scripts start): the app saves its empty booking
  // state once it starts, and that save must come before the seed's, not overwrite it.
  await expect(page.getByRole('button', { name: 'Add a Golfer' })).toBeEnabled();
  let date = addDays(ukToday(), daysAhead);
  while (!isWeekday(date)) date = addDays(date, 1);

  return page.evaluate(
    async ({ apiKey, date, course }) => {
      const base = { 'X-Api-Key': apiKey, 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };
      const csrfAnswer = await fetch('/csrf', { headers: base });
      if (!csrfAnswer.ok) throw new Error(`GET /csrf: ${csrfAnswer.status}`);
      const token = decodeURIComponent(document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '');
      const headers = { ...base, 'Content-Type': 'application/json', 'X-XSRF-TOKEN': token };
      const call = async (path: string, init: RequestInit = {}) => {
        const response = await fetch(path, { headers, ...init });
        const text = await response.text();
        if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text}`);
        return JSON.parse(text).data;
      };
      const slots = (await call(`/v1/courses/${course.id}/diary?start_date=${date}`)) as Slot[];
      const slot = slots.find((candidate) => candidate.bookings.length === 0) ?? slots[0];
      if (!slot) throw new Error(`no Burnside tee times on ${date}`);
      const golfers = [{ id: 1, playerTypeId: 1 }];
      const priced = await call('/v1/tickets/prices', {
        method: 'POST',
        body: JSON.stringify({ golfers, courses: [{ id: course.id, teeTime: { date } }] }),
      });
      const teeTime = { id: slot.id, time: slot.slot_date_time, isValid: true };
      const courses = [
        {
          ...course,
          closing_date: null,
          playDate: date,
          viewMonth: date.slice(0, 7),
          teeTime,
          caddies: 0,
          caddiesTotal: 0,
        },
      ];
      const totals = { ...priced.totals, paid: 0, due: priced.totals.payable };
      const pricedGolfers = golfers.map((golfer) => {
        const { id: _id, ...fields } = priced.golfers.find((g: { id: number }) => g.id === golfer.id);
        return { ...golfer, ...fields };
      });
      const saved = await call('/v1/bookings', {
        method: 'POST',
        body: JSON.stringify({
          courses: courses.map((c) => ({ id: c.id, playDate: c.playDate, teeTime: c.teeTime, caddies: 0 })),
          golfers,
          totals,
          notes: '',
          caddiesOption: 'none',
          booking: { id: null },
        }),
      });
      const state = {
        golfers: pricedGolfers,
        courses,
        notes: '',
        caddiesOption: 'none',
        syncedDateMode: true,
        totals,
        booking: {
          submitted: false,
          id: saved.booking_id,
          date_created: saved.date_created,
          payment_intent: null,
          is_expired: false,
          countdown_started: false,
        },
        // What step 1's save keeps (step-one-snapshot.ts): the selection, not its prices.
        lastSaved: {
          step1: {
            courses,
            golfers: pricedGolfers.map(({ id, playerTypeId }) => ({ id, playerTypeId })),
            notes: '',
          },
          step2: null,
        },
      };
      sessionStorage.setItem('links.booking', JSON.stringify({ version: 1, state }));
      return { id: saved.booking_id, dateCreated: saved.date_created, slotTime: slot.slot_date_time };
    },
    { apiKey: E2E_API_KEY, date, course: BURNSIDE },
  );
}

/** The golfer's details, as a person types them. */
export const GOLFER = {
  firstName: 'Ada',
  surname: 'Fairway',
  email: 'ada.fairway@example.com',
  phone: '07400 123456',
  address1: '1 Links Parade',
  city: 'Carnoustie',
  county: 'Angus',
  postcode: 'DD7 7JE',
} as const;

/** Seeds step 1 as saved (seedStepTwo) and opens step 2, '/contact-details', in a window of `viewport` if given. */
export async function openStepTwo(
  page: Page,
  daysAhead?: number,
  viewport?: { width: number; height: number },
): Promise<SeededBooking> {
  if (viewport) await page.setViewportSize(viewport);
  const booking = await seedStepTwo(page, daysAhead);
  await page.goto('/contact-details');
  return booking;
}
