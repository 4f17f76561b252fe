import { describe, expect, it } from 'vitest';
import {
  fullPaymentDeadline,
  isAnyPlayDateWithin30Days,
  operatorPaymentOptions,
  type PaymentScheduleInput,
  PaymentTermsError,
  paymentBand,
  paymentSchedule,
} from './payment-terms';
import { addDays } from './uk-time';

const today = '2026-07-14';

describe('operatorPaymentOptions', () => {
  it.each([
    [29, true],
    [30, true],
    [31, false],
  ])('with the first round %i days away, deposit and offline disabled: %s', (days, disabled) => {
    const options = operatorPaymentOptions([addDays(today, days)], today, 50);
    expect(options).toEqual([
      { method: 'online', recommended: true, disabled: false, disabledLabel: null },
      { method: 'deposit', recommended: false, disabled, disabledLabel: disabled ? 'within 30 days' : null },
      { method: 'offline', recommended: false, disabled, disabledLabel: disabled ? 'within 30 days' : null },
    ]);
  });

  it('disables them when any round, not only the first listed, is within 30 days', () => {
    const options = operatorPaymentOptions(['2026-12-01', addDays(today, 10)], today, 50);
    expect(options.filter((option) => option.disabled).map((option) => option.method)).toEqual([
      'deposit',
      'offline',
    ]);
    expect(isAnyPlayDateWithin30Days(['2026-12-01'], today)).toBe(false);
    expect(isAnyPlayDateWithin30Days(['2026-07-01'], today)).toBe(true);
  });

  it('offers a deposit only when the deposit percentage is above 0', () => {
    expect(operatorPaymentOptions(['2026-12-01'], today, 0).map((option) => option.method)).toEqual([
      'online',
      'offline',
    ]);
    expect(operatorPaymentOptions(['2026-12-01'], today, 25).map((option) => option.method)).toEqual([
      'online',
      'deposit',
      'offline',
    ]);
  });
});

describe('paymentBand', () => {
  it.each([
    [120, 'standard'],
    [43, 'standard'],
    [42, 'full_in_7_days'],
    [15, 'full_in_7_days'],
    [14, 'full_in_48_hours'],
    [3, 'full_in_48_hours'],
    [2, 'full_at_booking'],
    [0, 'full_at_booking'],
  ] as const)('%i days out is %s', (days, band) => {
    expect(paymentBand(days)).toBe(band);
  });
});

describe('fullPaymentDeadline', () => {
  const bookedAt = new Date('2026-07-14T10:00:00Z'); // 11:00 BST

  it('is the end of the UK day 42 days before the first round in the standard band', () => {
    expect(fullPaymentDeadline(bookedAt, ['2026-10-30', '2026-10-28']).toISOString()).toBe(
      '2026-09-16T22:59:59.999Z',
    );
  });

  it('is 7 days, 48 hours or at once closer to play', () => {
    expect(fullPaymentDeadline(bookedAt, [addDays(today, 20)]).toISOString()).toBe(
      '2026-07-21T10:00:00.000Z',
    );
    expect(fullPaymentDeadline(bookedAt, [addDays(today, 10)]).toISOString()).toBe(
      '2026-07-16T10:00:00.000Z',
    );
    expect(fullPaymentDeadline(bookedAt, [addDays(today, 1)])).toEqual(bookedAt);
  });
});

