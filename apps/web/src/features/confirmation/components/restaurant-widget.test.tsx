// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiServer, crossOrigin, useApiServer } from '@/test/api-server';
import {
  RestaurantWidget,
  WIDGET_DELAY_MS,
  WIDGET_FAILED_TEXT,
  WIDGET_LOADING_TEXT,
  WIDGET_TIMEOUT_MS,
} from './restaurant-widget';

const RESTAURANTS = 'https://resort.example.com/food-and-drink/';
const WIDGET = 'https://widget.example.com/';

function renderWidget() {
  return render(<RestaurantWidget url={WIDGET} title="Restaurant table booking" fallbackUrl={RESTAURANTS} />);
}

/** The widget's server answers, or nothing answers. */
function widgetServer(answers: boolean) {
  apiServer.use(
    ...crossOrigin(WIDGET, () => (answers ? new HttpResponse(null, { status: 200 }) : HttpResponse.error())),
  );
}

function expectFailedWithLink() {
  const alert = screen.getByRole('alert');
  expect(alert.textContent).toContain(WIDGET_FAILED_TEXT);
  const link = screen.getByRole('link', { name: /our restaurants page/ });
  expect(link.getAttribute('href')).toBe(RESTAURANTS);
  expect(link.getAttribute('target')).toBe('_blank');
  expect(document.querySelector('iframe')).toBeNull();
}

describe('RestaurantWidget', () => {
  useApiServer();
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('shows the loading text and adds the iframe only after 300 ms, until it has loaded', async () => {
    widgetServer(true);
    // The probe's mode and credentials do not reach the wire: the spy passes the call on and keeps its options.
    const probe = vi.spyOn(globalThis, 'fetch');
    renderWidget();
    expect(screen.getByText(WIDGET_LOADING_TEXT)).toBeTruthy();
    expect(document.querySelector('iframe')).toBeNull();
    act(() => vi.advanceTimersByTime(WIDGET_DELAY_MS - 1));
    expect(document.querySelector('iframe')).toBeNull();
    await act(async () => vi.advanceTimersByTime(1));
    const frame = document.querySelector('iframe') as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe(WIDGET);
    expect(frame.title).toBe('Restaurant table booking');
    expect(probe).toHaveBeenCalledWith(WIDGET, expect.objectContaining({ mode: 'no-cors' }));
    // The browser fires `load` on the frame: no person does anything user-event could play.
    fireEvent.load(frame);
    // Shown once the widget's server has answered the probe too.
    await vi.waitFor(() => expect(frame.hasAttribute('data-loaded')).toBe(true));
    expect(screen.queryByText(WIDGET_LOADING_TEXT)).toBeNull();
  });

  it("says the iframe failed, with the restaurants page instead, when the widget's server does not answer", async () => {
    widgetServer(false);
    renderWidget();
    await act(async () => vi.advanceTimersByTime(WIDGET_DELAY_MS));
    // The browser's own error page fires `load` too: it must not be shown as the widget.
    const frame = document.querySelector('iframe');
    // The browser fires `load` on the frame: no person does anything user-event could play.
    if (frame) fireEvent.load(frame);
    await vi.waitFor(() => expectFailedWithLink());
  });

  it('says the iframe failed when it never loads', async () => {
    widgetServer(true);
    renderWidget();
    await act(async () => vi.advanceTimersByTime(WIDGET_DELAY_MS));
    act(() => vi.advanceTimersByTime(WIDGET_TIMEOUT_MS - 1));
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expectFailedWithLink();
  });
});
