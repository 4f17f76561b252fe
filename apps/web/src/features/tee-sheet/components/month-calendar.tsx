import { isMonthSelectable, isPlayDateOpen } from '@links/shared/booking-calendar';
import type { AvailabilityStatus } from '@links/shared/schemas/availability';
import { addDays, daysInMonth, monthOf, weekdayOf } from '@links/shared/uk-time';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useMonthAvailability } from '../api/get-month-availability';
import styles from './month-calendar.module.css';

const WEEKDAYS = [
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
  ['Sun', 'Sunday'],
] as const;

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** How far ahead the month list reaches when a course has no closing date (the API's own limit). */
const MAX_MONTHS_AHEAD = 24;

type IndicatorStatus = AvailabilityStatus | 'unknown';

export const AVAILABILITY_LEGEND: { status: IndicatorStatus; label: string }[] = [
  { status: 'good', label: 'Good availability' },
  { status: 'low', label: 'Limited availability' },
  { status: 'full', label: 'Fully booked' },
  { status: 'unknown', label: 'Availability unknown' },
];
const STATUS_LABEL = Object.fromEntries(
  AVAILABILITY_LEGEND.map((entry) => [entry.status, entry.label]),
) as Record<IndicatorStatus, string>;

const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

function monthLabel(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return monthFormat.format(Date.UTC(year, monthNumber - 1, 1));
}

function shiftMonth(month: string, by: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + monthNumber - 1 + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  for (let month = first; month <= last && months.length <= MAX_MONTHS_AHEAD; month = shiftMonth(month, 1)) {
    months.push(month);
  }
  return months;
}

type Cell = { key: string; date: string | null };

/** Monday-first weeks of a month, padded with empty cells. */
function weeksOf(month: string): Cell[][] {
  const days = daysInMonth(month);
  const lead = (weekdayOf(days[0] as string) + 6) % 7;
  const cells: Cell[] = [
    ...Array.from({ length: lead }, (_, index) => ({ key: `lead-${index}`, date: null })),
    ...days.map((date) => ({ key: date, date })),
  ];
  while (cells.length % 7 !== 0) cells.push({ key: `trail-${cells.length}`, date: null });
  const weeks: Cell[][] = [];
  for (let index = 0; index < cells.length; index += 7) weeks.push(cells.slice(index, index + 7));
  return weeks;
}

/** Where a key press moves the calendar focus (WAI-ARIA date grid keys), or null for other keys. */
function keyTarget(key: string, date: string, weekdayIndex: number, month: string): string | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(date, -1);
    case 'ArrowRight':
      return addDays(date, 1);
    case 'ArrowUp':
      return addDays(date, -7);
    case 'ArrowDown':
      return addDays(date, 7);
    case 'Home':
      return addDays(date, -weekdayIndex);
    case 'End':
      return addDays(date, 6 - weekdayIndex);
    case 'PageUp':
      return `${shiftMonth(month, -1)}-01`;
    case 'PageDown':
      return `${shiftMonth(month, 1)}-01`;
    default:
      return null;
  }
}

export type MonthCalendarProps = {
  courseId: number;
  courseName: string;
  closingDate: string | null;
  /** Today's UK date. */
  today: string;
  viewMonth: string;
  selectedDate: string;
  onSelectDate: (date: string) => void;
  onChangeMonth: (month: string) => void;
};

/**
 * A month grid (WAI-ARIA grid pattern: one tab stop, arrow keys move by day and week, Page Up/Down by month,
 * Home/End to the week's ends). Days before today and after the closing date stay focusable but disabled.
 */
