import { initialBookingState } from '@/features/booking-flow/state/booking-state';
import { loadBookingState } from '@/features/booking-flow/state/booking-storage';

/**
 * Set on #root of a prerendered page (`/`, the sign-in pages, the PIN form, the error page...: build/prerender-pages.ts,
 * docs/decisions/007 and 012) with the year the markup was rendered in (the footer prints it). Its presence is also
 * what tells the API's tests and the client that #root holds a prerendered page. The page's start-up script removes
 * it when the page is served at another address than the one it was rendered for, or without the query it was
 * rendered with, so the address needs no check here.
 */
export const PRERENDER_ATTRIBUTE = 'data-prerendered-year';

/**
 * Whether the first render in this browser produces exactly the prerendered markup, so hydrateRoot can adopt it:
 * the page was prerendered for this address, the footer's year has not changed since the build, and no booking was
 * restored from sessionStorage (the prerender always shows an empty booking).
 */
export function canHydratePrerender(
  container: HTMLElement,
  now: Date = new Date(),
  loadBooking: typeof loadBookingState = loadBookingState,
): boolean {
  const year = container.getAttribute(PRERENDER_ATTRIBUTE);
  return (
    year !== null &&
    container.firstChild !== null &&
    year === String(now.getFullYear()) &&
    loadBooking() === initialBookingState
  );
}
