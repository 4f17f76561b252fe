import { describe, expect, it } from 'vitest';
import { formatMoney, pluralize, splitVatInclusive } from './money';

describe('formatMoney', () => {
  it('formats pence as en-GB pounds with exactly two decimals', () => {
    expect(formatMoney(32100)).toBe('£321.00');
    expect(formatMoney(5)).toBe('£0.05');
    expect(formatMoney(0)).toBe('£0.00');
    expect(formatMoney(123456789)).toBe('£1,234,567.89');
  });

  it('keeps the sign of refunds and credits', () => {
    expect(formatMoney(-1999)).toBe('-£19.99');
  });
});

describe('splitVatInclusive', () => {
  it('splits a VAT-inclusive price at 20%', () => {
    expect(splitVatInclusive(12000)).toEqual({ net: 10000, vat: 2000, total: 12000 });
    expect(splitVatInclusive(32100)).toEqual({ net: 26750, vat: 5350, total: 32100 });
  });

  it('rounds the net half up and gives VAT the remainder', () => {
    // 3 * 100 / 120 = 2.5 exactly: half up gives 3.
    expect(splitVatInclusive(3)).toEqual({ net: 3, vat: 0, total: 3 });
    // 32101 / 1.2 = 26750.83 -> 26751
    expect(splitVatInclusive(32101)).toEqual({ net: 26751, vat: 5350, total: 32101 });
    expect(splitVatInclusive(1)).toEqual({ net: 1, vat: 0, total: 1 });
  });

  it('always has net + vat === total and stays within half a penny of the exact net', () => {
    const wrong: number[] = [];
    for (let total = 0; total <= 50_000; total += 1) {
      const { net, vat } = splitVatInclusive(total);
      if (net + vat !== total || Math.abs(net - total / 1.2) > 0.5 || vat < 0) wrong.push(total);
    }
    expect(wrong).toEqual([]);
  });

  it('honours another rate', () => {
    expect(splitVatInclusive(10500, 5)).toEqual({ net: 10000, vat: 500, total: 10500 });
    expect(splitVatInclusive(10000, 0)).toEqual({ net: 10000, vat: 0, total: 10000 });
  });

  it('refuses fractions of a penny and negative amounts', () => {
    expect(() => splitVatInclusive(10.5)).toThrow(RangeError);
    expect(() => splitVatInclusive(-1)).toThrow(RangeError);
    expect(() => splitVatInclusive(100, 17.5)).toThrow(RangeError);
  });
});

describe('pluralize', () => {
  it('adds an s unless the count is exactly 1', () => {
    expect(pluralize(1, 'slot')).toBe('slot');
    expect(pluralize(0, 'slot')).toBe('slots');
    expect(pluralize(2, 'golfer')).toBe('golfers');
    expect(pluralize(1.5, 'hour')).toBe('hours');
  });
});
