// @vitest-environment happy-dom
import { STEP_ONE_MESSAGES } from '@links/shared/messages';
import { availabilityResponseSchema } from '@links/shared/schemas/availability';
import { caddiePricesResponseSchema } from '@links/shared/schemas/caddie-prices';
import { coursesResponseSchema } from '@links/shared/schemas/courses';
import { diaryResponseSchema } from '@links/shared/schemas/diary';
import { playersResponseSchema } from '@links/shared/schemas/players';
import { ticketPricesResponseSchema } from '@links/shared/schemas/ticket-prices';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedOut } from '@/test/api-handlers';
import { answer, apiServer, type Received, recorded, refuse, useApiServer, v1 } from '@/test/api-server';
import { TEST_COURSES, TEST_PLAYER_TYPES } from '@/test/course-fixtures';
import { renderRoute } from '@/test/render-route';
// The steps load lazily once a course is chosen: imported here, their first transform by the test runner happens
// before the tests, not inside an assertion's time limit on a loaded machine.
import './home/extras-step';
import './home/summary-step';
import './home/tee-times-step';

// Championship and Burnside only: the journeys below pick from these two.
const courses = TEST_COURSES.slice(0, 2);
// Two days ahead at 10:00Z: always bookable and more than 24 hours away, so caddies are offered.
const slotTime = new Date(Date.now() + 2 * 86_400_000);
slotTime.setUTCHours(10, 0, 0, 0);
const slots = [
  { id: 41, slot_date_time: slotTime.toISOString(), bookings: [] },
  {
    id: 42,
    slot_date_time: new Date(slotTime.getTime() + 600_000).toISOString(),
    bookings: [{ booking_id: 3, players: 4 }],
  },
];
const priced = {
  golfers: [
    {
      id: 1,
      net_price: 16667,
      total_vat: 3333,
      total_price: 20000,
      tickets: [],
      ticket_label: 'Burnside Course',
    },
    {
      id: 2,
      net_price: 16667,
      total_vat: 3333,
      total_price: 20000,
      tickets: [],
      ticket_label: 'Burnside Course',
    },
  ],
  totals: { net: 33334, vat: 6666, payable: 40000 },
};

/** Step 1's calls, answered as the API would; the save is refused (the tee time has just gone). */
function serveStepOne(
  calls: Received[] = [],
  prices: () => Response = () => answer(ticketPricesResponseSchema, { data: priced }),
) {
  apiServer.use(
    signedOut(),
    http.get(
      v1('/players'),
      recorded(calls, () => answer(playersResponseSchema, { data: TEST_PLAYER_TYPES })),
    ),
    http.get(
      v1('/courses'),
      recorded(calls, () => answer(coursesResponseSchema, { data: courses })),
    ),
    http.get(
      v1('/courses/:id/availability'),
      recorded(calls, () => answer(availabilityResponseSchema, { data: {} })),
    ),
    http.get(
      v1('/courses/:id/diary'),
      recorded(calls, () => answer(diaryResponseSchema, { data: slots })),
    ),
    http.post(v1('/tickets/prices'), recorded(calls, prices)),
    http.post(
      v1('/caddies/prices'),
      recorded(calls, () => answer(caddiePricesResponseSchema, { data: [] })),
    ),
    http.post(
      v1('/bookings'),
      recorded(calls, () =>
        refuse(409, { code: 'tee_time_unavailable', message: 'That tee time has just been taken.' }),
      ),
    ),
  );
}

const renderHome = () => renderRoute('/');

/** Opens the month of the slot's day in the course's calendar, chooses that day, then its open slot. */
async function chooseOpenSlot(user: ReturnType<typeof userEvent.setup>, panel: HTMLElement) {
  const dayOfSlot = slotTime.toLocaleDateString('en-GB', { day: 'numeric', timeZone: 'Europe/London' });
  const slotMonth = slotTime.toLocaleDateString('en-CA', { timeZone: 'Europe/London' }).slice(0, 7);
  const monthSelect = within(panel).getByRole('combobox') as HTMLSelectElement;
  if (monthSelect.value !== slotMonth) await user.selectOptions(monthSelect, slotMonth);
  await user.click(within(panel).getByRole('button', { name: new RegExp(`^${dayOfSlot} `) }));
  return within(panel).findByRole('button', { name: /slots open/ });
}

