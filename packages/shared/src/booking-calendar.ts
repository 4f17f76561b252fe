import { isValidDateString, isValidMonthString, monthOf } from './uk-time';

// Spec section 5, Calendar: days before today and after the course closing_date are disabled, and the
// earliest month shown is the current one. The API applies the same rule to the diary and month availability.

/** Whether a UK date can be played on: not before today and not after the course's closing date (inclusive). */
export function isPlayDateOpen(date: string, today: string, closingDate: string | null): boolean {
  if (!isValidDateString(date)) return false;
  if (date < today) return false;
  return closingDate === null || date <= closingDate;
}

/** Whether a yyyy-MM month may be shown: the current UK month or later. */
export function isMonthSelectable(month: string, today: string): boolean {
  return isValidMonthString(month) && month >= monthOf(today);
}
