// @vitest-environment happy-dom
import { availabilityResponseSchema } from '@links/shared/schemas/availability';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, useApiServer, v1 } from '@/test/api-server';
import { renderWithProviders } from '@/test/render-with-providers';
import { AVAILABILITY_LEGEND, MonthCalendar } from './month-calendar';

const TODAY = '2026-07-10';

function Harness({ onSelect = () => {} }: { onSelect?: (date: string) => void }) {
  const [month, setMonth] = useState('2026-07');
  const [date, setDate] = useState(TODAY);
  return (
    <MonthCalendar
      courseId={2}
      courseName="Burnside Course"
      closingDate="2026-08-20"
      today={TODAY}
      viewMonth={month}
      selectedDate={date}
      onSelectDate={(next) => {
        setDate(next);
        onSelect(next);
      }}
      onChangeMonth={setMonth}
    />
  );
}

const day = (name: RegExp) => screen.getByRole('button', { name });

describe('MonthCalendar', () => {
  const server = useApiServer();
  let requested: string[];
  beforeEach(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: the API client reads the CSRF cookie.
    document.cookie = 'XSRF-TOKEN=t; path=/';
    requested = [];
    server.use(
      http.get(v1('/courses/:id/availability'), ({ request }) => {
        const url = new URL(request.url);
        requested.push(`${url.pathname}${url.search}`);
        const month = url.searchParams.get('month');
        return answer(availabilityResponseSchema, {
          data:
            month === '2026-07' ? { '2026-07-14': { status: 'low' }, '2026-07-15': { status: 'full' } } : {},
        });
      }),
    );
  });
  afterEach(() => cleanup());

  it('shows availability per day, the legend, and disables days before today and after closing', async () => {
    const onSelect = vi.fn();
    renderWithProviders(<Harness onSelect={onSelect} />);
    expect(screen.getByRole('grid')).toBeTruthy();
    await waitFor(() => expect(day(/^14 July 2026, Tuesday, Limited availability/)).toBeTruthy());
    expect(requested[0]).toBe('/v1/courses/2/availability?month=2026-07');
    expect(day(/^15 July 2026, Wednesday, Fully booked/)).toBeTruthy();
    expect(day(/^16 July 2026, Thursday, Availability unknown/)).toBeTruthy();
    expect(day(/^9 July 2026, Thursday, not available/).getAttribute('aria-disabled')).toBe('true');
    const legend = screen.getByRole('list', { name: 'Availability key' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(AVAILABILITY_LEGEND.map((entry) => entry.label));

    const user = userEvent.setup();
    await user.click(day(/^9 July 2026/));
    expect(onSelect).not.toHaveBeenCalled();
    await user.click(day(/^14 July 2026/));
    expect(onSelect).toHaveBeenCalledWith('2026-07-14');
    expect(
      day(/^14 July 2026/)
        .closest('td')
        ?.getAttribute('aria-selected'),
    ).toBe('true');
  });

  it('offers months from the current one up to the closing month, and refuses going earlier', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const select = screen.getByLabelText('Month for Burnside Course') as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual(['July 2026', 'August 2026']);
    expect(
      (screen.getByRole('button', { name: 'Previous month, Burnside Course' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await user.selectOptions(select, '2026-08');
    expect(day(/^20 August 2026, Thursday/).getAttribute('aria-disabled')).toBeNull();
    expect(day(/^21 August 2026, Friday, not available/).getAttribute('aria-disabled')).toBe('true');
    expect(
      (screen.getByRole('button', { name: 'Next month, Burnside Course' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('moves focus with the arrow keys in one tab stop, across into the next month', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const selected = day(/^10 July 2026/);
    expect(selected.tabIndex).toBe(0);
    expect(day(/^11 July 2026/).tabIndex).toBe(-1);
    selected.focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(day(/^11 July 2026/));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(day(/^18 July 2026/));
    await user.keyboard('{PageDown}');
    expect((screen.getByLabelText('Month for Burnside Course') as HTMLSelectElement).value).toBe('2026-08');
    expect(document.activeElement).toBe(day(/^1 August 2026/));
  });
});
