/**
 * The server-rendered booking page's contract (docs/decisions/017-server-rendered-booking-page.md), in one place for
 * the three sides that meet on it: the web build writes the template with these slots (apps/web/build), the API fills
 * them per request (apps/api, modules/confirmation/booking-page.ts), and the browser reads the booking's JSON block
 * by its id (apps/web, features/confirmation/api/early-booking.ts).
 */
export const BOOKING_PAGE_SLOTS = {
  hints: '<!--booking-hints-->',
  body: '<!--booking-body-->',
  year: '__BOOKING_YEAR__',
  data: '<!--booking-data-->',
} as const;

/** The id of the page's `<script type="application/json">` block with the booking it was rendered from. */
export const RENDERED_BOOKING_ID = 'rendered-booking';
