// @vitest-environment happy-dom

import { staffUserResponseSchema } from '@links/shared/schemas/staff';
import { type StaffPrices, staffPricesResponseSchema } from '@links/shared/schemas/staff-prices';
import { pricedBookingSchema, ticketPricesResponseSchema } from '@links/shared/schemas/ticket-prices';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { answer, type Received, recorded, useApiServer, v1 } from '@/test/api-server';
import { renderRoute } from '@/test/render-route';
import { penceOf } from './staff-prices';

const PRICES: StaffPrices = {
  courses: [
    { id: 1, name: 'Championship Course' },
    { id: 2, name: 'Burnside Course' },
  ],
  player_types: [
    { id: 1, name: 'Adult' },
    { id: 3, name: 'Under 16' },
  ],
  seasons: [{ id: 4, name: 'All year', start_date: '2000-01-01', end_date: '2099-12-31' }],
  green_fees: [
    { course_id: 1, player_type_id: 1, season_id: 4, price: 35_000 },
    { course_id: 2, player_type_id: 1, season_id: 4, price: 9_500 },
    { course_id: 2, player_type_id: 3, season_id: 4, price: 4_000 },
  ],
  history: [],
};

describe('penceOf', () => {
  it('reads pounds and pence and refuses anything else', () => {
    expect(penceOf('95')).toBe(9_500);
    expect(penceOf('95.5')).toBe(9_550);
    expect(penceOf('£95.05')).toBe(9_505);
    for (const bad of ['', '-1', '9.999', '1e3', '12,50', 'abc', '10000'])
      expect(penceOf(bad), bad).toBeNull();
  });
});

describe('the prices page', () => {
  const server = useApiServer();
  const changes: Received[] = [];
  const previews: Received[] = [];
  let prices = PRICES;
  beforeAll(async () => {
    await import('@/app/routes/staff');
  }, 60_000);
  beforeEach(() => {
    changes.length = 0;
    previews.length = 0;
    prices = PRICES;
    // biome-ignore lint/suspicious/noDocumentCookie: the API client reads the CSRF cookie.
    document.cookie = 'XSRF-TOKEN=test-token';
    server.use(
      http.get(v1('/staff/me'), () =>
        answer(staffUserResponseSchema, {
          data: {
            id: 1,
            username: 'admin',
            name: 'Isla Prices',
            email: 'isla@example.com',
            role: 'admin',
            status: 'active',
            factor_enrolled: true,
            created_at: '2026-11-01T09:00:00Z',
          },
        }),
      ),
      http.get(v1('/staff/prices'), () => answer(staffPricesResponseSchema, { data: prices })),
      http.put(
        v1('/staff/prices/green-fees'),
        recorded(changes, (_info, { body }) => {
          const change = body as {
            course_id: number;
            player_type_id: number;
            season_id: number;
            price: number;
          };
          prices = {
            ...prices,
            green_fees: prices.green_fees.map((fee) =>
              fee.course_id === change.course_id && fee.player_type_id === change.player_type_id
                ? { ...fee, price: change.price }
                : fee,
            ),
            history: [
              {
                at: '2026-11-28T10:00:00.000Z',
                by: 'Isla Prices',
                course_id: change.course_id,
                player_type_id: change.player_type_id,
                season_id: change.season_id,
                before: 35_000,
                after: change.price,
              },
            ],
          };
          return answer(staffPricesResponseSchema, { data: prices });
        }),
      ),
      http.post(
        v1('/staff/prices/preview'),
        recorded(previews, () =>
          answer(ticketPricesResponseSchema, {
            data: pricedBookingSchema.parse({
              golfers: [
                {
                  id: 1,
                  net_price: 7_917,
                  total_vat: 1_583,
                  total_price: 9_500,
                  tickets: [{ label: 'Burnside Course', course_ids: [2], price: 9_500 }],
                  ticket_label: 'Burnside Course',
                },
              ],
              totals: { net: 7_917, vat: 1_583, payable: 9_500 },
            }),
          }),
        ),
      ),
    );
  });
  afterEach(() => cleanup());

  it('shows the season’s fees, refuses a bad price, saves a good one with its history, and prices a booking', async () => {
    const user = userEvent.setup();
    renderRoute('/staff/prices');
    const table = await screen.findByRole('table', { name: 'Green fees, All year' });
    expect(within(table).getByRole('row', { name: /Burnside Course/ }).textContent).toContain('£95.00');
    expect(within(table).getByRole('row', { name: /Championship Course/ }).textContent).toContain('No fee');

    const form = screen.getByRole('form', { name: 'Change a green fee' });
    expect(within(form).getByText('Now £350.00, VAT included.')).toBeTruthy();
    await user.type(within(form).getByLabelText(/New price/), '3500.999');
    await user.click(within(form).getByRole('button', { name: 'Save the green fee' }));
    expect(
      await within(form).findByText('Please enter a price from £0.00 to £2,000.00, in pounds and pence.'),
    ).toBeTruthy();
    expect(changes).toHaveLength(0);
    await user.clear(within(form).getByLabelText(/New price/));
    await user.type(within(form).getByLabelText(/New price/), '375.50');
    await user.click(within(form).getByRole('button', { name: 'Save the green fee' }));
    expect(
      await screen.findByText(
        'The Adult green fee of the Championship Course in All year is now £375.50, for bookings made from now on.',
      ),
    ).toBeTruthy();
    expect(changes[0]?.body).toEqual({ course_id: 1, player_type_id: 1, season_id: 4, price: 37_550 });
    const history = screen.getByRole('table', { name: 'Green fee changes, newest first' });
    expect(history.textContent).toContain('Isla Prices');
    expect(history.textContent).toContain('£375.50');

    const price = screen.getByRole('form', { name: 'Price a booking' });
    await user.selectOptions(within(price).getByLabelText('Course'), 'Burnside Course');
    await user.click(within(price).getByRole('button', { name: 'Price it' }));
    expect(await screen.findByText('A visitor pays £95.00')).toBeTruthy();
    expect(previews[0]?.body).toMatchObject({ golfers: [{ id: 1, playerTypeId: 1 }], courses: [{ id: 2 }] });
  });
});
