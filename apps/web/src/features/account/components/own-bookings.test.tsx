// @vitest-environment happy-dom
import { userResponseSchema } from '@links/shared/schemas/auth';
import {
  type OperatorBooking,
  operatorBookingsResponseSchema,
} from '@links/shared/schemas/operator-bookings';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_OPERATOR } from '@/test/api-fixtures';
import { answer, type Received, recorded, useApiServer, v1 } from '@/test/api-server';
import { renderRoute } from '@/test/render-route';

const DEPOSIT: OperatorBooking = {
  booking_number: '5550001112',
  status: 'confirmed',
  rounds: [
    { course: 'Championship Course', tee_time: '2027-05-10T08:30:00.000Z' },
    { course: 'Burnside Course', tee_time: '2027-05-11T09:00:00.000Z' },
  ],
  golfers: 4,
  payment_terms: 'deposit',
  total: 110_000,
  paid: 55_000,
  due: 55_000,
  due_at: '2027-03-29T22:59:59.000Z',
};
const PLAYED: OperatorBooking = {
  ...DEPOSIT,
  booking_number: '5550001113',
  rounds: [{ course: 'Burnside Course', tee_time: '2026-06-01T08:00:00.000Z' }],
  payment_terms: 'online',
  paid: 110_000,
  due: 0,
  due_at: null,
};

describe('My Bookings', () => {
  const server = useApiServer();
  const calls: Received[] = [];
  beforeEach(() => {
    calls.length = 0;
    server.use(
      http.get(v1('/user'), () => answer(userResponseSchema, { data: TEST_OPERATOR })),
      http.get(
        v1('/user/bookings'),
        recorded(calls, (info) =>
          answer(operatorBookingsResponseSchema, {
            data: {
              bookings: new URL(info.request.url).searchParams.get('when') === 'past' ? [PLAYED] : [DEPOSIT],
              truncated: false,
            },
          }),
        ),
      ),
    );
  });
  afterEach(() => cleanup());
  beforeAll(async () => {
    await import('@/app/routes/manage-account');
  }, 60_000);

  it('lists upcoming bookings with what is due and by when, filters, and shows the played ones on request', async () => {
    const user = userEvent.setup();
    renderRoute('/my-bookings');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Bookings' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Your upcoming bookings, soonest first' });
    const row = within(table).getByRole('row', { name: /5550001112/ });
    expect(row.textContent).toContain('Championship Course, 10th May 2027 at 9:30am');
    expect(row.textContent).toContain('Deposit');
    expect(row.textContent).toContain('£550.00 by 29 Mar 2027');
    expect(within(row).getByRole('link', { name: '5550001112' }).getAttribute('href')).toBe(
      '/confirmation/5550001112',
    );
    expect(calls.at(-1)?.url).toBe('/v1/user/bookings?when=upcoming');

    await user.type(screen.getByLabelText('First round from'), '2027-05-01');
    await user.selectOptions(screen.getByLabelText('Status'), 'Confirmed');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await screen.findByRole('table', { name: 'Your upcoming bookings, soonest first' });
    expect(calls.at(-1)?.url).toBe('/v1/user/bookings?when=upcoming&from=2027-05-01&status=confirmed');

    await user.click(screen.getByRole('button', { name: 'Played' }));
    const played = await screen.findByRole('table', { name: 'Your played bookings, latest first' });
    expect(within(played).getByRole('row', { name: /5550001113/ }).textContent).toContain('Paid by card');
    expect(screen.getByRole('button', { name: 'Played' }).getAttribute('aria-pressed')).toBe('true');
  });
});
