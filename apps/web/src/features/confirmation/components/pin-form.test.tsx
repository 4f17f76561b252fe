// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { PinForm } from './pin-form';

describe('PinForm', () => {
  beforeEach(() => {
    document.body.innerHTML = '<div id="modal-root"></div>';
    // biome-ignore lint/suspicious/noDocumentCookie: the API client reads the CSRF cookie.
    document.cookie = 'XSRF-TOKEN=t; path=/';
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the per-field messages of a refused request beneath the banner and beside each field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          {
            error: {
              code: 'validation_failed',
              message: 'Please check the highlighted fields',
              fields: { pin: ['Your pin code is at most 24 characters'] },
            },
          },
          { status: 400 },
        ),
      ),
    );
    const onSuccess = vi.fn();
    renderWithProviders(<PinForm bookingNumber="260000123" onSuccess={onSuccess} />);
    fireEvent.change(screen.getByLabelText('PIN code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'View booking' }));
    const banner = await screen.findByRole('alert');
    expect(within(banner).getByText('There was an error with your booking request')).toBeTruthy();
    expect(within(banner).getByText('Please check the highlighted fields')).toBeTruthy();
    expect(within(banner).getByRole('listitem').textContent).toBe(
      'PIN code: Your pin code is at most 24 characters',
    );
    expect(document.getElementById('pin-code-error')?.textContent).toBe(
      'Your pin code is at most 24 characters',
    );
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('rejects a booking number that is not digits before sending anything', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<PinForm onSuccess={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Booking number'), { target: { value: 'ABC-1' } });
    fireEvent.change(screen.getByLabelText('PIN code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'View booking' }));
    expect(await screen.findByText(/Your booking number is made of digits only/)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
