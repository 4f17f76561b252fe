// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PaymentSummary, type PaymentSummaryProps } from './payment-summary';

const BOOKING: PaymentSummaryProps = {
  courses: [{ id: 1, name: 'Championship', teeTime: '2027-02-19T09:10:00Z' }],
  golfers: [
    { id: 1, typeName: 'Visitor', ticketLabel: undefined, total: 5500 },
    { id: 2, typeName: 'Visitor', ticketLabel: undefined, total: 5500 },
  ],
  totals: { net: 9167, vat: 1833, payable: 11_000 },
};

describe('PaymentSummary', () => {
  afterEach(cleanup);

  it('a deposit: what is paid now and the balance with the date the server recorded', () => {
    render(
      <PaymentSummary
        {...BOOKING}
        plan={[
          { kind: 'deposit', amount: 5500, due_by: '2026-12-25T10:00:00.000Z', due_date: '2026-12-25' },
          { kind: 'balance', amount: 5500, due_by: '2027-01-08T23:59:59.999Z', due_date: '2027-01-08' },
        ]}
      />,
    );
    const now = screen.getByText('Deposit to pay now').closest('div')!;
    expect(within(now).getByText('£55.00')).toBeTruthy();
    const later = screen.getByText('Balance due by Friday 8th January 2027').closest('div')!;
    expect(within(later).getByText('£55.00')).toBeTruthy();
    expect(screen.getByText('We e-mail you a reminder before the balance is due.')).toBeTruthy();
    expect(screen.getByText('£110.00')).toBeTruthy();
  });

  it('paid in full (a visitor, or an operator paying online): no plan lines', () => {
    const { rerender } = render(<PaymentSummary {...BOOKING} />);
    expect(screen.queryByText(/Deposit to pay now|Balance due/)).toBeNull();
    rerender(
      <PaymentSummary
        {...BOOKING}
        plan={[{ kind: 'full', amount: 11_000, due_by: '2026-11-25T10:00:00.000Z', due_date: '2026-11-25' }]}
      />,
    );
    expect(screen.queryByText(/Deposit to pay now|Balance due/)).toBeNull();
  });
});
