// @vitest-environment happy-dom
import {
  blockPreviewResponseSchema,
  blockResponseSchema,
  createdBlockResponseSchema,
} from '@links/shared/schemas/staff-blocks';
import {
  checkInResponseSchema,
  type StaffTeeSheet,
  staffTeeSheetResponseSchema,
} from '@links/shared/schemas/staff-tee-sheet';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { answer, type Received, recorded, v1 } from '@/test/api-server';
import { renderRoute } from '@/test/render-route';
import { staffMe, useStaffServer } from '../test/staff-me';
import { answerRecorded, serveRecorded } from '../test/staff-steps';
import {
  teeSheetBooking as booking,
  OPERATOR_DEPOSIT,
  teeSheetSlot as slot,
} from '../test/tee-sheet-fixtures';

const COURSES = [
  { id: 1, name: 'Championship Course' },
  { id: 2, name: 'Burnside Course' },
];

function sheetFor(courseId: number, date: string): StaffTeeSheet {
  return {
    course: COURSES.find((course) => course.id === courseId)!,
    date,
    courses: COURSES,
    slots: [
      slot('09:00', {
        taken: 4,
        places_left: 0,
        bookings: [
          booking({ notes: 'Birthday round', caddies: 1 }),
          booking({ ...OPERATOR_DEPOSIT, booking_number: '5520019934', lead_name: 'Grace Hopper' }),
        ],
      }),
      slot('09:10', {
        taken: 3,
        places_left: 1,
        bookings: [
          booking({
            booking_number: '6630045512',
            state: 'held',
            lead_name: '',
            players: 3,
            golfers: [],
            hold_expires_at: '2030-06-10T08:21:00.000Z',
            check_ins: [],
          }),
        ],
      }),
      slot('09:20'),
      slot('14:00', {
        block: {
          id: 7,
          reason: 'competition',
          note: 'Club medal',
          starts_at: `${date}T13:00:00.000Z`,
          ends_at: `${date}T14:00:00.000Z`,
        },
      }),
    ],
    totals: { slots: 4, blocked: 1, golfers: 7, bookings: 3, arrived: 0, no_show: 0 },
  };
}

