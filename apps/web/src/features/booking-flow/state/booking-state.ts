import type { PricedGolfer } from '@links/shared/pricing';
import type { BookingTotals } from '@links/shared/schemas/bookings';
import type { Course } from '@links/shared/schemas/courses';
import type { PaymentPlanInstalment } from '@links/shared/schemas/operator-contact-details';
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
  /** Invalid because the group is too small to start it (an unbooked Championship tee time needs two). */
  tooFew?: boolean;
};

export type BookingCourse = Pick<Course, 'id' | 'name' | 'course_completion_time' | 'closing_date'> & {
  playDate: string;
  viewMonth: string;
  teeTime: TeeTime | null;
  caddies: number;
  /** Pence, paid in cash on the day: never part of the totals. */
  caddiesTotal: number;
  /** A tour operator's group (issue 24): every tee time of its run, with the golfers on each, for the summaries. */
  groupTeeTimes?: Array<{ time: string; players: number }>;
};

export type BookingGolfer = Golfer & Partial<Omit<PricedGolfer, 'id'>>;

export type { BookingTotals };

export type PaymentIntentState = {
  id: string;
  /** Null when the provider gave none: step 3 then shows the ERR-035 state. */
  client_secret: string | null;
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
  /**
   * A tour operator's payments as the server recorded them with the intent (deposit now, balance by its date);
   * absent for visitors and in bookings stored before it existed.
   */
  payment_plan?: PaymentPlanInstalment[] | null;
  is_expired: boolean;
  countdown_started: boolean;
};

/**
 * Spec section 3, playerDetails: what the step-2 form holds, copied here after a 500 ms pause so it survives a
 * reload. Strings stay as typed ('' when empty); the tour-operator form uses payment_method and the terms flag.
 */
export type PlayerDetails = {
  validated: boolean;
  player_type: '' | 'lead_player' | 'booking_player';
  lead_player_name: string;
  lead_player_country_code: string;
  title: string;
  first_name: string;
  surname: string;
  address_line_1: string;
  address_line_2: string;
  city: string;
  county: string;
  postcode: string;
  country: string;
  telephone_country_code: string;
  telephone_number: string;
  email_address: string;
  stay_connected: boolean;
  payment_method: '' | 'online' | 'deposit' | 'offline';
  terms_and_conditions_agreed: boolean;
};

export const EMPTY_PLAYER_DETAILS: PlayerDetails = {
  validated: false,
  player_type: '',
  lead_player_name: '',
  lead_player_country_code: '',
  title: '',
  first_name: '',
  surname: '',
  address_line_1: '',
  address_line_2: '',
  city: '',
  county: '',
  postcode: '',
  country: '',
  telephone_country_code: '',
  telephone_number: '',
  email_address: '',
  stay_connected: false,
  payment_method: '',
  terms_and_conditions_agreed: false,
};

/** What step 1 saved last (its prices are the server's, not part of it): Continue moves straight on when nothing differs. */
export type StepOneSnapshot = {
  courses: BookingCourse[];
  golfers: Golfer[];
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
  playerDetails: PlayerDetails;
  /** step2 is the body step 2 last saved (JSON-compared): Continue moves straight on when it is unchanged. */
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
  playerDetails: EMPTY_PLAYER_DETAILS,
  lastSaved: { step1: null, step2: null },
};
