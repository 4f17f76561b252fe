import { describe, expect, it } from 'vitest';
import {
  clockOffsetMs,
  countdownTone,
  describeRemaining,
  formatRemaining,
  remainingMs,
  reservationEndsAt,
} from './countdown';

const created = '2026-11-21T10:00:00.000Z';
const createdMs = Date.parse(created);

describe('reservation countdown', () => {
  it('ends ten minutes after the booking was created, and not at all without a readable date', () => {
    expect(reservationEndsAt(created)).toBe(createdMs + 600_000);
    expect(reservationEndsAt(null)).toBeNull();
    expect(reservationEndsAt('yesterday')).toBeNull();
  });

  it('counts down on the server-corrected clock and stops at zero', () => {
    const endsAt = createdMs + 600_000;
    expect(remainingMs(endsAt, createdMs, 0)).toBe(600_000);
    // The device clock is 30 s slow: the server is 30 s further on, so 30 s less remain.
    expect(remainingMs(endsAt, createdMs, 30_000)).toBe(570_000);
    expect(remainingMs(endsAt, createdMs + 599_000, -2_000)).toBe(3_000);
    expect(remainingMs(endsAt, createdMs + 700_000, 0)).toBe(0);
  });

  it('takes the server time as read half-way through the round trip', () => {
    expect(clockOffsetMs('2026-11-21T10:00:10.000Z', createdMs, createdMs + 400)).toBe(9_800);
    expect(clockOffsetMs('2026-11-21T09:59:00.000Z', createdMs, createdMs)).toBe(-60_000);
    expect(clockOffsetMs('not a time', createdMs, createdMs)).toBe(0);
  });

  it('turns red under two minutes and changes icon under one', () => {
    // Each tone's times at the edges of its range.
    const edges = { calm: [600_000, 120_000], urgent: [119_999, 60_000], critical: [59_999, 0] };
    for (const [tone, times] of Object.entries(edges)) {
      for (const ms of times) expect(countdownTone(ms)).toBe(tone);
    }
  });

  it('shows m:ss rounded up, and says it in words', () => {
    expect(formatRemaining(600_000)).toBe('10:00');
    expect(formatRemaining(599_001)).toBe('10:00');
    expect(formatRemaining(599_000)).toBe('9:59');
    expect(formatRemaining(61_000)).toBe('1:01');
    expect(formatRemaining(500)).toBe('0:01');
    expect(formatRemaining(0)).toBe('0:00');
    expect(describeRemaining(125_000)).toBe('2 minutes 5 seconds');
    expect(describeRemaining(60_000)).toBe('1 minute');
    expect(describeRemaining(1_000)).toBe('1 second');
    expect(describeRemaining(0)).toBe('0 seconds');
  });
});
