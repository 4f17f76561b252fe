import { initialBookingState } from '@/features/booking-flow/state/booking-state';
import { loadBookingState } from '@/features/booking-flow/state/booking-storage';

/** The only page the build prerenders (see docs/decisions/007-prerendered-home.md). */
export const PRERENDERED_PATH = '/';

/**
 * Set on #root of the prerendered page with the year the markup was rendered in (the footer prints it). Its
 * presence is also what tells the API's tests and the client that the markup in #root is the home page.
 */
export const PRERENDER_ATTRIBUTE = 'data-prerendered-year';

/**
 * Whether the first render in this browser produces exactly the prerendered markup, so hydrateRoot can adopt it:
 * the page is `/`, the footer's year has not changed since the build, and no booking was restored from
 * sessionStorage (the prerender always shows an empty booking).
 */
export function canHydratePrerender(
  container: HTMLElement,
  pathname: string,
  now: Date = new Date(),
  loadBooking: typeof loadBookingState = loadBookingState,
): boolean {
  const year = container.getAttribute(PRERENDER_ATTRIBUTE);
  return (
    year !== null &&
    container.firstChild !== null &&
    pathname === PRERENDERED_PATH &&
    year === String(now.getFullYear()) &&
    loadBooking() === initialBookingState
  );
}
