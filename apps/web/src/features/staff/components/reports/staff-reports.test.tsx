// @vitest-environment happy-dom
import { staffUserResponseSchema } from '@links/shared/schemas/staff';
import { type StaffReport, staffReportResponseSchema } from '@links/shared/schemas/staff-reports';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { answer, type Received, recorded, refuse, useApiServer, v1 } from '@/test/api-server';
import { renderRoute } from '@/test/render-route';

// Issue 23, reports: each section's figures as a table (the chart's text alternative), the totals said in words, the
// period sent as asked, and a refused period explained.

const REPORT: StaffReport = {
  from: '2026-04-13',
  to: '2026-04-26',
  grain: 'week',
  sales: [
    { period: '2026-04-13', course: 'Championship Course', rounds: 1, golfers: 2, revenue: 60_000 },
    { period: '2026-04-13', course: 'Burnside Course', rounds: 2, golfers: 4, revenue: 30_000 },
    { period: '2026-04-20', course: 'Championship Course', rounds: 0, golfers: 0, revenue: 0 },
    { period: '2026-04-20', course: 'Burnside Course', rounds: 0, golfers: 0, revenue: 0 },
  ],
  utilisation: [
    { course: 'Burnside Course', weekday: 1, hour: 10, booked: 2, capacity: 24 },
    { course: 'Burnside Course', weekday: 3, hour: 14, booked: 2, capacity: 4 },
  ],
  lead_time: [
    { bucket: 'Same day', bookings: 0 },
    { bucket: '1 to 7 days', bookings: 0 },
    { bucket: '8 to 30 days', bookings: 2 },
    { bucket: '31 to 90 days', bookings: 0 },
    { bucket: 'Over 90 days', bookings: 0 },
  ],
  player_types: [{ player_type: 'Adult', golfers: 4 }],
  channels: [
    { channel: 'Fairway Golf Tours', bookings: 1, revenue: 75_000 },
    { channel: 'Visitors', bookings: 1, revenue: 19_000 },
  ],
  tickets: [
    { ticket: 'Championship + Burnside', combination: true, golfers: 2 },
    { ticket: 'Burnside Course', combination: false, golfers: 2 },
  ],
  no_shows: [
    { course: 'Championship Course', expected: 0, arrived: 0, no_show: 0 },
    { course: 'Burnside Course', expected: 2, arrived: 1, no_show: 1 },
  ],
};

describe('staff reports', () => {
  const server = useApiServer();
  afterEach(() => cleanup());
  beforeAll(async () => {
    await import('@/app/routes/staff');
  }, 60_000);

  it('shows each section as a table with its totals, and asks again for the period chosen', async () => {
    const calls: Received[] = [];
    server.use(
      http.get(v1('/staff/me'), () =>
        answer(staffUserResponseSchema, {
          data: {
            id: 1,
            username: 'desk',
            name: 'Alex Staff',
            email: 'alex@example.com',
            role: 'reservations',
            status: 'active',
            factor_enrolled: true,
            created_at: '2026-11-01T09:00:00Z',
          },
        }),
      ),
      http.get(
        v1('/staff/reports'),
        recorded(calls, (info) =>
          new URL(info.request.url).searchParams.get('grain') === 'month'
            ? refuse(400, {
                code: 'validation_failed',
                message: 'A report covers at most 366 days',
                fields: { to: 'A report covers at most 366 days' },
              })
            : answer(staffReportResponseSchema, { data: REPORT }),
        ),
      ),
    );
    const user = userEvent.setup();
    renderRoute('/staff/reports');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reports' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(
      await screen.findByText(
        '2 bookings, 3 rounds, 6 golfer places, £900.00 in green fees.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();

    const sales = screen.getByRole('table', { name: 'Bookings and revenue' });
    // Only periods with play are listed; the chart keeps the empty ones on its axis.
    expect(within(sales).getAllByRole('row')).toHaveLength(3);
    expect(within(sales).getByRole('row', { name: /Championship Course/ }).textContent).toContain('£600.00');
    const heat = screen.getByRole('table', { name: 'Utilisation' });
    expect(within(heat).getByRole('row', { name: /Wed/ }).textContent).toContain('50%');
    expect(screen.getByText(/Busiest: Burnside Course, Wed 14:00, 50%/)).toBeTruthy();
    expect(
      screen.getByRole('img', {
        name: /Utilisation of the Burnside Course by weekday and hour; busiest Wed 14:00 at 50%/,
      }),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('table', { name: 'Operator share' })).getAllByRole('row')[1]?.textContent,
    ).toContain('80%');
    expect(
      screen.getByText('Golfers by ticket: 2 of 4 golfer places on a combination package.'),
    ).toBeTruthy();
    expect(
      screen.getByText('Of 2 golfers the starter checked in or out, 1 did not come (50%).'),
    ).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Download CSV/ })).toHaveLength(7);

    await user.selectOptions(screen.getByLabelText('By'), 'Month');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('A report covers at most 366 days')).toBeTruthy();
    expect(calls.at(-1)?.url).toMatch(/grain=month/);
  });
});