export function MonthCalendar({
  courseId,
  courseName,
  closingDate,
  today,
  viewMonth,
  selectedDate,
  onSelectDate,
  onChangeMonth,
}: MonthCalendarProps) {
  const firstMonth = monthOf(today);
  const lastMonth = closingDate ? monthOf(closingDate) : shiftMonth(firstMonth, MAX_MONTHS_AHEAD);
  const month = isMonthSelectable(viewMonth, today) ? viewMonth : firstMonth;
  const availability = useMonthAvailability(courseId, month);
  const gridRef = useRef<HTMLTableElement>(null);
  const focusPending = useRef(false);
  const captionId = useId();
  const selectId = useId();
  const [focusedDate, setFocusedDate] = useState(
    monthOf(selectedDate) === month ? selectedDate : `${month}-01`,
  );
  // The roving tab stop always sits inside the month shown.
  const activeDate =
    monthOf(focusedDate) === month
      ? focusedDate
      : monthOf(selectedDate) === month
        ? selectedDate
        : `${month}-01`;

  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-date="${activeDate}"]`)?.focus();
  });

  const isOpen = (date: string) => isPlayDateOpen(date, today, closingDate);

  function moveFocus(date: string) {
    const target = monthOf(date);
    if (target < firstMonth || target > lastMonth) return;
    focusPending.current = true;
    setFocusedDate(date);
    if (target !== month) onChangeMonth(target);
  }

  function onGridKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    const weekdayIndex = (weekdayOf(activeDate) + 6) % 7;
    const target = keyTarget(event.key, activeDate, weekdayIndex, month);
    if (target === null) return;
    event.preventDefault();
    moveFocus(target);
  }

  const months = monthsBetween(firstMonth, lastMonth);
  const canGoBack = month > firstMonth;
  const canGoForward = month < lastMonth;
  const statuses = availability.data;

  return (
    <div className={styles.calendar}>
      <div className={styles.caption}>
        <button
          type="button"
          className={styles.nav}
          onClick={() => onChangeMonth(shiftMonth(month, -1))}
          disabled={!canGoBack}
          aria-label={`Previous month, ${courseName}`}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <label className="visually-hidden" htmlFor={selectId}>
          Month for {courseName}
        </label>
        <select
          id={selectId}
          className={styles.month}
          value={month}
          onChange={(event) => onChangeMonth(event.target.value)}
        >
          {months.map((option) => (
            <option key={option} value={option}>
              {monthLabel(option)}
            </option>
          ))}
        </select>
        <button
          type="button"
          className={styles.nav}
          onClick={() => onChangeMonth(shiftMonth(month, 1))}
          disabled={!canGoForward}
          aria-label={`Next month, ${courseName}`}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <p id={captionId} className="visually-hidden" aria-live="polite">
        {courseName}, {monthLabel(month)}
      </p>
      <table
        ref={gridRef}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: WAI-ARIA date grid pattern (arrow keys move between days).
        role="grid"
        className={styles.grid}
        aria-labelledby={captionId}
        onKeyDown={onGridKeyDown}
      >
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th key={short} scope="col" abbr={long} className={styles.weekday}>
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeksOf(month).map((week) => (
            <tr key={week[0]?.key}>
              {week.map(({ key, date }) => {
                if (!date) {
                  // biome-ignore lint/a11y/useFocusableInteractive: an empty cell of the date grid; days are the buttons.
                  // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: WAI-ARIA date grid pattern.
                  return <td key={key} role="gridcell" className={styles.pad} />;
                }
                const open = isOpen(date);
                const status: IndicatorStatus = open ? (statuses?.[date]?.status ?? 'unknown') : 'unknown';
                const selected = date === selectedDate;
                return (
                  // biome-ignore lint/a11y/useFocusableInteractive: the button inside the cell takes the focus (roving tabindex).
                  // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: WAI-ARIA date grid pattern.
                  <td key={key} role="gridcell" aria-selected={selected}>
                    <button
                      type="button"
                      data-date={date}
                      data-status={open ? status : undefined}
                      className={[styles.day, selected && styles.selected, date === today && styles.today]
                        .filter(Boolean)
                        .join(' ')}
                      tabIndex={date === activeDate ? 0 : -1}
                      aria-disabled={!open || undefined}
                      onFocus={() => setFocusedDate(date)}
                      onClick={() => {
                        if (open) onSelectDate(date);
                      }}
                    >
                      {Number(date.slice(8))}
                      <span className="visually-hidden">
                        {' '}
                        {monthLabel(month)}, {WEEKDAY_NAMES[weekdayOf(date)]},{' '}
                        {open ? STATUS_LABEL[status] : 'not available'}
                      </span>
                      {open ? <span className={styles.dot} aria-hidden="true" /> : null}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className={styles.legend} aria-label="Availability key">
        {AVAILABILITY_LEGEND.map((entry) => (
          <li key={entry.status} data-status={entry.status}>
            <span className={styles.dot} aria-hidden="true" />
            {entry.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
