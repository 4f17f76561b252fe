// @vitest-environment happy-dom

import { diaryResponseSchema } from '@links/shared/schemas/diary';
import { CHAMPIONSHIP_INFO_TEXT, type DiarySlot, TIME_CONFLICT_TOOLTIP } from '@links/shared/slot-state';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  answer,
  apiServer,
  held,
  type Received,
  recorded,
  refuse,
  useApiServer,
  v1,
} from '@/test/api-server';
import { renderWithProviders } from '@/test/render-with-providers';
import { diaryQueryOptions } from '../api/get-diary';
import {
  DIARY_ERROR_TITLE,
  emptyTeeSheetText,
  loadingTeeSheetText,
  ordinalDate,
  TeeSheet,
  type TeeSheetProps,
} from './tee-sheet';

const DATE = '2026-07-14';
const championship = { id: 1, name: 'Championship Course', course_completion_time: 4.5 };
// 09:00 BST = 08:00Z.
const slots: DiarySlot[] = [
  { id: 1, slot_date_time: '2026-07-14T08:00:00.000Z', bookings: [{ booking_id: 7, players: 4 }] },
  { id: 2, slot_date_time: '2026-07-14T08:10:00.000Z', bookings: [{ booking_id: 8, players: 3 }] },
  { id: 3, slot_date_time: '2026-07-14T08:20:00.000Z', bookings: [{ booking_id: 9, players: 2 }] },
  { id: 4, slot_date_time: '2026-07-14T08:30:00.000Z', bookings: [] },
  { id: 5, slot_date_time: '2026-07-14T13:00:00.000Z', bookings: [] },
];

function renderSheet(overrides: Partial<TeeSheetProps> = {}, data: DiarySlot[] | null = slots) {
  const props: TeeSheetProps = {
    course: championship,
    date: DATE,
    golferCount: 2,
    selectedSlotId: null,
    currentBookingId: null,
    otherCourseTeeTimes: [],
    onToggleSlot: vi.fn(),
    onSelectedValidity: vi.fn(),
    ...overrides,
  };
  if (data) {
    // The diary reloads whenever a sheet mounts: answer that reload with the same slots.
    apiServer.use(http.get(v1('/courses/:id/diary'), () => answer(diaryResponseSchema, { data })));
  }
  renderWithProviders(<TeeSheet {...props} />, (client) => {
    if (data)
      client.setQueryData(
        diaryQueryOptions({ courseId: 1, date: DATE, currentBookingId: null }).queryKey,
        data,
      );
  });
  return props;
}

function slotButton(time: string): HTMLButtonElement {
  return screen.getByRole('button', { name: new RegExp(`^${time}`) }) as HTMLButtonElement;
}

