import { describe, expect, it } from 'vitest';
import {
  type CaddiePriceRange,
  caddieCountOptions,
  caddiePriceFor,
  capCaddieCount,
  isCaddieEligible,
} from './caddies';

describe('isCaddieEligible', () => {
  const teeTime = new Date('2026-07-15T09:00:00Z');

  it('needs at least 24 hours of notice', () => {
    expect(isCaddieEligible(teeTime, new Date('2026-07-14T09:00:00Z'))).toBe(true);
    expect(isCaddieEligible(teeTime, new Date('2026-07-14T08:00:00Z'))).toBe(true);
    expect(isCaddieEligible(teeTime, new Date('2026-07-14T09:00:00.001Z'))).toBe(false);
    expect(isCaddieEligible(teeTime, new Date('2026-07-15T10:00:00Z'))).toBe(false);
  });

  it('counts real hours across the clock change, not wall-clock hours', () => {
    // 09:00 BST Sunday 29 March is 08:00 UTC; 23 real hours after 09:00 GMT on Saturday.
    const sundayTee = new Date('2026-03-29T08:00:00Z');
    expect(isCaddieEligible(sundayTee, new Date('2026-03-28T09:00:00Z'))).toBe(false);
    expect(isCaddieEligible(sundayTee, new Date('2026-03-28T08:00:00Z'))).toBe(true);
  });
});

describe('caddieCountOptions', () => {
  it('offers none up to one per golfer', () => {
    expect(caddieCountOptions(2)).toEqual([
      { value: 0, label: 'No caddies required' },
      { value: 1, label: 'One (1)' },
      { value: 2, label: 'Two (2)' },
    ]);
    expect(caddieCountOptions(4).map((option) => option.label)).toEqual([
      'No caddies required',
      'One (1)',
      'Two (2)',
      'Three (3)',
      'Four (4)',
    ]);
  });

  it('caps at four and never goes below none', () => {
    expect(caddieCountOptions(6)).toHaveLength(5);
    expect(caddieCountOptions(0)).toEqual([{ value: 0, label: 'No caddies required' }]);
    expect(caddieCountOptions(-1)).toEqual([{ value: 0, label: 'No caddies required' }]);
  });

  it('caps a chosen count at the golfer count', () => {
    expect(capCaddieCount(4, 2)).toBe(2);
    expect(capCaddieCount(1, 3)).toBe(1);
    expect(capCaddieCount(-2, 3)).toBe(0);
  });
});

describe('caddiePriceFor', () => {
  const ranges: CaddiePriceRange[] = [
    { id: 1, start_date: '2026-04-01', end_date: '2026-10-31', price: 6000 },
    { id: 2, start_date: '2026-07-13', end_date: '2026-07-19', price: 7500 },
    { id: 3, start_date: '2026-11-01', end_date: '2027-03-31', price: 5000 },
  ];

  it('uses the range covering the date, ends included', () => {
    expect(caddiePriceFor('2026-04-01', ranges)).toBe(6000);
    expect(caddiePriceFor('2026-10-31', ranges)).toBe(6000);
    expect(caddiePriceFor('2027-01-15', ranges)).toBe(5000);
  });

  it('prefers the more specific, later-starting range where ranges overlap', () => {
    expect(caddiePriceFor('2026-07-14', ranges)).toBe(7500);
    expect(caddiePriceFor('2026-07-20', ranges)).toBe(6000);
  });

  it('falls back to 7000 pence when no range covers the date', () => {
    expect(caddiePriceFor('2026-03-31', ranges)).toBe(7000);
    expect(caddiePriceFor('2026-07-14', [])).toBe(7000);
  });
});
