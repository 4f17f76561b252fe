// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { initialBookingState } from './booking-state';
import { BOOKING_STORAGE_KEY, loadBookingState, saveBookingState } from './booking-storage';

describe('booking storage', () => {
  afterEach(() => window.sessionStorage.clear());

  it('keeps the booking across a reload in the same tab', () => {
    const state = { ...initialBookingState, golfers: [{ id: 1, playerTypeId: 3 }], notes: 'Buggy please' };
    saveBookingState(state);
    expect(loadBookingState()).toEqual(state);
    saveBookingState(initialBookingState);
    expect(window.sessionStorage.getItem(BOOKING_STORAGE_KEY)).toBeNull();
  });

  it('starts afresh from nothing, another version or a hand-edited value', () => {
    expect(loadBookingState()).toBe(initialBookingState);
    window.sessionStorage.setItem(BOOKING_STORAGE_KEY, '{not json');
    expect(loadBookingState()).toBe(initialBookingState);
    window.sessionStorage.setItem(
      BOOKING_STORAGE_KEY,
      JSON.stringify({ version: 99, state: initialBookingState }),
    );
    expect(loadBookingState()).toBe(initialBookingState);
    window.sessionStorage.setItem(
      BOOKING_STORAGE_KEY,
      JSON.stringify({ version: 1, state: { ...initialBookingState, golfers: [{ id: 'x' }] } }),
    );
    expect(loadBookingState()).toBe(initialBookingState);
  });
});
