// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountSummary } from './account-summary';

// The operator's terms beside their account: the deposit, and the trade rate staff set (issue 24 point 6), which the
// operator sees and visitors never do; and the way to book a group (point 5).

describe('account summary', () => {
  afterEach(() => cleanup());

  it('shows the trade rate when staff set one, says every price is at it, and offers a group booking', () => {
    render(
      <MemoryRouter>
        <AccountSummary companyName="Fairway Tours" depositPercent={50} tradeDiscountPercent={10} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Trade rate').nextElementSibling?.textContent).toBe('10% off green fees');
    expect(screen.getByText(/Every price you are shown is already at your trade rate\./)).toBeTruthy();
    expect(screen.getByText(/You may pay a 50% deposit on bookings more than 30 days away/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Book a group of 5 to 16' }).getAttribute('href')).toBe(
      '/group-booking',
    );
  });

  it('says nothing of a trade rate when there is none', () => {
    render(
      <MemoryRouter>
        <AccountSummary companyName="Links Travel" depositPercent={0} />
      </MemoryRouter>,
    );
    expect(screen.queryByText('Trade rate')).toBeNull();
    expect(screen.queryByText(/trade rate/)).toBeNull();
    expect(
      screen.getByText('Your account pays online in full or later by phone within 30 days.'),
    ).toBeTruthy();
  });
});
