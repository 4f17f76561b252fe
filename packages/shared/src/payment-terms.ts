import { TZDate } from '@date-fns/tz';
import { addDays as addCalendarDays, addMonths, endOfDay, min } from 'date-fns';
import { UK_TIME_ZONE } from './constants';
import { addDays, daysBetween, isValidDateString, londonDate } from './uk-time';

// Tour-operator payment terms, spec section 9. All day counts are whole UK calendar days from the booking date
// to the earliest play date ("days out").

export type OperatorPaymentMethod = 'online' | 'deposit' | 'offline';

export type OperatorPaymentOption = {
  method: OperatorPaymentMethod;
  recommended: boolean;
  disabled: boolean;
  /** Shown beside a disabled option. */
  disabledLabel: string | null;
};

/** Deposit and pay-later are refused when any round is this close. */
export const OPERATOR_DEFERRED_PAYMENT_MIN_DAYS = 30;
/** Pay-later means paying by phone within this many days. */
export const PAY_LATER_DAYS = 30;
export const BALANCE_DUE_DAYS_BEFORE_PLAY = 42;
export const DEFAULT_DEPOSIT_PERCENT = 50;
export const WITHIN_30_DAYS_LABEL = 'within 30 days';

export class PaymentTermsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentTermsError';
  }
}

function firstPlayDate(playDates: string[]): string {
  if (playDates.length === 0) throw new PaymentTermsError('A booking needs at least one play date.');
  const bad = playDates.find((date) => !isValidDateString(date));
  if (bad) throw new PaymentTermsError(`"${bad}" is not a real date in the form yyyy-MM-dd.`);
  return [...playDates].sort()[0]!;
}

/**
 * Whether any round is within 30 days of today. A round exactly 30 days away counts as within: paying later
 * "within 30 days" could otherwise mean paying on the day of play. Rounds in the past count as within too.
 */
export function isAnyPlayDateWithin30Days(playDates: string[], today: string): boolean {
  return playDates.some((date) => daysBetween(today, date) <= OPERATOR_DEFERRED_PAYMENT_MIN_DAYS);
}

/**
 * The payment options a tour operator sees: online (recommended) always; deposit only when the operator's
 * deposit percentage is above 0; deposit and offline disabled, labelled 'within 30 days', when any round is
 * within 30 days of today (UK date).
 */
export function operatorPaymentOptions(
  playDates: string[],
  today: string,
  depositPercent: number,
): OperatorPaymentOption[] {
  const tooClose = isAnyPlayDateWithin30Days(playDates, today);
  const deferred = (method: OperatorPaymentMethod): OperatorPaymentOption => ({
    method,
    recommended: false,
    disabled: tooClose,
    disabledLabel: tooClose ? WITHIN_30_DAYS_LABEL : null,
  });
  return [
    { method: 'online', recommended: true, disabled: false, disabledLabel: null },
    ...(depositPercent > 0 ? [deferred('deposit')] : []),
    deferred('offline'),
  ];
}

/**
 * The deposit in pence: the operator's percentage of the payable, rounded to the nearest penny, a half penny up
 * (Math.round on a positive number), so 50 % of 10 001p is 5 001p and the balance 5 000p. Deposit plus balance
 * always equals the payable because the balance is the payable minus this.
 */
export function depositPence(totalPence: number, depositPercent: number): number {
  return Math.round((totalPence * depositPercent) / 100);
}

export type PaymentBand = 'standard' | 'full_in_7_days' | 'full_in_48_hours' | 'full_at_booking';

/**
 * Which payment band a booking falls in, by whole days from the booking date to the first round:
 *  - standard          more than 42 days: deposit within one calendar month, balance 42 days before play
 *  - full_in_7_days    15 to 42 days: pay in full within 7 days
 *  - full_in_48_hours  3 to 14 days: pay in full within 48 hours
 *  - full_at_booking   under 3 days
 * The spec's "under 42 and over 14", "under 14 and over 3" and "under 3" leave days 42, 14 and 3 unassigned.
 * Day 42 joins the 7-day band (in the standard band its balance would fall due the day it is booked, harsher
 * than at 41 days); days 14 and 3 join the 48-hour band, which still ends before play.
 */
