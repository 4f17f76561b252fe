import type { PricedGolfer } from '@links/shared/pricing';
import type { Course } from '@links/shared/schemas/courses';
import type { PaymentPlanInstalment } from '@links/shared/schemas/operator-contact-details';
import type { PlayerType } from '@links/shared/schemas/players';
import {
  type BookingCourse,
  type BookingGolfer,
  type BookingState,
  type BookingTotals,
  type CaddiesOption,
  EMPTY_TOTALS,
  initialBookingState,
  type PaymentIntentState,
  type PlayerDetails,
  type StepOneSnapshot,
} from './booking-state';
import { addGolfer, removeGolfer, setGolferType } from './golfers';

// Every transition of spec section 4 for step 1. Anything that depends on the clock or on loaded data
// (today's UK date, the closing-date rule, which rounds are 24 hours away, caddie prices) arrives in the
// action, so the reducer stays pure and each rule is tested here with the shared functions the caller uses.

export type BookingAction =
  | { type: 'golfers/add'; playerTypes: readonly PlayerType[] }
  | { type: 'golfers/add-first'; playerTypes: readonly PlayerType[] }
  | { type: 'golfers/remove'; position: number }
  | { type: 'golfers/set-type'; position: number; playerTypeId: number }
  | {
      type: 'courses/toggle';
      course: Pick<Course, 'id' | 'name' | 'course_completion_time' | 'closing_date'>;
      /** Today's UK date (yyyy-MM-dd). */
      today: string;
      /** The shared calendar rule, so an inherited date after this course's closing date is not taken. */
      isPlayDateOpen: (date: string, today: string, closingDate: string | null) => boolean;
    }
  | { type: 'calendar/select-date'; courseId: number; date: string }
  | { type: 'calendar/change-month'; courseId: number; month: string }
  | { type: 'synced-dates/set'; enabled: boolean }
  | { type: 'tee-time/toggle'; courseId: number; slot: { id: number; time: string } }
  | { type: 'tee-time/validate'; courseId: number; slotId: number; isValid: boolean; tooFew?: boolean }
  | { type: 'caddies/set-option'; option: CaddiesOption; eligibleCourseIds: readonly number[] }
  | { type: 'caddies/set-count'; courseId: number; count: number; eligibleCourseIds: readonly number[] }
  | {
      type: 'caddies/sync';
      eligibleCourseIds: readonly number[];
      /** Pence per caddie for each course's round, or null while the caddie prices are unknown. */
      pricePerCaddie: Readonly<Record<number, number>> | null;
    }
  | { type: 'notes/set'; notes: string }
  | { type: 'booking/submitting'; submitted: boolean }
  /** A tour operator's group held by the group page (issue 24), which builds the whole state. */
  | { type: 'booking/replace'; state: BookingState }
  | {
      type: 'booking/saved';
      id: number;
      dateCreated: string;
      snapshot: StepOneSnapshot;
      /** The saved booking's prices, as the server priced it: what steps 2 and 3 show and charge. */
      priced: SavedPrices;
    }
  /** Step 2 autosave (500 ms after the last edit). */
  | { type: 'player-details/set'; details: Partial<PlayerDetails> }
  /** Step 2 saved: `snapshot` is the body sent, compared by the next Continue. */
  | {
      type: 'details/saved';
      paymentIntent: PaymentIntentState;
      paymentPlan?: PaymentPlanInstalment[] | null | undefined;
      snapshot: unknown;
    }
  | { type: 'countdown/started' }
  | { type: 'countdown/expired' }
  | { type: 'booking/reset' };

/** What the server answers a step-1 save with: each golfer's prices and the booking's totals. */
export type SavedPrices = { golfers: readonly PricedGolfer[]; totals: BookingTotals };

function withPrices(state: BookingState, priced: SavedPrices): BookingState {
  const byId = new Map(priced.golfers.map((golfer) => [golfer.id, golfer]));
  const golfers = state.golfers.map((golfer) => {
    const match = byId.get(golfer.id);
    if (!match) return golfer;
    const { net_price, total_vat, total_price, tickets, ticket_label } = match;
    return { ...golfer, net_price, total_vat, total_price, tickets, ticket_label };
  });
  return { ...state, golfers, totals: priced.totals };
}

const PRICE_FIELDS = ['net_price', 'total_vat', 'total_price', 'tickets', 'ticket_label'] as const;

function unpriced(golfers: BookingGolfer[]): BookingGolfer[] {
  return golfers.map((golfer) => {
    const plain: BookingGolfer = { ...golfer };
    for (const field of PRICE_FIELDS) delete plain[field];
    return plain;
  });
}

/** Prices belong to one combination of golfers, courses and dates: any change to those clears them. */
function clearPrices(state: BookingState): BookingState {
  return { ...state, golfers: unpriced(state.golfers), totals: { ...EMPTY_TOTALS, paid: state.totals.paid } };
}

