// @vitest-environment happy-dom
import { userResponseSchema } from '@links/shared/schemas/auth';
import { savedBookingResponseSchema } from '@links/shared/schemas/bookings';
import { coursesResponseSchema } from '@links/shared/schemas/courses';
import { diaryResponseSchema } from '@links/shared/schemas/diary';
import { playersResponseSchema } from '@links/shared/schemas/players';
import { timeResponseSchema } from '@links/shared/schemas/system';
import { ticketPricesResponseSchema } from '@links/shared/schemas/ticket-prices';
import { addDays, londonWallTimeToUtc, todayInLondon } from '@links/shared/uk-time';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_OPERATOR } from '@/test/api-fixtures';
import { answer, type Received, recorded, useApiServer, v1 } from '@/test/api-server';
import { TEST_COURSES, TEST_PLAYER_TYPES } from '@/test/course-fixtures';
import { renderRoute } from '@/test/render-route';
import { serveRefusal } from '@/test/serve-refusal';
import { pricedGolfer } from '../test/priced-golfer';

const DATE = addDays(todayInLondon(), 60);
const at = (time: string) => londonWallTimeToUtc(DATE, time).toISOString();
const priced = (id: number, playerTypeId: number, price: number) =>
  pricedGolfer({ id: 4, name: 'Buddon Links Course' }, id, playerTypeId, price);

