// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { requestLog } from '@/test/api-server';
import { renderWithProviders } from '@/test/render-with-providers';
import { serveRefusal } from '@/test/serve-refusal';
import { useApiPage } from '@/test/use-api-page';
import { PinForm } from './pin-form';

describe('PinForm', () => {
  useApiPage('t', { modalRoot: true });

  it('lists the per-field messages of a refused request beneath the banner and beside each field', async () => {
    serveRefusal('post', '/bookings/:number/confirmation', 400, {
      code: 'validation_failed',
      message: 'Please check the highlighted fields',
      fields: { pin: 'Your pin code is at most 24 characters' },
    });
    const user = userEvent.setup();
    const onSuccess = vi.fn();
    renderWithProviders(<PinForm bookingNumber="260000123" onSuccess={onSuccess} />);
    await user.type(screen.getByLabelText('PIN code'), '123456');
    await user.click(screen.getByRole('button', { name: 'View booking' }));
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
    const requests = requestLog();
    const user = userEvent.setup();
    renderWithProviders(<PinForm onSuccess={vi.fn()} />);
    await user.type(screen.getByLabelText('Booking number'), 'ABC-1');
    await user.type(screen.getByLabelText('PIN code'), '123456');
    await user.click(screen.getByRole('button', { name: 'View booking' }));
    expect(await screen.findByText(/Your booking number is made of digits only/)).toBeTruthy();
    expect(requests).toEqual([]);
  });
});