/** The POST /v1/tickets/prices body for the current booking, or null until every course has a tee time. */
export function ticketPricesRequest(state: Pick<BookingState, 'golfers' | 'courses'>) {
  if (state.golfers.length === 0 || state.courses.length === 0) return null;
  if (state.courses.some((course) => course.teeTime === null)) return null;
  return {
    golfers: state.golfers.map((golfer) => ({ id: golfer.id, playerTypeId: golfer.playerTypeId })),
    courses: state.courses.map((course) => ({ id: course.id, teeTime: { date: course.playDate } })),
  };
}

export function ticketPricesRequestKey(state: Pick<BookingState, 'golfers' | 'courses'>): string | null {
  const request = ticketPricesRequest(state);
  return request ? JSON.stringify(request) : null;
}

function monthOfDate(date: string): string {
  // Dates in state are always yyyy-MM-dd, so the month is its first seven characters.
  return date.slice(0, 7);
}

function mapCourses(
  state: BookingState,
  courseId: number,
  update: (course: BookingCourse) => BookingCourse,
): BookingCourse[] {
  return state.courses.map((course) =>
    state.syncedDateMode || course.id === courseId ? update(course) : course,
  );
}

function setCaddies(course: BookingCourse, count: number): BookingCourse {
  if (course.caddies === count) return course;
  const unit = course.caddies > 0 ? course.caddiesTotal / course.caddies : 0;
  return { ...course, caddies: count, caddiesTotal: unit * count };
}

function capCaddies(courses: BookingCourse[], golferCount: number): BookingCourse[] {
  const max = Math.max(0, golferCount);
  return courses.map((course) => (course.caddies <= max ? course : setCaddies(course, max)));
}

/** Spec section 4, caddie preference: none or an ineligible round means 0; 'some' with one round left is 'all'. */
function applyCaddieRules(
  state: BookingState,
  eligibleCourseIds: readonly number[],
  option: CaddiesOption,
): BookingState {
  const eligible = new Set(
    eligibleCourseIds.filter((id) => state.courses.some((course) => course.id === id)),
  );
  let nextOption = option;
  if (eligible.size === 0) nextOption = 'none';
  else if (eligible.size === 1 && nextOption === 'some') nextOption = 'all';
  const golferCount = state.golfers.length;
  const courses = capCaddies(
    state.courses.map((course) =>
      nextOption === 'none' || !eligible.has(course.id) ? setCaddies(course, 0) : course,
    ),
    golferCount,
  );
  const unchanged =
    nextOption === state.caddiesOption && courses.every((course, index) => course === state.courses[index]);
  return unchanged ? state : { ...state, caddiesOption: nextOption, courses };
}