describe('the staff tee sheet', () => {
  const reads: Received[] = [];
  let role: 'starter' | 'reservations' = 'starter';
  const server = useStaffServer({
    received: [reads],
    reset: () => {
      role = 'starter';
    },
    handlers: () => [
      staffMe(() => ({ id: 3, username: 'starter', name: 'Sam Starter', email: 'sam@example.com', role })),
      http.get(
        v1('/staff/tee-sheet'),
        recorded(reads, ({ request }) => {
          const query = new URL(request.url).searchParams;
          return answer(staffTeeSheetResponseSchema, {
            data: sheetFor(Number(query.get('course_id')), query.get('date') ?? ''),
          });
        }),
      ),
    ],
  });
  afterEach(() => cleanup());

  it('shows each tee time once with its places, and a row per booking with its state, lead and golfers', async () => {
    renderRoute('/staff/tee-sheet?course=1&date=2030-06-10');
    expect(await screen.findByText('Championship Course, Monday 10th June 2030')).toBeTruthy();
    const table = await screen.findByRole('table', {
      name: 'Tee sheet for Championship Course, Monday 10th June 2030',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    const text = rows.map((row) => row.textContent);
    expect(text).toEqual([
      '09:00FullPaid4417730261Ada Lovelace22 Adult—1Birthday round',
      'Deposit£120.00 due5520019934Grace Hopper21 Adult, 1 Senior (65 and over)Fairway Golf Tours—',
      '09:101 of 4Helduntil 09:216630045512No details yet3——',
      '09:204 of 4Free',
      '14:004 of 4BlockedCompetition: Club medalMon 10 Jun 14:00–15:00',
    ]);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['09:00', '09:10', '09:20', '14:00']);
    expect(screen.getByRole('list', { name: 'The day in numbers' }).textContent).toBe(
      '4 tee times3 bookings7 golfers1 blocked',
    );
    expect(reads[0]?.url).toContain('course_id=1&date=2030-06-10');
  });

  it('moves a day at a time and to another course, keeping both in the address', async () => {
    const user = userEvent.setup();
    const router = renderRoute('/staff/tee-sheet?course=1&date=2030-06-10');
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Next day' }));
    await waitFor(() => expect(router.state.location.search).toBe('?course=1&date=2030-06-11'));
    expect(await screen.findByText('Championship Course, Tuesday 11th June 2030')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Course'), 'Burnside Course');
    await waitFor(() => expect(router.state.location.search).toBe('?course=2&date=2030-06-11'));
    expect(await screen.findByRole('table', { name: /^Tee sheet for Burnside Course/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Previous day' }));
    await user.click(screen.getByRole('button', { name: 'Previous day' }));
    await waitFor(() => expect(router.state.location.search).toBe('?course=2&date=2030-06-09'));
    expect(reads.map((read) => new URL(read.url, 'http://api.test').search)).toEqual(
      expect.arrayContaining(['?course_id=2&date=2030-06-09']),
    );
  });

  it('checks golfers in on the day: Arrived and No-show toggle, the sheet reads again and the change is announced', async () => {
    const puts: Received[] = [];
    server.use(
      http.put(
        v1('/staff/check-ins'),
        recorded(puts, ({ request }) =>
          request.json().then((body) =>
            answer(checkInResponseSchema, {
              data: {
                ...(body as { round_id: number; position: number; status: 'arrived' }),
                booking_number: '4417730261',
              },
            }),
          ),
        ),
      ),
    );
    const user = userEvent.setup();
    renderRoute('/staff/tee-sheet?course=1&date=2026-06-10');
    const table = await screen.findByRole('table');
    // A past day: the golfers of confirmed bookings have their toggles; the hold has none.
    const arrived = within(table).getByRole('button', { name: 'Arrived: golfer 1 of booking 4417730261' });
    expect(arrived.getAttribute('aria-pressed')).toBe('false');
    expect(within(table).queryByRole('button', { name: /of booking 6630045512$/ })).toBeNull();
    expect(screen.getByRole('list', { name: 'The day in numbers' }).textContent).toContain(
      '0 arrived0 no-shows',
    );
    const readsBefore = reads.length;
    await user.click(arrived);
    expect(await screen.findByText('Golfer 1 of booking 4417730261: arrived.')).toBeTruthy();
    expect(puts.map((call) => call.body)).toEqual([{ round_id: 11, position: 1, status: 'arrived' }]);
    await waitFor(() => expect(reads.length).toBeGreaterThan(readsBefore));
    expect(screen.getByText('Golfer 1 of booking 4417730261: arrived.').getAttribute('role')).toBe('status');
  });

  it('lets the reservations desk check a period, see the bookings inside and block anyway', async () => {
    role = 'reservations';
    const previews: Received[] = [];
    const creates: Received[] = [];
    const inside = {
      booking_number: '4417730261',
      state: 'paid' as const,
      lead_name: 'Ada Lovelace',
      starts_at: '2030-06-10T08:00:00.000Z',
      players: 2,
    };
    server.use(
      http.post(
        v1('/staff/blocks/preview'),
        answerRecorded(previews, blockPreviewResponseSchema, { tee_times: 2, bookings: [inside] }),
      ),
      http.post(
        v1('/staff/blocks'),
        recorded(creates, () =>
          answer(
            createdBlockResponseSchema,
            {
              data: {
                block: {
                  id: 9,
                  course_id: 1,
                  starts_at: '2030-06-10T08:00:00.000Z',
                  ends_at: '2030-06-10T08:20:00.000Z',
                  reason: 'maintenance',
                  note: 'Greens',
                },
                bookings: [inside],
              },
            },
            { status: 201 },
          ),
        ),
      ),
    );
    const user = userEvent.setup();
    renderRoute('/staff/tee-sheet?course=1&date=2030-06-10');
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Block tee times' }));
    const panel = screen.getByRole('region', { name: 'Block tee times on the Championship Course' });
    await user.type(within(panel).getByLabelText(/^From time/), '09:00');
    await user.type(within(panel).getByLabelText(/^Until time/), '08:00');
    await user.click(within(panel).getByRole('button', { name: 'Check period' }));
    // The shared schema answers here first: nothing is sent for a period that ends before it starts.
    expect(await within(panel).findByText('The block must end after it starts')).toBeTruthy();
    expect(previews).toEqual([]);
    await user.clear(within(panel).getByLabelText(/^Until time/));
    await user.type(within(panel).getByLabelText(/^Until time/), '09:20');
    await user.selectOptions(within(panel).getByLabelText('Reason'), 'Maintenance');
    await user.type(within(panel).getByLabelText(/^Note/), 'Greens');
    await user.click(within(panel).getByRole('button', { name: 'Check period' }));
    expect(await within(panel).findByText('This takes 2 tee times out of sale.')).toBeTruthy();
    expect(within(panel).getByText('1 booking or hold is inside.')).toBeTruthy();
    expect(within(panel).getByRole('listitem').textContent).toBe(
      'Mon 10 Jun 09:00 · 4417730261 · Ada Lovelace · 2 golfers · Paid',
    );
    expect(previews.map((call) => call.body)).toEqual([
      {
        course_id: 1,
        from_date: '2030-06-10',
        from_time: '09:00',
        until_date: '2030-06-10',
        until_time: '09:20',
        reason: 'maintenance',
        note: 'Greens',
      },
    ]);
    await user.click(within(panel).getByRole('button', { name: 'Block anyway' }));
    expect(
      await screen.findByText('Blocked Mon 10 Jun 09:00–09:20: Maintenance. 1 booking keeps its places.'),
    ).toBeTruthy();
    expect(creates.map((call) => call.body)).toEqual([{ ...(previews[0]!.body as object), confirm: true }]);
    expect(screen.queryByRole('region', { name: /^Block tee times/ })).toBeNull();
  });

  it('unblocks from the first tee time of a block, for the reservations desk only', async () => {
    const deletes = serveRecorded('delete', '/staff/blocks/7', blockResponseSchema, {
      id: 7,
      course_id: 1,
      starts_at: '2030-06-10T13:00:00.000Z',
      ends_at: '2030-06-10T14:00:00.000Z',
      reason: 'competition',
      note: 'Club medal',
    });
    renderRoute('/staff/tee-sheet?course=1&date=2030-06-10');
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: /^Unblock/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Block tee times' })).toBeNull();
    cleanup();

    role = 'reservations';
    const user = userEvent.setup();
    renderRoute('/staff/tee-sheet?course=1&date=2030-06-10');
    await screen.findByRole('table');
    await user.click(await screen.findByRole('button', { name: 'Unblock Mon 10 Jun 14:00–15:00' }));
    expect(
      await screen.findByText('Unblocked Mon 10 Jun 14:00–15:00: the tee times are on sale again.'),
    ).toBeTruthy();
    expect(deletes).toHaveLength(1);
  });

  it('opens on today at the Championship Course when the address names no valid day', async () => {
    renderRoute('/staff/tee-sheet?date=2026-02-30');
    await screen.findByRole('table');
    const query = new URL(reads[0]!.url, 'http://api.test').searchParams;
    expect(query.get('course_id')).toBe('1');
    expect(query.get('date')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(query.get('date')).not.toBe('2026-02-30');
  });
});