describe('Book a Group', () => {
  const server = useApiServer();
  const calls: Received[] = [];
  beforeEach(() => {
    calls.length = 0;
    // biome-ignore lint/suspicious/noDocumentCookie: the API client reads the CSRF cookie.
    document.cookie = 'XSRF-TOKEN=test; path=/';
    window.sessionStorage.clear();
    server.use(
      // Step 2's countdown corrects its clock once.
      http.get(v1('/time'), () =>
        answer(timeResponseSchema, { data: { server_time: new Date().toISOString() } }),
      ),
      http.get(v1('/user'), () => answer(userResponseSchema, { data: TEST_OPERATOR })),
      http.get(v1('/courses'), () => answer(coursesResponseSchema, { data: TEST_COURSES })),
      http.get(v1('/players'), () => answer(playersResponseSchema, { data: TEST_PLAYER_TYPES })),
      // 10:10 has one place left; 10:30 and 14:00 are far apart: five golfers (3 + 2) can start only at 10:20.
      http.get(
        v1('/courses/:id/diary'),
        recorded(calls, () =>
          answer(diaryResponseSchema, {
            data: [
              { id: 41, slot_date_time: at('10:00'), bookings: [] },
              { id: 42, slot_date_time: at('10:10'), bookings: [{ booking_id: 7, players: 3 }] },
              { id: 43, slot_date_time: at('10:20'), bookings: [] },
              { id: 44, slot_date_time: at('10:30'), bookings: [] },
              { id: 45, slot_date_time: at('14:00'), bookings: [] },
            ],
          }),
        ),
      ),
      http.post(
        v1('/tickets/prices'),
        recorded(calls, () =>
          answer(ticketPricesResponseSchema, {
            data: {
              golfers: [priced(1, 1, 5000), priced(2, 3, 2500)],
              totals: { net: 6000, vat: 1500, payable: 7500 },
            },
          }),
        ),
      ),
    );
  });
  afterEach(() => cleanup());
  beforeAll(async () => {
    await import('@/app/routes/manage-account');
    await import('@/app/routes/contact-details');
  }, 60_000);

  it('offers the starts a run of free tee times allows, prices the group and holds it for step 2', async () => {
    server.use(
      http.post(
        v1('/bookings'),
        recorded(calls, () =>
          answer(savedBookingResponseSchema, {
            data: {
              booking_id: 77,
              booking_number: '7700000001',
              status: 'held',
              date_created: new Date().toISOString(),
              hold_expires_at: new Date(Date.now() + 600_000).toISOString(),
              server_time: new Date().toISOString(),
              totals: { net: 18_000, vat: 4500, payable: 22_500, paid: 0, due: 22_500 },
              // Four adults and a junior.
              golfers: [...[1, 2, 3, 4].map((id) => priced(id, 1, 5000)), priced(5, 3, 2500)],
              courses: [
                { id: 4, name: 'Buddon Links Course', teeTime: { id: 43, time: at('10:20') }, caddies: 1 },
                { id: 4, name: 'Buddon Links Course', teeTime: { id: 44, time: at('10:30') }, caddies: 0 },
              ],
              notes: 'Society day',
            },
          }),
        ),
      ),
    );
    const user = userEvent.setup();
    renderRoute('/group-booking');
    const form = await screen.findByRole('form', { name: 'Book a group' });
    // Tried with nothing chosen: each missing choice says what it needs, and nothing is sent.
    await user.click(within(form).getByRole('button', { name: 'Hold these tee times' }));
    expect(within(form).getByText('Please choose a course.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST' && call.url === '/v1/bookings')).toEqual([]);

    await user.selectOptions(within(form).getByLabelText('Course'), 'Buddon Links Course');
    await user.type(within(form).getByLabelText('Date of play'), DATE);
    await user.type(within(form).getByLabelText('Adult golfers'), '4');
    await user.clear(within(form).getByLabelText('Under 16 golfers'));
    await user.type(within(form).getByLabelText('Under 16 golfers'), '1');
    await user.clear(within(form).getByLabelText('Caddies'));
    await user.type(within(form).getByLabelText('Caddies'), '1');

    const times = within(form).getByRole('group', { name: 'First tee time' });
    await within(times).findByRole('radio', { name: '10:20 and 10:30' });
    // 10:00 and 10:10 would need 2 places at 10:10 (one left); 10:30 and 14:00 are not consecutive.
    expect(
      within(times)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['10:20 and 10:30']);
    expect(times.textContent).toContain('The group plays 2 consecutive tee times: 3 + 2 golfers.');
    expect(await within(form).findByText('£225.00')).toBeTruthy();

    await user.click(within(times).getByRole('radio', { name: '10:20 and 10:30' }));
    await user.type(within(form).getByLabelText('Additional notes'), 'Society day');
    await user.click(within(form).getByRole('button', { name: 'Hold these tee times' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Add contact details' })).toBeTruthy();
    const posted = calls.filter((call) => call.method === 'POST' && call.url === '/v1/bookings');
    expect(posted.map((call) => call.body)).toEqual([
      {
        courses: [{ id: 4, teeTime: { id: 43 }, caddies: 1 }],
        golfers: [1, 1, 1, 1, 3].map((playerTypeId, index) => ({ id: index + 1, playerTypeId })),
        notes: 'Society day',
        caddiesOption: 'some',
      },
    ]);
    // Step 2's summary lists both tee times of the run with their golfers.
    expect((await screen.findAllByText(/, 3 golfers$/)).length).toBe(1);
    expect(screen.getAllByText(/, 2 golfers$/).length).toBe(1);
  });

  it('says why the group could not be held, keeping what was chosen', async () => {
    serveRefusal('post', '/bookings', 409, {
      code: 'slot_full',
      message: 'Sorry, the Buddon Links Course tee time at 10:30 has only 1 place left.',
    });
    const user = userEvent.setup();
    renderRoute('/group-booking');
    const form = await screen.findByRole('form', { name: 'Book a group' });
    await user.selectOptions(within(form).getByLabelText('Course'), 'Buddon Links Course');
    await user.type(within(form).getByLabelText('Date of play'), DATE);
    await user.type(within(form).getByLabelText('Adult golfers'), '5');
    const times = within(form).getByRole('group', { name: 'First tee time' });
    await user.click(await within(times).findByRole('radio', { name: '10:20 and 10:30' }));
    await user.click(within(form).getByRole('button', { name: 'Hold these tee times' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your group could not be held');
    expect(alert.textContent).toContain('has only 1 place left');
    expect((within(form).getByLabelText('Adult golfers') as HTMLInputElement).value).toBe('5');
  });
});