export function bookingReducer(state: BookingState, action: BookingAction): BookingState {
  switch (action.type) {
    case 'golfers/add': {
      const golfers = addGolfer(state.golfers, action.playerTypes);
      return golfers === state.golfers ? state : clearPrices({ ...state, golfers });
    }
    case 'golfers/add-first':
      return state.golfers.length > 0 ? state : bookingReducer(state, { ...action, type: 'golfers/add' });
    case 'golfers/remove': {
      const golfers = removeGolfer(state.golfers, action.position);
      if (golfers === state.golfers) return state;
      return clearPrices({ ...state, golfers, courses: capCaddies(state.courses, golfers.length) });
    }
    case 'golfers/set-type': {
      const current = state.golfers.find((golfer) => golfer.id === action.position);
      if (!current || current.playerTypeId === action.playerTypeId) return state;
      const golfers = setGolferType(state.golfers, action.position, action.playerTypeId);
      return clearPrices({ ...state, golfers });
    }
    case 'courses/toggle': {
      if (state.courses.some((course) => course.id === action.course.id)) {
        return clearPrices({ ...state, courses: state.courses.filter((c) => c.id !== action.course.id) });
      }
      const first = state.courses[0];
      const inherit =
        state.syncedDateMode &&
        first !== undefined &&
        action.isPlayDateOpen(first.playDate, action.today, action.course.closing_date);
      const playDate = inherit ? first.playDate : action.today;
      const added: BookingCourse = {
        id: action.course.id,
        name: action.course.name,
        course_completion_time: action.course.course_completion_time,
        closing_date: action.course.closing_date,
        playDate,
        viewMonth: inherit ? first.viewMonth : monthOfDate(action.today),
        teeTime: null,
        caddies: 0,
        caddiesTotal: 0,
      };
      const courses = [...state.courses, added].sort((a, b) => a.id - b.id);
      return clearPrices({ ...state, courses });
    }
    case 'calendar/select-date': {
      // A tee time belongs to its day: a new date clears it, the same date keeps it.
      const courses = mapCourses(state, action.courseId, (course) =>
        course.playDate === action.date
          ? { ...course, viewMonth: monthOfDate(action.date) }
          : {
              ...course,
              playDate: action.date,
              viewMonth: monthOfDate(action.date),
              teeTime: null,
              caddies: 0,
              caddiesTotal: 0,
            },
      );
      return clearPrices({ ...state, courses });
    }
    case 'calendar/change-month': {
      const courses = mapCourses(state, action.courseId, (course) => ({
        ...course,
        viewMonth: action.month,
      }));
      return { ...state, courses };
    }
    case 'synced-dates/set':
      return state.syncedDateMode === action.enabled ? state : { ...state, syncedDateMode: action.enabled };
    case 'tee-time/toggle': {
      const courses = state.courses.map((course) => {
        if (course.id !== action.courseId) return course;
        if (course.teeTime?.id === action.slot.id)
          return { ...course, teeTime: null, caddies: 0, caddiesTotal: 0 };
        return { ...course, teeTime: { id: action.slot.id, time: action.slot.time, isValid: true } };
      });
      return clearPrices({ ...state, courses });
    }
    case 'tee-time/validate': {
      const target = state.courses.find((course) => course.id === action.courseId);
      if (!target?.teeTime || target.teeTime.id !== action.slotId) return state;
      const tooFew = !action.isValid && action.tooFew === true;
      if (target.teeTime.isValid === action.isValid && !!target.teeTime.tooFew === tooFew) return state;
      const { id, time } = target.teeTime;
      const courses = state.courses.map((course) =>
        course === target
          ? { ...course, teeTime: { id, time, isValid: action.isValid, ...(tooFew ? { tooFew } : {}) } }
          : course,
      );
      return { ...state, courses };
    }
    case 'caddies/set-option': {
      const eligible = new Set(action.eligibleCourseIds);
      if (action.option === 'all') {
        const highest = Math.max(0, ...state.courses.filter((c) => eligible.has(c.id)).map((c) => c.caddies));
        const courses = state.courses.map((course) =>
          eligible.has(course.id) ? setCaddies(course, highest) : course,
        );
        return applyCaddieRules({ ...state, courses }, action.eligibleCourseIds, 'all');
      }
      return applyCaddieRules(state, action.eligibleCourseIds, action.option);
    }
    case 'caddies/set-count': {
      const eligible = new Set(action.eligibleCourseIds);
      if (!eligible.has(action.courseId) || state.caddiesOption === 'none') return state;
      const count = Math.max(0, Math.floor(action.count));
      // With 'all', one choice applies to every eligible round.
      const courses = state.courses.map((course) =>
        course.id === action.courseId || (state.caddiesOption === 'all' && eligible.has(course.id))
          ? setCaddies(course, count)
          : course,
      );
      return applyCaddieRules({ ...state, courses }, action.eligibleCourseIds, state.caddiesOption);
    }
    case 'caddies/sync': {
      const ruled = applyCaddieRules(state, action.eligibleCourseIds, state.caddiesOption);
      const prices = action.pricePerCaddie;
      if (!prices) return ruled;
      let changed = false;
      const courses = ruled.courses.map((course) => {
        const total = course.caddies * (prices[course.id] ?? 0);
        if (total === course.caddiesTotal) return course;
        changed = true;
        return { ...course, caddiesTotal: total };
      });
      return changed ? { ...ruled, courses } : ruled;
    }
    case 'notes/set':
      return state.notes === action.notes ? state : { ...state, notes: action.notes };
    case 'booking/submitting':
      return { ...state, booking: { ...state.booking, submitted: action.submitted } };
    case 'booking/saved':
      // A new or changed booking has a new hold and maybe a new price: its payment is opened again by step 2.
      return withPrices(
        {
          ...state,
          booking: {
            ...state.booking,
            submitted: false,
            id: action.id,
            date_created: action.dateCreated,
            payment_intent: null,
            payment_plan: null,
            is_expired: false,
            countdown_started: false,
          },
          lastSaved: { step1: action.snapshot, step2: null },
        },
        action.priced,
      );
    case 'player-details/set': {
      const entries = Object.entries(action.details) as [keyof PlayerDetails, unknown][];
      if (entries.every(([key, value]) => state.playerDetails[key] === value)) return state;
      return { ...state, playerDetails: { ...state.playerDetails, ...action.details } };
    }
    case 'details/saved':
      return {
        ...state,
        booking: {
          ...state.booking,
          submitted: false,
          payment_intent: action.paymentIntent,
          payment_plan: action.paymentPlan ?? null,
        },
        lastSaved: { ...state.lastSaved, step2: action.snapshot },
      };
    case 'countdown/started':
      return state.booking.countdown_started
        ? state
        : { ...state, booking: { ...state.booking, countdown_started: true } };
    case 'countdown/expired':
      // Spec section 4: at zero the booking is gone. What is left is a fresh booking that remembers it ran out, so
      // the step guard sends the visitor to / and the expired overlay stays up there until they start again.
      return state.booking.is_expired
        ? state
        : { ...initialBookingState, booking: { ...initialBookingState.booking, is_expired: true } };
    case 'booking/reset':
      return initialBookingState;
    case 'booking/replace':
      return action.state;
  }
}
