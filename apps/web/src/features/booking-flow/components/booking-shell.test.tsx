// @vitest-environment happy-dom
import { timeResponseSchema } from '@links/shared/schemas/system';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, useApiServer, v1 } from '@/test/api-server';
import { renderBookingRoutes, stepRoute } from '@/test/render-booking-routes';
import { type BookingState, initialBookingState } from '../state/booking-state';
import { useBookingShell } from './booking-shell-context';
import { StepFooterAction } from './step-footer-action';

const NOW = Date.parse('2026-11-21T10:00:00.000Z');

function held(createdAgoMs: number, extra: Partial<BookingState['booking']> = {}): BookingState {
  return {
    ...initialBookingState,
    booking: {
      ...initialBookingState.booking,
      id: 42,
      date_created: new Date(NOW - createdAgoMs).toISOString(),
      ...extra,
    },
  };
}

function Continue() {
  const { startLoading, showError } = useBookingShell();
  return (
    <StepFooterAction loadingLabel="Saving your details…">
      <button type="button" onClick={startLoading}>
        Continue
      </button>
      <button type="button" onClick={() => showError({ title: 'There was an error', message: 'Nope' })}>
        Fail
      </button>
    </StepFooterAction>
  );
}

function renderStep(state: BookingState, path = '/contact-details') {
  return renderBookingRoutes(
    state,
    { initialEntries: ['/', path], initialIndex: 1 },
    <>
      {stepRoute(1, <p>Step one</p>)}
      {stepRoute(2, <Continue />)}
      {stepRoute(3, <p>Pay</p>)}
    </>,
  );
}

describe('booking shell', () => {
  const server = useApiServer();
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(NOW);
    // biome-ignore lint/suspicious/noDocumentCookie: the API client reads the CSRF cookie.
    document.cookie = 'XSRF-TOKEN=t; path=/';
    // GET /v1/time answers the same clock: no correction.
    server.use(
      http.get(v1('/time'), () =>
        answer(timeResponseSchema, { data: { server_time: new Date(Date.now()).toISOString() } }),
      ),
    );
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    window.sessionStorage.clear();
  });
  const setupUser = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

  it('sends a step beyond the furthest allowed one back to /', () => {
    renderStep(initialBookingState, '/contact-details');
    expect(screen.getByTestId('where').textContent).toBe('/');
    expect(screen.getByText('Step one')).toBeTruthy();
    cleanup();
    renderStep(held(0), '/payment-details');
    expect(screen.getByTestId('where').textContent).toBe('/');
  });

  it('counts down, turns red under two minutes, then at zero lands on / with the booking reset under the overlay', async () => {
    renderStep(held(600_000 - 125_000));
    // The countdown's code loads, then it reads the server time, then it shows.
    const timer = await vi.waitFor(() => screen.getByRole('timer'));
    expect(timer.textContent).toBe('2:05');
    expect(timer.closest('[data-tone]')?.getAttribute('data-tone')).toBe('calm');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(6_000);
    });
    expect(screen.getByRole('timer').textContent).toBe('1:59');
    expect(screen.getByRole('timer').closest('[data-tone]')?.getAttribute('data-tone')).toBe('urgent');
    expect(document.querySelector('[data-icon]')?.getAttribute('data-icon')).toBe('clock');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(screen.getByRole('timer').closest('[data-tone]')?.getAttribute('data-tone')).toBe('critical');
    expect(document.querySelector('[data-icon]')?.getAttribute('data-icon')).toBe('alarm');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
      await vi.dynamicImportSettled();
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(screen.queryByRole('timer')).toBeNull();
    // Spec section 4: at zero the visitor is sent to / with the booking reset; the overlay stays up there.
    expect(screen.getByTestId('where').textContent).toBe('/');
    expect(screen.getByText('Step one')).toBeTruthy();
    await vi.waitFor(() => screen.getByRole('alertdialog', { name: 'Oh no, you ran out of time' }));
    expect(screen.getByText(/released to the public in one minute/)).toBeTruthy();
    const stored = JSON.parse(window.sessionStorage.getItem('links.booking') ?? '{}').state.booking;
    expect(stored).toMatchObject({ id: null, date_created: null, payment_intent: null, is_expired: true });
    await setupUser().click(screen.getByRole('button', { name: 'Start a new booking' }));
    expect(screen.getByTestId('where').textContent).toBe('/');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(window.sessionStorage.getItem('links.booking')).toBeNull();
  });

  it('hides the footer action while the step changes and brings it back with the error banner', async () => {
    renderStep(held(0));
    await setupUser().click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    expect(screen.getByText('Saving your details…')).toBeTruthy();
  });

  it('shows the error banner, focused, with the action back', async () => {
    renderStep(held(0));
    await setupUser().click(screen.getByRole('button', { name: 'Fail' }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('There was an error');
    expect(alert.textContent).toContain('Nope');
    expect(document.activeElement?.contains(alert)).toBe(true);
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
  });

  it('asks before leaving while a booking is held, not before one exists', () => {
    renderStep(held(0));
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    cleanup();
    const fresh = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(fresh);
    expect(fresh.defaultPrevented).toBe(false);
  });
});
