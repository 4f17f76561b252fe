import { describe, expect, it } from 'vitest';
import { type BookingSample, bookingFigures, sliceOf } from './bookings.ts';

const sample = (overrides: Partial<BookingSample>): BookingSample => ({
  seconds: 1,
  latenciesMs: [],
  booked: 0,
  full: 0,
  failures: 0,
  failureDetail: '',
  ...overrides,
});

describe('sliceOf', () => {
  it('splits items into consecutive parts that cover each item once', () => {
    const items = Array.from({ length: 10 }, (_, index) => index);
    const parts = Array.from({ length: 4 }, (_, index) => sliceOf(items, index, 4));
    expect(parts).toEqual([[0, 1, 2], [3, 4, 5], [6, 7, 8], [9]]);
    expect(parts.flat()).toEqual(items);
  });

  it('gives the whole list as its one part', () => {
    expect(sliceOf(['a', 'b'], 0, 1)).toEqual(['a', 'b']);
  });
});

describe('bookingFigures', () => {
  it('sums calls and seconds of the slices and takes percentiles over every latency', () => {
    const figures = bookingFigures([
      sample({ seconds: 1, booked: 2, full: 98, latenciesMs: [1, 2, 3] }),
      sample({ seconds: 3, full: 100, failures: 1, failureDetail: '1x HTTP 500', latenciesMs: [10, 20] }),
    ]);
    expect(figures.requests).toBe(201);
    expect(figures.seconds).toBe(4);
    expect(figures.requestsPerSecond).toBeCloseTo(201 / 4);
    expect([figures.booked, figures.full, figures.failures]).toEqual([2, 198, 1]);
    expect(figures.failureDetail).toBe('1x HTTP 500');
    expect(figures.p50Ms).toBe(3);
    expect(figures.p99Ms).toBe(20);
  });

  it('gives CPU per call only when every slice has it', () => {
    const measured = bookingFigures([
      sample({ full: 100, cpuMs: 60, clientCpuMs: 10 }),
      sample({ full: 100, cpuMs: 40, clientCpuMs: 10 }),
    ]);
    expect(measured.cpuMsPerCall).toBeCloseTo(0.5);
    expect(measured.clientCpuMsPerCall).toBeCloseTo(0.1);
    const partly = bookingFigures([sample({ full: 100, cpuMs: 60 }), sample({ full: 100 })]);
    expect(partly.cpuMsPerCall).toBeUndefined();
    expect(partly.clientCpuMsPerCall).toBeUndefined();
  });

  it('reports no rate and no percentiles for an empty run', () => {
    const figures = bookingFigures([sample({ seconds: 0 })]);
    expect(figures.requestsPerSecond).toBe(0);
    expect(figures.p50Ms).toBeNaN();
  });
});
