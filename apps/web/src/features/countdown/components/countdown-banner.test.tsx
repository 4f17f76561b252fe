// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CountdownBanner } from './countdown-banner';

describe('CountdownBanner', () => {
  afterEach(cleanup);

  it('is announced at two minutes and at one minute only, never as it ticks', () => {
    const { container, rerender } = render(<CountdownBanner remaining={600_000} />);
    const live = container.querySelectorAll('[aria-live]:not([aria-live="off"])');
    // One live region, and it is not the ticking timer (role=timer is not announced by default).
    expect(live).toHaveLength(1);
    const timer = container.querySelector('[role="timer"]');
    expect(timer?.closest('[aria-live]:not([aria-live="off"])')).toBeNull();

    const announcements: { at: number; text: string }[] = [];
    let last = live[0]?.textContent ?? '';
    expect(last).toBe('');
    for (let remaining = 600_000; remaining >= 1_000; remaining -= 1_000) {
      rerender(<CountdownBanner remaining={remaining} />);
      const text = container.querySelector('[aria-live="polite"]')?.textContent ?? '';
      if (text !== last) announcements.push({ at: remaining, text });
      last = text;
    }
    expect(announcements).toEqual([
      { at: 119_000, text: 'Less than two minutes left to complete your booking.' },
      { at: 59_000, text: 'Less than one minute left to complete your booking.' },
    ]);
  });
});
