import { formatMoney } from '@links/shared/money';
import { type OperatorPaymentMethod, PAY_LATER_DAYS } from '@links/shared/payment-terms';

// The words of the operator payment choice (spec sections 2 and 9). Amounts are pence, formatted here only.

export const PAYMENT_RULES = [
  'Deposits are paid within one calendar month of booking; the balance is due 6 weeks (42 days) before your first round.',
  `Pay later means paying in full by phone within ${PAY_LATER_DAYS} days.`,
  'Deposit and pay later are not available when any round is within 30 days.',
  'Deposits and balances are non-refundable and non-transferable.',
] as const;

export type PaymentMethodCopy = { title: string; description: string };

export function paymentMethodCopy(
  method: OperatorPaymentMethod,
  payablePence: number,
  depositPercent: number,
  depositAmountPence: number,
): PaymentMethodCopy {
  switch (method) {
    case 'online':
      return { title: 'Pay online', description: `Pay the full ${formatMoney(payablePence)} by card now.` };
    case 'deposit':
      return {
        title: `Pay a ${depositPercent}% deposit`,
        description: `Pay ${formatMoney(depositAmountPence)} by card now; the balance of ${formatMoney(
          payablePence - depositAmountPence,
        )} is due 42 days before play.`,
      };
    case 'offline':
      return {
        title: 'Pay later',
        description: `No card payment now: pay ${formatMoney(payablePence)} by phone within ${PAY_LATER_DAYS} days.`,
      };
  }
}