describe('step 1, create experience', () => {
  useApiServer();
  beforeEach(() => {
    document.body.innerHTML = '<div id="modal-root"></div>';
    // biome-ignore lint/suspicious/noDocumentCookie: the API client reads the CSRF cookie.
    document.cookie = 'XSRF-TOKEN=test; path=/';
    window.sessionStorage.clear();
  });
  afterEach(() => cleanup());

  it('calls nothing wrong before the visitor acts, and asks for a course once one was chosen and given up', {
    timeout: 20_000,
  }, async () => {
    serveStepOne();
    const user = userEvent.setup();
    renderHome();
    const burnside = await screen.findByRole('button', { name: /Burnside Course/ });
    expect(screen.queryByText(STEP_ONE_MESSAGES.noCourse)).toBeNull();
    await user.click(burnside);
    await waitFor(() => expect(burnside.getAttribute('aria-pressed')).toBe('true'));
    await user.click(burnside);
    await waitFor(() => expect(burnside.getAttribute('aria-pressed')).toBe('false'));
    expect(screen.getByText(STEP_ONE_MESSAGES.noCourse)).toBeTruthy();
    expect(
      screen
        .getByRole('button', { name: STEP_ONE_MESSAGES.continueDisabled })
        .getAttribute('aria-describedby'),
    ).toBeTruthy();
  });

  it('goes from golfers and a course to a priced tee time, and shows the save error on Continue', {
    timeout: 20_000,
  }, async () => {
    const calls: Received[] = [];
    serveStepOne(calls);
    const user = userEvent.setup();
    renderHome();

    await screen.findByText('Golfer 1', { exact: true });
    const disabled = screen.getByRole('button', {
      name: STEP_ONE_MESSAGES.continueDisabled,
    }) as HTMLButtonElement;
    expect(disabled.disabled).toBe(true);
    // No validation before the visitor has done anything (issue 25 §11).
    expect(screen.queryByText(STEP_ONE_MESSAGES.noCourse)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Add a Golfer' }));
    await user.click(await screen.findByRole('button', { name: /Burnside Course/ }));
    const panel = await screen.findByRole(
      'article',
      { name: 'Burnside Course date and tee time' },
      { timeout: 10_000 },
    );
    expect(await screen.findByText(STEP_ONE_MESSAGES.missingTeeTimes)).toBeTruthy();

    // Choose the slot's day in the calendar, then the open slot; the full one cannot be chosen.
    const open = await chooseOpenSlot(user, panel);
    expect(
      within(panel)
        .getByRole('button', { name: /Unavailable/ })
        .getAttribute('aria-disabled'),
    ).toBe('true');
    await user.click(open);

    await screen.findByText('Total Payable');
    expect(screen.getByText('£400.00')).toBeTruthy();
    expect(screen.getByText('VAT at 20%')).toBeTruthy();
    const priceCall = calls.find((call) => call.url === '/v1/tickets/prices');
    expect(priceCall?.body).toMatchObject({ golfers: [{}, {}] });
    const diaryCall = calls.find((call) => call.url.includes('/diary'));
    expect(diaryCall?.url).toMatch(
      /^\/v1\/courses\/2\/diary\?start_date=\d{4}-\d{2}-\d{2}&slot_type=1&filter_today=1$/,
    );

    // Extras appear once the tee time is chosen; the booking survives in sessionStorage.
    expect(await screen.findByRole('radio', { name: /No caddies/ })).toBeTruthy();
    expect(window.sessionStorage.getItem('links.booking')).toContain('"playerTypeId":1');

    const continueButton = await screen.findByRole('button', { name: 'Continue to contact details' });
    await waitFor(() => expect((continueButton as HTMLButtonElement).disabled).toBe(false));
    await user.click(continueButton);
    expect(await screen.findByText('That tee time has just been taken.')).toBeTruthy();
    expect(calls.some((call) => call.url === '/v1/bookings' && call.method === 'POST')).toBe(true);
  });

  it('explains a failed price look-up and keeps Continue disabled', { timeout: 20_000 }, async () => {
    serveStepOne([], () =>
      refuse(422, { code: 'no_green_fee', message: 'No green fee is set for that day.' }),
    );
    const user = userEvent.setup();
    renderHome();
    await screen.findByText('Golfer 1', { exact: true });
    await user.click(await screen.findByRole('button', { name: /Burnside Course/ }));
    const panel = await screen.findByRole(
      'article',
      { name: 'Burnside Course date and tee time' },
      { timeout: 10_000 },
    );
    await user.click(await chooseOpenSlot(user, panel));

    expect(await screen.findByText('There was an error loading the ticket prices')).toBeTruthy();
    expect(screen.getByText('No green fee is set for that day.')).toBeTruthy();
    const button = screen.getByRole('button', {
      name: STEP_ONE_MESSAGES.continueDisabled,
    }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });
});
