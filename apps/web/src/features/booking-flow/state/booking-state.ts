import type { PricedGolfer } from '@links/shared/pricing';
import type { Course } from '@links/shared/schemas/courses';
import type { Golfer } from './golfers';

// The client-side booking of spec section 3 ("Booking state"). Money is integer pence, dates are UK
// yyyy-MM-dd, months yyyy-MM, and tee-time instants ISO strings in UTC as the diary sends them.

export type CaddiesOption = 'all' | 'some' | 'none';

export type TeeTime = {
  /** The diary slot id. */
  id: number;
  /** ISO 8601 instant (UTC) of the slot. */
  time: string;
  /** False once the slot can no longer take this group (recomputed whenever the diary reloads). */
  isValid: boolean;
};

export type BookingCourse = Pick<Course, 'id' | 'name' | 'course_completion_time' | 'closing_date'> & {
  playDate: string;
  viewMonth: string;
  teeTime: TeeTime | null;
  caddies: number;
  /** Pence, paid in cash on the day: never part of the totals. */
  caddiesTotal: number;
};

export type BookingGolfer = Golfer & Partial<Omit<PricedGolfer, 'id'>>;

export type BookingTotals = { net: number; vat: number; payable: number; paid: number; due: number };

export type PaymentIntentState = {
  id: string;
  client_secret: string;
  customer_id?: string | null;
  status: string;
  amount: number;
  metadata?: Record<string, string>;
};

export type BookingRecord = {
  submitted: boolean;
  id: number | null;
  date_created: string | null;
  payment_intent: PaymentIntentState | null;
  is_expired: boolean;
  countdown_started: boolean;
};

/** What step 1 saved last: Continue moves straight on when nothing differs from it. */
export type StepOneSnapshot = {
  courses: BookingCourse[];
  golfers: BookingGolfer[];
  totals: BookingTotals;
  notes: string;
};

export type BookingState = {
  golfers: BookingGolfer[];
  /** Kept sorted by id. */
  courses: BookingCourse[];
  notes: string;
  caddiesOption: CaddiesOption;
  syncedDateMode: boolean;
  totals: BookingTotals;
  booking: BookingRecord;
  lastSaved: { step1: StepOneSnapshot | null; step2: unknown };
};

export const EMPTY_TOTALS: BookingTotals = { net: 0, vat: 0, payable: 0, paid: 0, due: 0 };

export const initialBookingState: BookingState = {
  golfers: [],
  courses: [],
  notes: '',
  caddiesOption: 'none',
  syncedDateMode: true,
  totals: EMPTY_TOTALS,
  booking: {
    submitted: false,
    id: null,
    date_created: null,
    payment_intent: null,
    is_expired: false,
    countdown_started: false,
  },
  lastSaved: { step1: null, step2: null },
};