export function paymentBand(daysOut: number): PaymentBand {
  if (daysOut > BALANCE_DUE_DAYS_BEFORE_PLAY) return 'standard';
  if (daysOut > 14) return 'full_in_7_days';
  if (daysOut >= 3) return 'full_in_48_hours';
  return 'full_at_booking';
}

export type Instalment = {
  kind: 'full' | 'deposit' | 'balance';
  amountPence: number;
  /** The last instant the payment is accepted. */
  dueBy: Date;
  /** The UK date of dueBy, for display. */
  dueDate: string;
};

export type PaymentSchedule = { band: PaymentBand; daysOut: number; instalments: Instalment[] };

export type PaymentScheduleInput = {
  method: OperatorPaymentMethod;
  bookedAt: Date;
  playDates: string[];
  totalPence: number;
  /** The operator's deposit percentage; used by the deposit method only. */
  depositPercent: number;
};

function instalment(kind: Instalment['kind'], amountPence: number, dueBy: Date): Instalment {
  return { kind, amountPence, dueBy, dueDate: londonDate(dueBy) };
}

/** The end of a UK calendar day, as an instant. */
export function endOfLondonDay(date: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(endOfDay(new TZDate(year, month - 1, day, 12, 0, UK_TIME_ZONE)).getTime());
}

/** The last instant by which the whole price must be paid, by band. */
export function fullPaymentDeadline(bookedAt: Date, playDates: string[]): Date {
  const first = firstPlayDate(playDates);
  const band = paymentBand(daysBetween(londonDate(bookedAt), first));
  const bookedInLondon = new TZDate(bookedAt.getTime(), UK_TIME_ZONE);
  switch (band) {
    case 'standard':
      return endOfLondonDay(addDays(first, -BALANCE_DUE_DAYS_BEFORE_PLAY));
    case 'full_in_7_days':
      return new Date(addCalendarDays(bookedInLondon, 7).getTime());
    case 'full_in_48_hours':
      return new Date(bookedAt.getTime() + 48 * 3_600_000);
    case 'full_at_booking':
      return bookedAt;
  }
}

/**
 * When, and how much, a tour operator must pay (spec section 9). Online payment is taken in full at booking.
 * Deposit and pay-later follow the band of the booking; a deposit is due within one calendar month but never
 * after the balance, and pay-later is due within 30 days but never after the band's deadline.
 * Throws PaymentTermsError for a method the operator could not have chosen (see operatorPaymentOptions).
 */
export function paymentSchedule(input: PaymentScheduleInput): PaymentSchedule {
  const { method, bookedAt, playDates, totalPence, depositPercent } = input;
  if (!Number.isSafeInteger(totalPence) || totalPence < 0) {
    throw new PaymentTermsError('The total must be a whole, non-negative number of pence.');
  }
  const first = firstPlayDate(playDates);
  const bookingDate = londonDate(bookedAt);
  const daysOut = daysBetween(bookingDate, first);
  const band = paymentBand(daysOut);

  if (method === 'online') {
    return { band, daysOut, instalments: [instalment('full', totalPence, bookedAt)] };
  }
  if (isAnyPlayDateWithin30Days(playDates, bookingDate)) {
    throw new PaymentTermsError('Deposit and pay-later are not available when a round is within 30 days.');
  }

  const bookedInLondon = new TZDate(bookedAt.getTime(), UK_TIME_ZONE);
  const fullDeadline = fullPaymentDeadline(bookedAt, playDates);

  if (method === 'offline') {
    const payLater = new Date(addCalendarDays(bookedInLondon, PAY_LATER_DAYS).getTime());
    return { band, daysOut, instalments: [instalment('full', totalPence, min([payLater, fullDeadline]))] };
  }

  if (!(depositPercent > 0 && depositPercent <= 100)) {
    throw new PaymentTermsError('A deposit needs a deposit percentage above 0 and at most 100.');
  }
  const deposit = depositPence(totalPence, depositPercent);
  const depositDue = min([new Date(addMonths(bookedInLondon, 1).getTime()), fullDeadline]);
  const instalments = [instalment('deposit', deposit, depositDue)];
  if (totalPence - deposit > 0) instalments.push(instalment('balance', totalPence - deposit, fullDeadline));
  return { band, daysOut, instalments };
}
