import { describe, expect, it } from 'vitest';
import { isMonthSelectable, isPlayDateOpen } from './booking-calendar';

describe('isPlayDateOpen', () => {
  it('opens today up to and including the closing date', () => {
    expect(isPlayDateOpen('2026-07-14', '2026-07-14', '2026-10-31')).toBe(true);
    expect(isPlayDateOpen('2026-10-31', '2026-07-14', '2026-10-31')).toBe(true);
  });

  it('closes days before today and after the closing date', () => {
    expect(isPlayDateOpen('2026-07-13', '2026-07-14', '2026-10-31')).toBe(false);
    expect(isPlayDateOpen('2026-11-01', '2026-07-14', '2026-10-31')).toBe(false);
  });

  it('has no upper limit without a closing date and refuses impossible dates', () => {
    expect(isPlayDateOpen('2030-01-01', '2026-07-14', null)).toBe(true);
    expect(isPlayDateOpen('2026-02-30', '2026-01-01', null)).toBe(false);
  });
});

describe('isMonthSelectable', () => {
  it('starts at the current month', () => {
    expect(isMonthSelectable('2026-07', '2026-07-31')).toBe(true);
    expect(isMonthSelectable('2027-01', '2026-07-31')).toBe(true);
    expect(isMonthSelectable('2026-06', '2026-07-01')).toBe(false);
    expect(isMonthSelectable('2026-13', '2026-07-01')).toBe(false);
  });
});
