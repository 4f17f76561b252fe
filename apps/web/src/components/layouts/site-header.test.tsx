// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

function renderHeader(operatorName: string | null, authLoading = false, onLogout = vi.fn()) {
  render(
    <MemoryRouter>
      <SiteHeader operatorName={operatorName} authLoading={authLoading} onLogout={onLogout} />
    </MemoryRouter>,
  );
  return onLogout;
}

describe('SiteHeader', () => {
  afterEach(cleanup);

  it('signed out: Online Booking and the Tour Operator Login link', () => {
    renderHeader(null);
    expect(screen.getByRole('link', { name: /Online Booking$/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Tour Operator Login' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByText(/Tour Operator$/)).toBeNull();
  });

  it('shows Loading while the session is checked', () => {
    renderHeader(null, true);
    const button = screen.getByRole('button', { name: 'Loading' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.queryByRole('link', { name: 'Tour Operator Login' })).toBeNull();
  });

  it("signed in: ' - Tour Operator' after the label, and the operator menu", async () => {
    const onLogout = renderHeader('Fairway Golf Tours');
    // The label reads as one: the suffix is its own span only so a phone can wrap before it.
    expect(screen.getByRole('link', { name: /Online Booking - Tour Operator$/ })).toBeTruthy();
    expect(screen.getByText('Signed in as Fairway Golf Tours')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Manage Account' }).getAttribute('href')).toBe('/manage-account');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log out' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });
});

describe('SiteFooter', () => {
  afterEach(cleanup);

  it('signed out: Tour Operator Login, no Manage Account', () => {
    render(
      <MemoryRouter>
        <SiteFooter isOperator={false} onLogout={vi.fn()} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Tour Operator Login' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Manage Account' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
  });

  it('signed in: Log out and Manage Account', async () => {
    const onLogout = vi.fn();
    render(
      <MemoryRouter>
        <SiteFooter isOperator onLogout={onLogout} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link', { name: 'Tour Operator Login' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Manage Account' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log out' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });
});
