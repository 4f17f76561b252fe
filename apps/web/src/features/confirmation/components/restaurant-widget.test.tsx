// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  RestaurantWidget,
  WIDGET_DELAY_MS,
  WIDGET_FAILED_TEXT,
  WIDGET_LOADING_TEXT,
  WIDGET_TIMEOUT_MS,
} from './restaurant-widget';

const RESTAURANTS = 'https://resort.example.com/food-and-drink/';

function renderWidget() {
  return render(
    <RestaurantWidget
      url="https://widget.example.com/"
      title="Restaurant table booking"
      fallbackUrl={RESTAURANTS}
    />,
  );
}

/** The widget's server answers (an opaque answer), or nothing answers. */
function widgetServer(answers: boolean) {
  const probe = vi.fn(async () => {
    if (!answers) throw new TypeError('Failed to fetch');
    return new Response(null, { status: 200 });
  });
  vi.stubGlobal('fetch', probe);
  return probe;
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
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the loading text and adds the iframe only after 300 ms, until it has loaded', async () => {
    const probe = widgetServer(true);
    renderWidget();
    expect(screen.getByText(WIDGET_LOADING_TEXT)).toBeTruthy();
    expect(document.querySelector('iframe')).toBeNull();
    act(() => vi.advanceTimersByTime(WIDGET_DELAY_MS - 1));
    expect(document.querySelector('iframe')).toBeNull();
    await act(async () => vi.advanceTimersByTime(1));
    const frame = document.querySelector('iframe') as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('https://widget.example.com/');
    expect(frame.title).toBe('Restaurant table booking');
    expect(probe).toHaveBeenCalledWith(
      'https://widget.example.com/',
      expect.objectContaining({ mode: 'no-cors' }),
    );
    fireEvent.load(frame);
    expect(screen.queryByText(WIDGET_LOADING_TEXT)).toBeNull();
    expect(frame.hasAttribute('data-loaded')).toBe(true);
  });

  it("says the iframe failed, with the restaurants page instead, when the widget's server does not answer", async () => {
    widgetServer(false);
    renderWidget();
    await act(async () => vi.advanceTimersByTime(WIDGET_DELAY_MS));
    // The browser's own error page fires `load` too: it must not be shown as the widget.
    const frame = document.querySelector('iframe');
    if (frame) fireEvent.load(frame);
    expectFailedWithLink();
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
