// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getMaintenanceNotice, raiseMaintenanceNotice } from '@/lib/maintenance-notice';
import type { MaintenanceCheck } from '../api/check-maintenance';
import { BACK_ONLINE, CHECK_FAILED, MaintenancePage, STILL_IN_MAINTENANCE } from './maintenance-page';

async function flush() {
  await act(async () => {
    await Promise.resolve();
  });
}

/** Moves the fake clock on by `ms`, running the timers that fall due and the renders they cause. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('MaintenancePage', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('sets the page title and reports that maintenance continues', async () => {
    const check = vi.fn(async (): Promise<MaintenanceCheck> => 'maintenance');
    render(<MaintenancePage check={check} onRecovered={vi.fn()} />);
    await flush();

    expect(document.title).toBe('Maintenance | Online Booking');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe("We're launching some updates!");
    expect(screen.getByText(STILL_IN_MAINTENANCE)).toBeTruthy();
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('polls on the interval and on the button, then redirects one second after recovery', async () => {
    raiseMaintenanceNotice();
    const answers: Array<MaintenanceCheck | Error> = ['maintenance', new Error('offline'), 'available'];
    const check = vi.fn(async () => {
      const next = answers.shift() ?? 'available';
      if (next instanceof Error) throw next;
      return next;
    });
    const onRecovered = vi.fn();
    render(<MaintenancePage check={check} onRecovered={onRecovered} intervalMs={30_000} />);
    await flush();
    expect(screen.getByText(STILL_IN_MAINTENANCE)).toBeTruthy();

    await advance(29_000);
    expect(check).toHaveBeenCalledTimes(1);
    await advance(1_000);
    expect(check).toHaveBeenCalledTimes(2);
    expect(screen.getByText(CHECK_FAILED)).toBeTruthy();

    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .click(screen.getByRole('button', { name: 'Check status' }));
    await flush();
    expect(check).toHaveBeenCalledTimes(3);
    expect(screen.getByText(BACK_ONLINE)).toBeTruthy();
    expect(getMaintenanceNotice()).toBeNull();

    await advance(999);
    expect(onRecovered).not.toHaveBeenCalled();
    await advance(1);
    expect(onRecovered).toHaveBeenCalledTimes(1);

    // Recovered: no further polling.
    await advance(60_000);
    expect(check).toHaveBeenCalledTimes(3);
  });
});
