// @vitest-environment happy-dom
import {
  type StaffUser,
  staffAuditResponseSchema,
  staffUserResponseSchema,
  staffUsersResponseSchema,
} from '@links/shared/schemas/staff';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { answer, type Received, recorded, v1 } from '@/test/api-server';
import { renderRoute } from '@/test/render-route';
import { staffMe, TEST_STAFF_ADMIN, useStaffServer } from '../test/staff-me';

// Issue 23, staff users (admins): disabling and enabling a user, resetting their second factor (asked twice), and
// the audit log filtered by user, action and UK dates, as the admin's browser sends them.

const DESK: StaffUser = {
  ...TEST_STAFF_ADMIN,
  id: 2,
  username: 'iain.desk',
  name: 'Iain Reservations',
  email: 'iain@example.com',
  role: 'reservations',
};

describe('staff users and the audit log', () => {
  const updates: Received[] = [];
  const resets: Received[] = [];
  const audits: Received[] = [];
  let desk: StaffUser;
  useStaffServer({
    received: [updates, resets, audits],
    reset: () => {
      desk = { ...DESK };
    },
    handlers: () => [
      staffMe(),
      http.get(v1('/staff/users'), () =>
        answer(staffUsersResponseSchema, { data: [TEST_STAFF_ADMIN, desk] }),
      ),
      http.patch(
        v1(`/staff/users/${DESK.id}`),
        recorded(updates, (_info, { body }) => {
          desk = { ...desk, ...(body as Partial<StaffUser>) };
          return answer(staffUserResponseSchema, { data: desk });
        }),
      ),
      http.post(
        v1(`/staff/users/${DESK.id}/reset-factor`),
        recorded(resets, () => {
          desk = { ...desk, factor_enrolled: false };
          return answer(staffUserResponseSchema, { data: desk });
        }),
      ),
      http.get(
        v1('/staff/audit'),
        recorded(audits, () =>
          answer(staffAuditResponseSchema, {
            data: {
              entries: [
                {
                  id: 7,
                  at: '2026-07-14T08:30:00.000Z',
                  staff_user_id: DESK.id,
                  staff_name: DESK.name,
                  actor: 'staff',
                  action: 'booking.round_moved',
                  target_type: 'booking',
                  target_id: '4417730261',
                  before: { time: '10:00' },
                  after: { time: '10:20' },
                },
              ],
              page: 1,
              page_size: 50,
              total: 1,
            },
          }),
        ),
      ),
    ],
  });
  afterEach(() => cleanup());

  it('disables and enables a user, and resets their second factor only when asked twice', async () => {
    const user = userEvent.setup();
    renderRoute('/staff/users');
    const table = await screen.findByRole('table', { name: 'Staff users' });
    const row = within(table).getByRole('row', { name: /Iain Reservations/ });
    // No action on one's own row.
    expect(within(within(table).getByRole('row', { name: /Alex Admin/ })).queryByRole('button')).toBeNull();

    await user.click(within(row).getByRole('button', { name: 'Disable Iain Reservations' }));
    expect(await screen.findByText('Iain Reservations is disabled.')).toBeTruthy();
    expect(updates.map((call) => call.body)).toEqual([{ status: 'disabled' }]);
    expect(within(row).getByText('Disabled')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Enable Iain Reservations' }));
    expect(await screen.findByText('Iain Reservations is enabled.')).toBeTruthy();
    expect(updates.map((call) => call.body)).toEqual([{ status: 'disabled' }, { status: 'active' }]);

    await user.click(within(row).getByRole('button', { name: 'Reset second factor of Iain Reservations' }));
    expect(resets).toHaveLength(0);
    await user.click(
      within(row).getByRole('button', {
        name: 'Confirm reset of the second factor of Iain Reservations',
      }),
    );
    expect(
      await screen.findByText('Iain Reservations sets up a new second factor at the next sign-in.'),
    ).toBeTruthy();
    expect(resets.map((call) => call.url)).toEqual([`/v1/staff/users/${DESK.id}/reset-factor`]);
    expect(within(row).getByText('Not set up')).toBeTruthy();
  });

  it('filters the audit log by user, action and UK dates (summer time), from the lists the API accepts', async () => {
    const user = userEvent.setup();
    renderRoute('/staff/audit');
    expect(await screen.findByText('1 entry, page 1 of 1')).toBeTruthy();
    expect(audits.map((call) => call.url)).toEqual(['/v1/staff/audit?page=1&page_size=50']);

    const filter = screen.getByRole('form', { name: 'Filter the audit log' });
    await user.selectOptions(within(filter).getByLabelText('Staff user'), 'Iain Reservations');
    await user.selectOptions(within(filter).getByLabelText('Action'), 'Booking: round moved');
    await user.type(within(filter).getByLabelText('From'), '2026-07-14');
    await user.type(within(filter).getByLabelText('To'), '2026-07-15');
    await user.click(within(filter).getByRole('button', { name: 'Show' }));

    await expect.poll(() => audits.length).toBe(2);
    const query = new URL(audits[1]!.url, 'http://localhost').searchParams;
    expect(Object.fromEntries(query)).toEqual({
      page: '1',
      page_size: '50',
      staff_user_id: String(DESK.id),
      action: 'booking.round_moved',
      // London midnight in summer time, and the day after the last one asked for.
      from: '2026-07-13T23:00:00.000Z',
      to: '2026-07-15T23:00:00.000Z',
    });
    const entries = screen.getByRole('table', { name: 'Audit log entries' });
    expect(entries.textContent).toContain('Iain Reservations');
    expect(entries.textContent).toContain('time: "10:00" → "10:20"');
  });
});
