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

describe('RestaurantWidget', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows the loading text and adds the iframe only after 300 ms', () => {
    render(<RestaurantWidget url="about:blank" title="Restaurant table booking" />);
    expect(screen.getByText(WIDGET_LOADING_TEXT)).toBeTruthy();
    expect(document.querySelector('iframe')).toBeNull();
    act(() => vi.advanceTimersByTime(WIDGET_DELAY_MS - 1));
    expect(document.querySelector('iframe')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    const frame = document.querySelector('iframe') as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('about:blank');
    expect(frame.title).toBe('Restaurant table booking');
    fireEvent.load(frame);
    expect(screen.queryByText(WIDGET_LOADING_TEXT)).toBeNull();
  });

  it('says the iframe failed when it never loads', () => {
    render(<RestaurantWidget url="about:blank" title="Widget" />);
    act(() => vi.advanceTimersByTime(WIDGET_DELAY_MS));
    act(() => vi.advanceTimersByTime(WIDGET_TIMEOUT_MS - 1));
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('alert').textContent).toBe(WIDGET_FAILED_TEXT);
    expect(document.querySelector('iframe')).toBeNull();
  });
});
