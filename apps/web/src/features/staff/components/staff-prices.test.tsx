// @vitest-environment happy-dom

import {
  closingDateAnswerResponseSchema,
  type GreenFeeChange,
  type StaffPrices,
  staffPricesResponseSchema,
} from '@links/shared/schemas/staff-prices';
import { pricedBookingSchema, ticketPricesResponseSchema } from '@links/shared/schemas/ticket-prices';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { pricedGolfer } from '@/features/group-booking/test/priced-golfer';
import { answer, type Received, recorded, refuse, v1 } from '@/test/api-server';
import { renderRoute } from '@/test/render-route';
import { staffMe, useStaffServer } from '../test/staff-me';
import { resubmit } from '../test/staff-steps';
import { penceOf } from './staff-prices';

const PRICES: StaffPrices = {
  courses: [
    { id: 1, name: 'Championship Course', closing_date: '2027-10-31' },
    { id: 2, name: 'Burnside Course', closing_date: '2027-10-31' },
  ],
  player_types: [
    { id: 1, name: 'Adult' },
    { id: 3, name: 'Under 16' },
  ],
  seasons: [{ id: 4, name: 'All year', start_date: '2000-01-01', end_date: '2099-12-31' }],
  caddie_ranges: [{ id: 9, start_date: '2026-04-01', end_date: '2026-10-31', price: 6_000 }],
  packages: [
    {
      id: 3,
      name: 'Championship and Burnside',
      course_ids: [1, 2],
      valid_from: '04-01',
      valid_to: '10-31',
      prices: [{ player_type_id: 1, price: 37_500 }],
    },
  ],
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
  const changes: Received[] = [];
  const seasons: Received[] = [];
  const closings: Received[] = [];
  const caddieChanges: Received[] = [];
  const packageChanges: Received[] = [];
  const previews: Received[] = [];
  const packageSaves: Received[] = [];
  let prices = PRICES;
  // A combination changed or added: both answer with the prices page as it stands.
  const savePackage = recorded(packageSaves, () => answer(staffPricesResponseSchema, { data: prices }));
  useStaffServer({
    received: [changes, seasons, closings, caddieChanges, packageChanges, previews, packageSaves],
    reset: () => {
      prices = PRICES;
    },
    handlers: () => [
      staffMe({ name: 'Isla Prices', email: 'isla@example.com' }),
      http.get(v1('/staff/prices'), () => answer(staffPricesResponseSchema, { data: prices })),
      http.put(
        v1('/staff/prices/green-fees'),
        recorded(changes, (_info, { body }) => {
          const change = body as GreenFeeChange;
          prices = {
            ...prices,
            green_fees: prices.green_fees.map((fee) =>
              fee.course_id === change.course_id && fee.player_type_id === change.player_type_id
                ? { ...fee, price: change.price }
                : fee,
            ),
            history: [
              {
                id: 41,
                at: '2026-11-28T10:00:00.000Z',
                by: 'Isla Prices',
                kind: 'green_fee',
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
        v1('/staff/seasons'),
        recorded(seasons, (_info, { body }) => {
          const season = body as { name: string; start_date: string; end_date: string };
          prices = { ...prices, seasons: [...prices.seasons, { id: 5, ...season }] };
          return answer(staffPricesResponseSchema, { data: prices });
        }),
      ),
      http.put(
        v1('/staff/prices/packages'),
        recorded(packageChanges, (_info, { body }) => {
          const change = body as { package_id: number; player_type_id: number; price: number };
          prices = {
            ...prices,
            packages: prices.packages.map((pkg) => ({
              ...pkg,
              prices: [
                ...pkg.prices.filter((each) => each.player_type_id !== change.player_type_id),
                {
                  player_type_id: change.player_type_id,
                  price: change.price,
                },
              ],
            })),
          };
          return answer(staffPricesResponseSchema, { data: prices });
        }),
      ),
      http.put(v1('/staff/packages/3'), savePackage),
      http.post(v1('/staff/packages'), savePackage),
      http.put(
        v1('/staff/caddie-ranges/9'),
        recorded(caddieChanges, (_info, { body }) => {
          const price = (body as { price: number }).price;
          prices = { ...prices, caddie_ranges: prices.caddie_ranges.map((range) => ({ ...range, price })) };
          return answer(staffPricesResponseSchema, { data: prices });
        }),
      ),
      http.post(v1('/staff/caddie-ranges'), () =>
        refuse(409, {
          code: 'season_conflict',
          message:
            'The dates overlap the caddie fee from Wednesday 1st April 2026 to Saturday 31st October 2026.',
        }),
      ),
      http.put(
        v1('/staff/courses/closing-date'),
        recorded(closings, (_info, { body }) => {
          const change = body as { course_id: number; closing_date: string };
          prices = {
            ...prices,
            courses: prices.courses.map((course) =>
              course.id === change.course_id ? { ...course, closing_date: change.closing_date } : course,
            ),
          };
          return answer(closingDateAnswerResponseSchema, { data: { prices, bookings_after: 2 } });
        }),
      ),
      http.post(
        v1('/staff/prices/preview'),
        recorded(previews, () =>
          answer(ticketPricesResponseSchema, {
            data: pricedBookingSchema.parse({
              golfers: [pricedGolfer({ id: 2, name: 'Burnside Course' }, 1, 1, 9_500)],
              totals: { net: 7_917, vat: 1_583, payable: 9_500 },
            }),
          }),
        ),
      ),
    ],
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
    await resubmit(user, form, /New price/, '375.50', 'Save the green fee');
    expect(
      await screen.findByText(
        'The Adult green fee of the Championship Course in All year is now £375.50, for bookings made from now on.',
      ),
    ).toBeTruthy();
    expect(changes[0]?.body).toEqual({ course_id: 1, player_type_id: 1, season_id: 4, price: 37_550 });
    const history = screen.getByRole('table', { name: 'Price changes, newest first' });
    expect(history.textContent).toContain('Isla Prices');
    expect(history.textContent).toContain('Green fee: Championship Course, Adult, All year');
    expect(history.textContent).toContain('£375.50');

    const combinations = screen.getByRole('table', { name: 'Combination prices per player type' });
    const combination = within(combinations).getByRole('row', {
      name: /Championship Course \+ Burnside Course/,
    });
    expect(combination.textContent).toContain('1 Apr to 31 Oct');
    expect(combination.textContent).toContain('£375.00');
    expect(combination.textContent).toContain('No price');

    const price = screen.getByRole('form', { name: 'Price a booking' });
    await user.selectOptions(within(price).getByLabelText('Course'), 'Burnside Course');
    await user.click(within(price).getByRole('button', { name: 'Price it' }));
    expect(await screen.findByText('A visitor pays £95.00')).toBeTruthy();
    expect(previews[0]?.body).toMatchObject({ golfers: [{ id: 1, playerTypeId: 1 }], courses: [{ id: 2 }] });
  });

  it('adds a season (checked first) and moves a closing date, saying what stays booked after it', async () => {
    const user = userEvent.setup();
    renderRoute('/staff/prices');
    const form = await screen.findByRole('form', { name: 'Add a season' });
    await user.type(within(form).getByLabelText('Season name'), 'Summer 2100');
    await user.type(within(form).getByLabelText('First day'), '2100-04-30');
    await user.type(within(form).getByLabelText('Last day'), '2100-04-01');
    await user.click(within(form).getByRole('button', { name: 'Add the season' }));
    expect(await within(form).findByText('The last day must not be before the first.')).toBeTruthy();
    expect(seasons).toHaveLength(0);
    await resubmit(user, form, 'First day', '2100-01-01', 'Add the season');
    expect(await screen.findByText('Summer 2100 is added, from 1 Jan 2100 to 1 Apr 2100.')).toBeTruthy();
    expect(seasons[0]?.body).toEqual({
      name: 'Summer 2100',
      start_date: '2100-01-01',
      end_date: '2100-04-01',
      copy_fees_from: 4,
    });
    expect(screen.getByRole('table', { name: 'Seasons, earliest first' }).textContent).toContain(
      'Summer 2100',
    );

    const closing = screen.getByRole('form', { name: 'Change a closing date' });
    await user.selectOptions(within(closing).getByLabelText('Course'), 'Burnside Course');
    await user.type(within(closing).getByLabelText('Bookable until'), '2027-06-30');
    await user.click(within(closing).getByRole('button', { name: 'Save the closing date' }));
    expect(
      await screen.findByText(
        'The Burnside Course can be booked until 30 Jun 2027. 2 bookings after it keep their tee times.',
      ),
    ).toBeTruthy();
    expect(closings[0]?.body).toEqual({ course_id: 2, closing_date: '2027-06-30' });
    expect(
      within(screen.getByRole('table', { name: 'The last day each course can be booked' })).getByRole('row', {
        name: /Burnside Course/,
      }).textContent,
    ).toContain('30 Jun 2027');
  });

  it('changes a caddie fee and shows why new days were refused', async () => {
    const user = userEvent.setup();
    renderRoute('/staff/prices');
    const change = await screen.findByRole('form', { name: 'Change a caddie fee' });
    expect(within(change).getByText('Now £60.00.')).toBeTruthy();
    await user.type(within(change).getByLabelText(/New fee/), 'sixty');
    await user.click(within(change).getByRole('button', { name: 'Save the caddie fee' }));
    expect(await within(change).findByText(/^Please enter a price from £0.00/)).toBeTruthy();
    await resubmit(user, change, /New fee/, '65', 'Save the caddie fee');
    expect(
      await screen.findByText('The caddie fee for 1 Apr 2026 to 31 Oct 2026 is now £65.00.'),
    ).toBeTruthy();
    expect(caddieChanges[0]?.body).toEqual({ price: 6_500 });

    const add = screen.getByRole('form', { name: 'Add caddie fee days' });
    await user.type(within(add).getByLabelText('First day'), '2026-10-01');
    await user.type(within(add).getByLabelText('Last day'), '2026-12-31');
    await user.type(within(add).getByLabelText(/Fee per caddie/), '70');
    await user.click(within(add).getByRole('button', { name: 'Add the days' }));
    expect(
      await screen.findByText(
        'The dates overlap the caddie fee from Wednesday 1st April 2026 to Saturday 31st October 2026.',
      ),
    ).toBeTruthy();
  });

  it('changes a combination price for a player type', async () => {
    const user = userEvent.setup();
    renderRoute('/staff/prices');
    const form = await screen.findByRole('form', { name: 'Change a combination price' });
    await user.selectOptions(within(form).getByLabelText('Player type'), 'Under 16');
    expect(within(form).getByText('No price yet.')).toBeTruthy();
    await user.type(within(form).getByLabelText(/New price/), '150');
    await user.click(within(form).getByRole('button', { name: 'Save the combination price' }));
    expect(
      await screen.findByText(
        'The Championship Course + Burnside Course combination is now £150.00 for Under 16, for bookings made from now on.',
      ),
    ).toBeTruthy();
    expect(packageChanges[0]?.body).toEqual({ package_id: 3, player_type_id: 3, price: 15_000 });
  });

  it("changes a combination's days of the year, refusing a day that does not exist, and adds a winter one", async () => {
    const user = userEvent.setup();
    renderRoute('/staff/prices');
    const form = await screen.findByRole('form', { name: 'Change a combination' });
    const first = within(form).getByLabelText('First day (dd/mm)') as HTMLInputElement;
    expect(first.value).toBe('01/04');
    expect((within(form).getByLabelText('Championship Course') as HTMLInputElement).checked).toBe(true);
    await resubmit(user, form, 'First day (dd/mm)', '31/02', 'Save the combination');
    expect(await within(form).findByText(/Please enter a day and month that exist/)).toBeTruthy();
    expect(packageSaves).toHaveLength(0);
    await resubmit(user, form, 'First day (dd/mm)', '1/6', 'Save the combination');
    expect(
      await screen.findByText(
        'Championship and Burnside (Championship Course + Burnside Course) applies from 01/06 to 31/10, for bookings made from now on.',
      ),
    ).toBeTruthy();
    expect(packageSaves[0]?.body).toEqual({
      name: 'Championship and Burnside',
      course_ids: [1, 2],
      valid_from: '06-01',
      valid_to: '10-31',
    });

    const add = screen.getByRole('form', { name: 'Add a combination' });
    await user.type(within(add).getByLabelText('Name'), 'Winter pair');
    await user.click(within(add).getByLabelText('Championship Course'));
    await user.click(within(add).getByRole('button', { name: 'Add the combination' }));
    expect(await within(add).findByText('Please choose two or three different courses.')).toBeTruthy();
    await user.click(within(add).getByLabelText('Burnside Course'));
    const from = within(add).getByLabelText('First day (dd/mm)');
    await user.clear(from);
    await user.type(from, '01/11');
    await resubmit(user, add, 'Last day (dd/mm)', '31/03', 'Add the combination');
    expect(
      await screen.findByText(/^Winter pair \(Championship Course \+ Burnside Course\) was added/),
    ).toBeTruthy();
    expect(packageSaves[1]).toMatchObject({
      method: 'POST',
      body: { name: 'Winter pair', course_ids: [1, 2], valid_from: '11-01', valid_to: '03-31' },
    });
  });
});
