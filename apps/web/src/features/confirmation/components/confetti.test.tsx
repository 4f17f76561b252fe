// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONFETTI_MS, Confetti } from './confetti';

function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
  }));
}

describe('Confetti', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows for one second, hidden from assistive technology', () => {
    stubReducedMotion(false);
    render(<Confetti />);
    const confetti = screen.getByTestId('confetti');
    expect(confetti.getAttribute('aria-hidden')).toBe('true');
    expect(confetti.children.length).toBeGreaterThan(20);
    act(() => vi.advanceTimersByTime(CONFETTI_MS - 1));
    expect(screen.queryByTestId('confetti')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('confetti')).toBeNull();
  });

  it('does not show when reduced motion is asked for', () => {
    stubReducedMotion(true);
    render(<Confetti />);
    expect(screen.queryByTestId('confetti')).toBeNull();
  });
});
