// The week the API's booking tests run in: Friday 20 March 2026, 09:05 UK (GMT), so winter fees (Burnside adult
// 5500), with the seeded ten-minute tee times of the Thursday after free for the tests to book.

/** The tests' now: createBookingApp seeds at it and pins the app's clock to it. */
export const NOW = new Date('2026-03-20T09:05:00Z');
/** NOW's UK date. */
export const TODAY = '2026-03-20';
/** The Thursday after NOW. */
export const THURSDAY = '2026-03-26';
/** An hour and a day in milliseconds, for moving the clock of the jobs the tests run. */
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
/** `ms` after `base` (before it when negative). */
export const at = (base: Date, ms: number) => new Date(base.getTime() + ms);
