import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentTimeBody, timeBody } from './system.routes.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('currentTimeBody', () => {
  it('answers the current millisecond, and a new body as soon as the clock moves on', () => {
    vi.useFakeTimers({ now: new Date('2026-10-25T00:59:59.998Z') });
    const body = currentTimeBody();
    expect(body()).toBe(timeBody(new Date('2026-10-25T00:59:59.998Z')));
    expect(body()).toBe(timeBody(new Date('2026-10-25T00:59:59.998Z')));
    vi.advanceTimersByTime(1);
    expect(body()).toBe(timeBody(new Date('2026-10-25T00:59:59.999Z')));
    vi.advanceTimersByTime(1);
    expect(body()).toBe(timeBody(new Date('2026-10-25T01:00:00.000Z')));
    // A clock stepped back (NTP) is followed too: the body is for the current millisecond, whatever it is.
    vi.setSystemTime(new Date('2026-10-25T00:00:00.000Z'));
    expect(body()).toBe(timeBody(new Date('2026-10-25T00:00:00.000Z')));
  });
});
