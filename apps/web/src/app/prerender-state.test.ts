import { describe, expect, it } from 'vitest';
import { initialBookingState } from '@/features/booking-flow/state/booking-state';
import { canHydratePrerender, PRERENDER_ATTRIBUTE } from './prerender-state';

// A stand-in for #root: only what canHydratePrerender reads.
function root(year: string | null, hasMarkup = true): HTMLElement {
  return {
    getAttribute: (name: string) => (name === PRERENDER_ATTRIBUTE ? year : null),
    firstChild: hasMarkup ? {} : null,
  } as unknown as HTMLElement;
}

const JUNE_2026 = new Date('2026-06-01T12:00:00Z');
const noBooking = () => initialBookingState;
const restoredBooking = () => ({ ...initialBookingState, notes: 'Two trolleys please' });

describe('canHydratePrerender', () => {
  it('hydrates a prerendered page in its default state', () => {
    expect(canHydratePrerender(root('2026'), JUNE_2026, noBooking)).toBe(true);
  });

  it('renders afresh when the page was not prerendered (dev server, the shell of other paths)', () => {
    expect(canHydratePrerender(root(null), JUNE_2026, noBooking)).toBe(false);
    expect(canHydratePrerender(root('2026', false), JUNE_2026, noBooking)).toBe(false);
  });

  it('renders afresh when a booking was restored from sessionStorage (the markup shows an empty one)', () => {
    expect(canHydratePrerender(root('2026'), JUNE_2026, restoredBooking)).toBe(false);
  });

  it('renders afresh once the year in the footer has changed since the build', () => {
    expect(canHydratePrerender(root('2025'), JUNE_2026, noBooking)).toBe(false);
  });
});
