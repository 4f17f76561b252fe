// @vitest-environment happy-dom
import { STEP_ONE_MESSAGES } from '@links/shared/messages';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { TEST_COURSES } from '../../test/course-fixtures';
import { routes } from '../router';
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

type Call = { url: string; init?: RequestInit };

function stubApi(calls: Call[], pricesAnswer: () => Response = () => Response.json({ data: priced })) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push({ url, init });
      if (url.startsWith('/v1/players'))
        return Response.json({
          data: [
            { id: 1, name: 'Adult' },
            { id: 3, name: 'Under 16' },
          ],
        });
      if (url === '/v1/courses') return Response.json({ data: courses });
      if (url.includes('/availability')) return Response.json({ data: {} });
      if (url.includes('/diary')) return Response.json({ data: slots });
      if (url === '/v1/tickets/prices') return pricesAnswer();
      if (url === '/v1/caddies/prices') return Response.json({ data: [] });
      if (url === '/v1/bookings')
        return Response.json(
          { error: { code: 'slot_taken', message: 'That tee time has just been taken.' } },
          { status: 409 },
        );
      return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
    }),
  );
}

function renderHome() {
  const router = createMemoryRouter(routes, { initialEntries: ['/'] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('step 1, create experience', () => {
  beforeEach(() => {
    document.body.innerHTML = '<div id="modal-root"></div>';
    // biome-ignore lint/suspicious/noDocumentCookie: the API client reads the CSRF cookie.
    document.cookie = 'XSRF-TOKEN=test; path=/';
    window.sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('calls nothing wrong before the visitor acts, and asks for a course once one was chosen and given up', {
    timeout: 20_000,
  }, async () => {
    stubApi([]);
    renderHome();
    const burnside = await screen.findByRole('button', { name: /Burnside Course/ });
    expect(screen.queryByText(STEP_ONE_MESSAGES.noCourse)).toBeNull();
    fireEvent.click(burnside);
    await waitFor(() => expect(burnside.getAttribute('aria-pressed')).toBe('true'));
    fireEvent.click(burnside);
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
    const calls: Call[] = [];
    stubApi(calls);
    renderHome();

    await screen.findByText('Golfer 1', { exact: true });
    const disabled = screen.getByRole('button', {
      name: STEP_ONE_MESSAGES.continueDisabled,
    }) as HTMLButtonElement;
    expect(disabled.disabled).toBe(true);
    // No validation before the visitor has done anything (issue 25 §11).
    expect(screen.queryByText(STEP_ONE_MESSAGES.noCourse)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Add a Golfer' }));
    fireEvent.click(await screen.findByRole('button', { name: /Burnside Course/ }));
    const panel = await screen.findByRole(
      'article',
      { name: 'Burnside Course date and tee time' },
      { timeout: 10_000 },
    );
    expect(await screen.findByText(STEP_ONE_MESSAGES.missingTeeTimes)).toBeTruthy();

    // Choose the slot's day in the calendar, then the open slot; the full one cannot be chosen.
    const dayOfSlot = slotTime.toLocaleDateString('en-GB', { day: 'numeric', timeZone: 'Europe/London' });
    const monthSelect = within(panel).getByRole('combobox') as HTMLSelectElement;
    const slotMonth = slotTime.toLocaleDateString('en-CA', { timeZone: 'Europe/London' }).slice(0, 7);
    if (monthSelect.value !== slotMonth) fireEvent.change(monthSelect, { target: { value: slotMonth } });
    fireEvent.click(within(panel).getByRole('button', { name: new RegExp(`^${dayOfSlot} `) }));
    const open = await within(panel).findByRole('button', { name: /slots open/ });
    expect(
      within(panel)
        .getByRole('button', { name: /Unavailable/ })
        .getAttribute('aria-disabled'),
    ).toBe('true');
    fireEvent.click(open);

    await screen.findByText('Total Payable');
    expect(screen.getByText('£400.00')).toBeTruthy();
    expect(screen.getByText('VAT at 20%')).toBeTruthy();
    const priceCall = calls.find((call) => call.url === '/v1/tickets/prices');
    expect(JSON.parse(String(priceCall?.init?.body)).golfers).toHaveLength(2);
    const diaryCall = calls.find((call) => call.url.includes('/diary'));
    expect(diaryCall?.url).toMatch(
      /^\/v1\/courses\/2\/diary\?start_date=\d{4}-\d{2}-\d{2}&slot_type=1&filter_today=1$/,
    );

    // Extras appear once the tee time is chosen; the booking survives in sessionStorage.
    expect(await screen.findByRole('radio', { name: /No caddies/ })).toBeTruthy();
    expect(window.sessionStorage.getItem('links.booking')).toContain('"playerTypeId":1');

    const continueButton = await screen.findByRole('button', { name: 'Continue to contact details' });
    await waitFor(() => expect((continueButton as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(continueButton);
    expect(await screen.findByText('That tee time has just been taken.')).toBeTruthy();
    expect(calls.some((call) => call.url === '/v1/bookings' && call.init?.method === 'POST')).toBe(true);
  });

  it('explains a failed price look-up and keeps Continue disabled', { timeout: 20_000 }, async () => {
    stubApi([], () =>
      Response.json(
        { error: { code: 'no_green_fee', message: 'No green fee is set for that day.' } },
        { status: 422 },
      ),
    );
    renderHome();
    await screen.findByText('Golfer 1', { exact: true });
    fireEvent.click(await screen.findByRole('button', { name: /Burnside Course/ }));
    const panel = await screen.findByRole(
      'article',
      { name: 'Burnside Course date and tee time' },
      { timeout: 10_000 },
    );
    const dayOfSlot = slotTime.toLocaleDateString('en-GB', { day: 'numeric', timeZone: 'Europe/London' });
    const slotMonth = slotTime.toLocaleDateString('en-CA', { timeZone: 'Europe/London' }).slice(0, 7);
    const monthSelect = within(panel).getByRole('combobox') as HTMLSelectElement;
    if (monthSelect.value !== slotMonth) fireEvent.change(monthSelect, { target: { value: slotMonth } });
    fireEvent.click(within(panel).getByRole('button', { name: new RegExp(`^${dayOfSlot} `) }));
    fireEvent.click(await within(panel).findByRole('button', { name: /slots open/ }));

    expect(await screen.findByText('There was an error loading the ticket prices')).toBeTruthy();
    expect(screen.getByText('No green fee is set for that day.')).toBeTruthy();
    const button = screen.getByRole('button', {
      name: STEP_ONE_MESSAGES.continueDisabled,
    }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });
});