describe('TeeSheet', () => {
  useApiServer();
  beforeEach(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: the API client reads the CSRF cookie.
    document.cookie = 'XSRF-TOKEN=t; path=/';
  });
  afterEach(() => cleanup());

  it('shows the heading, the date, the UK-time note and every slot state with its text and tooltip', async () => {
    const user = userEvent.setup();
    const props = renderSheet({
      golferCount: 2,
      otherCourseTeeTimes: [{ courseId: 2, start: new Date('2026-07-14T15:00:00.000Z'), completionHours: 4 }],
    });
    expect(screen.getByRole('heading', { name: 'Championship Course' })).toBeTruthy();
    expect(screen.getByText('Tuesday 14th July 2026')).toBeTruthy();
    expect(screen.getByText('All times are UK local time.')).toBeTruthy();

    expect(slotButton('09:00').dataset.state).toBe('full');
    expect(slotButton('09:00').textContent).toContain('Unavailable');
    expect(slotButton('09:10').dataset.state).toBe('too_many_golfers');
    expect(slotButton('09:10').textContent).toContain('Too many golfers');
    expect(slotButton('09:20').dataset.state).toBe('available');
    expect(slotButton('09:20').textContent).toContain('2 slots open');
    expect(slotButton('09:30').textContent).toContain('4 slots open');
    // 14:00 is within 4.5 hours of the 16:00 Burnside round chosen elsewhere.
    expect(slotButton('14:00').dataset.state).toBe('time_conflict');
    expect(slotButton('14:00').textContent).toContain('Time Conflict');
    const tooltipId = slotButton('14:00').getAttribute('aria-describedby') as string;
    expect(document.getElementById(tooltipId)?.textContent).toBe(TIME_CONFLICT_TOOLTIP);

    await user.click(slotButton('09:00'));
    await user.click(slotButton('14:00'));
    expect(props.onToggleSlot).not.toHaveBeenCalled();
    await user.click(slotButton('09:20'));
    expect(props.onToggleSlot).toHaveBeenCalledWith(slots[2]);
  });

  it('blocks empty Championship slots for a single golfer and marks the chosen one selected', () => {
    renderSheet({ golferCount: 1, selectedSlotId: 3 });
    expect(slotButton('09:30').dataset.state).toBe('min_2_golfers');
    expect(slotButton('09:30').getAttribute('aria-disabled')).toBe('true');
    expect(screen.getAllByText(CHAMPIONSHIP_INFO_TEXT).length).toBeGreaterThan(0);
    expect(slotButton('09:20').dataset.state).toBe('selected');
    expect(slotButton('09:20').getAttribute('aria-pressed')).toBe('true');
    expect(slotButton('09:10').textContent).toContain('1 slot open');
  });

  it('reports whether the chosen tee time still fits the group after the diary loads', async () => {
    const fits = renderSheet({ golferCount: 2, selectedSlotId: 3 });
    await waitFor(() => expect(fits.onSelectedValidity).toHaveBeenCalledWith(3, true, false));
    cleanup();
    const tooMany = renderSheet({ golferCount: 3, selectedSlotId: 3 });
    await waitFor(() => expect(tooMany.onSelectedValidity).toHaveBeenCalledWith(3, false, false));
    cleanup();
    // An unbooked Championship slot chosen by two, and now one golfer: too few to start it.
    const tooFew = renderSheet({ golferCount: 1, selectedSlotId: 4 });
    await waitFor(() => expect(tooFew.onSelectedValidity).toHaveBeenCalledWith(4, false, true));
    cleanup();
    const gone = renderSheet({ golferCount: 1, selectedSlotId: 99 });
    await waitFor(() => expect(gone.onSelectedValidity).toHaveBeenCalledWith(99, false, false));
  });

  it('moves between slots with the arrow keys, keeping one tab stop', async () => {
    const user = userEvent.setup();
    renderSheet();
    const first = slotButton('09:00');
    expect(first.tabIndex).toBe(0);
    expect(slotButton('09:10').tabIndex).toBe(-1);
    first.focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(slotButton('09:10'));
    expect(slotButton('09:10').tabIndex).toBe(0);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(slotButton('14:00'));
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(first);
  });

  it('says when no slots are left', () => {
    renderSheet({}, []);
    expect(screen.getByText(emptyTeeSheetText('Championship Course', DATE))).toBeTruthy();
    expect(emptyTeeSheetText('Championship Course', DATE)).toBe(
      'There are no longer any bookable slots available for Championship Course on the 14th July 2026.',
    );
    expect(ordinalDate('2026-11-23')).toBe('23rd November 2026');
    expect(ordinalDate('2026-11-11')).toBe('11th November 2026');
  });

  it('shows the loading text, then the diary error with the message', async () => {
    let fail: () => void = () => {};
    const calls: Received[] = [];
    apiServer.use(
      http.get(
        v1('/courses/:id/diary'),
        recorded(
          calls,
          held(
            () => refuse(400, { code: 'bad_request', message: 'The diary is unavailable' }),
            (release) => {
              fail = release;
            },
          ),
        ),
      ),
    );
    renderSheet({}, null);
    expect(screen.getByText(loadingTeeSheetText('Championship Course', DATE))).toBeTruthy();
    expect(loadingTeeSheetText('Championship Course', DATE)).toBe(
      'Loading Tee Sheet for Championship Course on Tuesday 14th July 2026',
    );
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.url).toBe('/v1/courses/1/diary?start_date=2026-07-14&slot_type=1&filter_today=1');
    fail();
    await screen.findByText(DIARY_ERROR_TITLE);
    expect(screen.getByText('The diary is unavailable')).toBeTruthy();
  });
});