describe('paymentSchedule', () => {
  const bookedAt = new Date('2026-01-10T10:00:00Z');
  /** A 50% deposit on £100.00 for a round on 14 July, booked on 10 January: each case sets what it is about. */
  const scheduleFor = (input: Partial<PaymentScheduleInput>) =>
    paymentSchedule({
      method: 'deposit',
      bookedAt,
      playDates: ['2026-07-14'],
      totalPence: 10000,
      depositPercent: 50,
      ...input,
    });

  it('takes online payments in full at booking', () => {
    const schedule = scheduleFor({ method: 'online', playDates: ['2026-01-11'], totalPence: 32100 });
    expect(schedule).toEqual({
      band: 'full_at_booking',
      daysOut: 1,
      instalments: [{ kind: 'full', amountPence: 32100, dueBy: bookedAt, dueDate: '2026-01-10' }],
    });
  });

  it('takes a deposit within one calendar month and the balance 42 days before play', () => {
    const schedule = scheduleFor({ playDates: ['2026-07-16', '2026-07-14'], totalPence: 37507 });
    expect(schedule.band).toBe('standard');
    expect(schedule.instalments).toEqual([
      { kind: 'deposit', amountPence: 18754, dueBy: new Date('2026-02-10T10:00:00Z'), dueDate: '2026-02-10' },
      {
        kind: 'balance',
        amountPence: 18753,
        dueBy: new Date('2026-06-02T22:59:59.999Z'),
        dueDate: '2026-06-02',
      },
    ]);
  });

  it('never asks for the deposit after the balance', () => {
    const schedule = scheduleFor({ bookedAt: new Date('2026-05-30T09:00:00Z') });
    expect(schedule.daysOut).toBe(45);
    expect(schedule.instalments.map((i) => i.dueDate)).toEqual(['2026-06-02', '2026-06-02']);
  });

  it('clamps the calendar month at the end of a short month', () => {
    const schedule = scheduleFor({ bookedAt: new Date('2026-01-31T12:00:00Z'), depositPercent: 30 });
    expect(schedule.instalments[0]).toMatchObject({
      kind: 'deposit',
      amountPence: 3000,
      dueDate: '2026-02-28',
    });
    expect(schedule.instalments[1]).toMatchObject({ kind: 'balance', amountPence: 7000 });
  });

  it('asks for everything within 7 days between 31 and 42 days out', () => {
    const booked = new Date('2026-06-03T09:00:00Z');
    const schedule = scheduleFor({ bookedAt: booked });
    expect(schedule).toMatchObject({ band: 'full_in_7_days', daysOut: 41 });
    expect(schedule.instalments.map((i) => [i.kind, i.dueDate])).toEqual([
      ['deposit', '2026-06-10'],
      ['balance', '2026-06-10'],
    ]);
  });

  it('has pay-later due within 30 days, or sooner when the band says so', () => {
    const early = scheduleFor({ method: 'offline', totalPence: 5000, depositPercent: 0 });
    expect(early.instalments).toEqual([
      { kind: 'full', amountPence: 5000, dueBy: new Date('2026-02-09T10:00:00Z'), dueDate: '2026-02-09' },
    ]);
    const late = scheduleFor({
      method: 'offline',
      bookedAt: new Date('2026-06-03T09:00:00Z'),
      totalPence: 5000,
      depositPercent: 0,
    });
    expect(late.instalments[0]?.dueDate).toBe('2026-06-10');
  });

  it('has no balance when the deposit is the whole price', () => {
    const schedule = scheduleFor({ totalPence: 9999, depositPercent: 100 });
    expect(schedule.instalments).toHaveLength(1);
    expect(schedule.instalments[0]).toMatchObject({ kind: 'deposit', amountPence: 9999 });
  });

  it.each([
    ['a deposit within 30 days', { method: 'deposit', playDates: ['2026-02-09'], depositPercent: 50 }],
    ['pay-later 30 days out', { method: 'offline', playDates: ['2026-02-09'], depositPercent: 50 }],
    ['a deposit of 0%', { method: 'deposit', playDates: ['2026-07-14'], depositPercent: 0 }],
    ['no play dates', { method: 'online', playDates: [], depositPercent: 50 }],
    ['an impossible play date', { method: 'online', playDates: ['2026-02-30'], depositPercent: 50 }],
  ] as const)('refuses %s', (_, input) => {
    expect(() => scheduleFor({ totalPence: 1000, ...input, playDates: [...input.playDates] })).toThrow(
      PaymentTermsError,
    );
  });

  it('accepts pay-later 31 days out', () => {
    const schedule = scheduleFor({
      method: 'offline',
      playDates: ['2026-02-10'],
      totalPence: 1000,
      depositPercent: 0,
    });
    expect(schedule).toMatchObject({ band: 'full_in_7_days', daysOut: 31 });
    expect(schedule.instalments[0]?.dueDate).toBe('2026-01-17');
  });
});
