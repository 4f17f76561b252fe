// @vitest-environment happy-dom

import {
  type StaffTeeWindows,
  staffTeeWindowsResponseSchema,
  type TeeWindowPreview,
  teeWindowChangeAnswerResponseSchema,
  teeWindowPreviewResponseSchema,
} from '@links/shared/schemas/staff-tee-windows';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { answer, type Received, recorded, v1 } from '@/test/api-server';
import { renderRoute } from '@/test/render-route';
import { staffMe, useStaffServer } from '../test/staff-me';

const WEEKDAY = [
  { start: '10:00', end: '12:20' },
  { start: '14:00', end: '15:50' },
];

const WINDOWS: StaffTeeWindows = {
  courses: [
    {
      id: 2,
      name: 'Burnside Course',
      interval_minutes: 10,
      closing_date: '2027-10-31',
      rules: [
        ...[1, 2, 3, 4, 5].map((weekday) => ({
          weekday,
          valid_from: null,
          valid_to: null,
          windows: WEEKDAY,
        })),
        { weekday: 6, valid_from: null, valid_to: null, windows: [{ start: '14:00', end: '17:50' }] },
        { weekday: 0, valid_from: null, valid_to: null, windows: [{ start: '12:00', end: '17:50' }] },
        {
          weekday: 3,
          valid_from: '2026-12-01',
          valid_to: '2027-02-28',
          windows: [{ start: '10:00', end: '13:00' }],
        },
      ],
      outside: [],
    },
  ],
};

const PREVIEW: TeeWindowPreview = {
  first_day: '2026-11-29',
  last_day: '2027-10-31',
  added: 0,
  removed: 432,
  sample: {
    date: '2026-12-02',
    before: ['10:00', '10:10'],
    after: ['10:00'],
  },
  conflicts: [
    {
      booking_number: '4417730261',
      state: 'paid',
      lead_name: 'Ada Lovelace',
      starts_at: '2026-12-02T11:30:00.000Z',
      players: 2,
    },
  ],
};

describe('the tee windows page', () => {
  const previews: Received[] = [];
  const changes: Received[] = [];
  let role: 'admin' | 'reservations' = 'admin';
  useStaffServer({
    received: [previews, changes],
    reset: () => {
      role = 'admin';
    },
    handlers: () => [
      staffMe(() => ({ name: 'Isla Windows', email: 'isla@example.com', role })),
      http.get(v1('/staff/tee-windows'), () => answer(staffTeeWindowsResponseSchema, { data: WINDOWS })),
      http.post(
        v1('/staff/tee-windows/preview'),
        recorded(previews, () => answer(teeWindowPreviewResponseSchema, { data: PREVIEW })),
      ),
      http.put(
        v1('/staff/tee-windows'),
        recorded(changes, () =>
          answer(teeWindowChangeAnswerResponseSchema, {
            data: {
              applied: PREVIEW,
              tee_windows: {
                courses: [{ ...WINDOWS.courses[0]!, outside: PREVIEW.conflicts }],
              },
            },
          }),
        ),
      ),
    ],
  });
  afterEach(() => cleanup());

  it('shows the standing windows per day and the adjustments for dates', async () => {
    renderRoute('/staff/tee-windows');
    const standing = await screen.findByRole('table', {
      name: /Standing tee windows of the Burnside Course/,
    });
    expect(within(standing).getByRole('row', { name: /Monday/ }).textContent).toContain(
      '10:00 to 12:20, 14:00 to 15:50',
    );
    expect(within(standing).getByRole('row', { name: /Sunday/ }).textContent).toContain('12:00 to 17:50');
    const adjustments = screen.getByRole('table', { name: /Tee windows for dates/ });
    expect(within(adjustments).getByRole('row', { name: /1 Dec 2026 to 28 Feb 2027/ }).textContent).toContain(
      'Wednesday10:00 to 13:00',
    );
    expect(screen.getByText('Every 10 minutes')).toBeTruthy();
  });

  it('checks a change first, lists the bookings it leaves outside, then applies it', async () => {
    const user = userEvent.setup();
    renderRoute('/staff/tee-windows');
    const form = await screen.findByRole('form', { name: 'Change tee windows' });
    // Monday to Friday share their windows: the form starts from them.
    const firsts = within(form).getAllByLabelText(/First tee time/);
    expect((firsts[0] as HTMLInputElement).value).toBe('10:00');
    expect((firsts[1] as HTMLInputElement).value).toBe('14:00');

    // A bad window is refused here, nothing sent.
    const lasts = within(form).getAllByLabelText(/Last tee time/);
    await user.clear(lasts[0]!);
    await user.type(lasts[0]!, '09:00');
    await user.click(within(form).getByRole('button', { name: 'Check the change' }));
    expect(await within(form).findByText('The last tee time must not be before the first.')).toBeTruthy();
    expect(previews).toHaveLength(0);

    await user.clear(lasts[0]!);
    await user.type(lasts[0]!, '10:50');
    await user.click(within(form).getByRole('button', { name: 'Check the change' }));
    expect(await screen.findByText(/432 taken out of sale/)).toBeTruthy();
    expect(previews[0]?.body).toEqual({
      course_id: 2,
      weekdays: [1, 2, 3, 4, 5],
      valid_from: null,
      valid_to: null,
      windows: [
        { start: '10:00', end: '10:50' },
        { start: '14:00', end: '15:50' },
      ],
      interval_minutes: 10,
      sample_date: null,
    });
    expect(screen.getByText('1 booking would be outside the tee times.')).toBeTruthy();
    expect(screen.getByRole('link', { name: '4417730261' }).getAttribute('href')).toBe(
      '/staff/bookings/4417730261',
    );
    expect(changes).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Apply anyway' }));
    expect(
      await screen.findByText(
        'Tee windows of the Burnside Course changed: 0 tee times added, 432 taken out of sale. 1 booking keeps its tee time: move them.',
      ),
    ).toBeTruthy();
    expect(changes[0]?.body).toEqual(previews[0]?.body);
    expect(screen.getByRole('region', { name: 'Bookings outside the tee times' }).textContent).toContain(
      'Ada Lovelace',
    );
  });

  it('the reservations desk reads the windows without the change form', async () => {
    role = 'reservations';
    renderRoute('/staff/tee-windows');
    await screen.findByRole('table', { name: /Standing tee windows/ });
    expect(screen.queryByRole('form', { name: 'Change tee windows' })).toBeNull();
  });
});
