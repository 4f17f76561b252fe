import { describe, expect, it } from 'vitest';
import { availabilityStatus } from './availability-status.ts';

const day = (slots: number, openSlots: number, freePlaces: number) => ({
  date: '2026-07-01',
  slots,
  openSlots,
  places: slots * 4,
  freePlaces,
});

describe('availabilityStatus', () => {
  it('is full without bookable slots or without a free place', () => {
    expect(availabilityStatus(undefined)).toBe('full');
    expect(availabilityStatus(day(36, 0, 0))).toBe('full');
  });

  it('is low under a quarter of the places free, and good at exactly a quarter', () => {
    expect(availabilityStatus(day(20, 20, 20))).toBe('good');
    expect(availabilityStatus(day(20, 19, 19))).toBe('low');
  });

  it('is low with fewer than three slots that have room, however empty they are', () => {
    expect(availabilityStatus(day(2, 2, 8))).toBe('low');
    expect(availabilityStatus(day(3, 3, 12))).toBe('good');
  });
});
