import { formatMoney } from '@links/shared/money';
import {
  type Instalment,
  type OperatorPaymentMethod,
  PAY_LATER_DAYS,
  type PaymentSchedule,
  PaymentTermsError,
  paymentSchedule,
} from '@links/shared/payment-terms';
import { formatLongDate } from '@links/shared/uk-time';

// The words of the operator payment choice (spec sections 2 and 9). Amounts are pence, formatted here only. Each
// option states what this booking pays now and the date of each later payment, from the shared paymentSchedule the
// server records and the payment-schedule job enforces (issue 24: the terms shown are the terms charged).

export const PAYMENT_RULES = [
  'Deposits are paid within one calendar month of booking; the balance is due 6 weeks (42 days) before your first round.',
  `Pay later means paying in full by phone within ${PAY_LATER_DAYS} days.`,
  'Bookings made 42 days or less before play are paid in full within 7 days, and within 48 hours from 14 days before play.',
  'Deposit and pay later are not available when any round is within 30 days.',
  'Deposits and balances are non-refundable and non-transferable.',
] as const;

export type PaymentMethodCopy = { title: string; description: string };

export type SchedulesInput = {
  /** Now, on the server's clock as far as the page knows it. */
  bookedAt: Date;
  playDates: string[];
  totalPence: number;
  depositPercent: number;
};

/** The schedule each method would record if chosen now; none for a method these dates do not allow. */
export function methodSchedules(
  methods: readonly OperatorPaymentMethod[],
  input: SchedulesInput,
): Partial<Record<OperatorPaymentMethod, PaymentSchedule>> {
  const schedules: Partial<Record<OperatorPaymentMethod, PaymentSchedule>> = {};
  for (const method of methods) {
    try {
      schedules[method] = paymentSchedule({ ...input, method });
    } catch (error) {
      if (!(error instanceof PaymentTermsError)) throw error;
    }
  }
  return schedules;
}

/** 'by Friday 8th January 2027'. */
export function dueByLabel(dueDate: string): string {
  return `by ${formatLongDate(dueDate)}`;
}

const find = (schedule: PaymentSchedule | undefined, kind: Instalment['kind']) =>
  schedule?.instalments.find((instalment) => instalment.kind === kind);

export function paymentMethodCopy(
  method: OperatorPaymentMethod,
  payablePence: number,
  depositPercent: number,
  schedule: PaymentSchedule | undefined,
): PaymentMethodCopy {
  switch (method) {
    case 'online':
      return { title: 'Pay online', description: `Pay the full ${formatMoney(payablePence)} by card now.` };
    case 'deposit': {
      const title = `Pay a ${depositPercent}% deposit`;
      const deposit = find(schedule, 'deposit');
      if (!deposit) return { title, description: 'Pay a deposit by card now and the balance before play.' };
      const balance = find(schedule, 'balance');
      return {
        title,
        description: balance
          ? `Pay ${formatMoney(deposit.amountPence)} by card now; the balance of ${formatMoney(
              balance.amountPence,
            )} is due ${dueByLabel(balance.dueDate)}.`
          : `Pay ${formatMoney(deposit.amountPence)} by card now.`,
      };
    }
    case 'offline': {
      const full = find(schedule, 'full');
      return {
        title: 'Pay later',
        description: full
          ? `No card payment now: pay ${formatMoney(full.amountPence)} by phone ${dueByLabel(full.dueDate)}.`
          : `No card payment now: pay ${formatMoney(payablePence)} by phone before play.`,
      };
    }
  }
}
