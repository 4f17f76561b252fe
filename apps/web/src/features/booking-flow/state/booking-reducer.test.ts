import { isPlayDateOpen } from '@links/shared/booking-calendar';
import { STEP_ONE_MESSAGES } from '@links/shared/messages';
import { describe, expect, it } from 'vitest';
import { type BookingAction, bookingReducer, ticketPricesRequestKey } from './booking-reducer';
import { type BookingState, initialBookingState } from './booking-state';
import { isStepOneUnchanged, stepOneSnapshot } from './step-one-snapshot';
import { canContinueStepOne, stepOneProblems } from './step-one-validation';

const playerTypes = [
  { id: 1, name: 'Adult' },
  { id: 3, name: 'Under 16' },
];
const TODAY = '2026-07-10';
const championship = {
  id: 1,
  name: 'Championship Course',
  course_completion_time: 4.5,
  closing_date: '2026-10-31',
};
const burnside = { id: 2, name: 'Burnside Course', course_completion_time: 4, closing_date: '2026-10-31' };
const buddon = { id: 4, name: 'Buddon Links Course', course_completion_time: 4, closing_date: '2026-07-20' };

function run(actions: BookingAction[], from: BookingState = initialBookingState): BookingState {
  return actions.reduce(bookingReducer, from);
}

const toggle = (course: typeof championship): BookingAction => ({
  type: 'courses/toggle',
  course,
  today: TODAY,
  isPlayDateOpen,
});
const addGolfer: BookingAction = { type: 'golfers/add', playerTypes };
/** A diary reload's verdict on a tee time of the championship course (slot 11 is the one withTeeTimes chooses). */
const validate = (isValid: boolean, extra: { slotId?: number; tooFew?: boolean } = {}): BookingAction => ({
  type: 'tee-time/validate',
  courseId: 1,
  slotId: 11,
  isValid,
  ...extra,
});

function withTeeTimes(): BookingState {
  return run([
    addGolfer,
    addGolfer,
    toggle(championship),
    toggle(burnside),
    { type: 'calendar/select-date', courseId: 1, date: '2026-07-14' },
    { type: 'tee-time/toggle', courseId: 1, slot: { id: 11, time: '2026-07-14T08:00:00.000Z' } },
    { type: 'tee-time/toggle', courseId: 2, slot: { id: 21, time: '2026-07-14T13:00:00.000Z' } },
  ]);
}

const priced = {
  golfers: [
    {
      id: 1,
      net_price: 10000,
      total_vat: 2000,
      total_price: 12000,
      tickets: [],
      ticket_label: 'Combination',
    },
    {
      id: 2,
      net_price: 10000,
      total_vat: 2000,
      total_price: 12000,
      tickets: [],
      ticket_label: 'Combination',
    },
  ],
  totals: { net: 20000, vat: 4000, payable: 24000, paid: 0, due: 24000 },
};

/** A step-1 save the server answered with `priced`. */
const savedWithPrices = (state: BookingState) =>
  bookingReducer(state, {
    type: 'booking/saved',
    id: 7,
    dateCreated: '2026-07-10T10:00:00.000Z',
    snapshot: stepOneSnapshot(state),
    priced,
  });

describe('golfers', () => {
  it('adds with the default type, never beyond four, and only once types are loaded', () => {
    expect(run([{ type: 'golfers/add', playerTypes: [] }]).golfers).toEqual([]);
    const four = run([addGolfer, addGolfer, addGolfer, addGolfer, addGolfer]);
    expect(four.golfers.map((golfer) => golfer.playerTypeId)).toEqual([1, 1, 1, 1]);
    expect(four.golfers.map((golfer) => golfer.id)).toEqual([1, 2, 3, 4]);
    expect(run([{ type: 'golfers/add', playerTypes: [{ id: 3, name: 'Under 16' }] }]).golfers).toEqual([
      { id: 1, playerTypeId: 3 },
    ]);
  });

  it('adds the first golfer once, however often the selector asks', () => {
    const first: BookingAction = { type: 'golfers/add-first', playerTypes };
    expect(run([first, first]).golfers).toEqual([{ id: 1, playerTypeId: 1 }]);
  });

  it('removes by position, renumbers, and keeps at least one golfer', () => {
    const three = run([
      addGolfer,
      addGolfer,
      addGolfer,
      { type: 'golfers/set-type', position: 2, playerTypeId: 3 },
    ]);
    const two = bookingReducer(three, { type: 'golfers/remove', position: 1 });
    expect(two.golfers).toEqual([
      { id: 1, playerTypeId: 3 },
      { id: 2, playerTypeId: 1 },
    ]);
    const one = run([addGolfer]);
    expect(bookingReducer(one, { type: 'golfers/remove', position: 1 })).toBe(one);
  });

  it('clears prices when the group changes', () => {
    const state = savedWithPrices(withTeeTimes());
    expect(state.totals.payable).toBe(24000);
    const changed = bookingReducer(state, { type: 'golfers/set-type', position: 2, playerTypeId: 3 });
    expect(changed.totals.payable).toBe(0);
    expect(changed.golfers[0]?.total_price).toBeUndefined();
    expect(bookingReducer(state, { type: 'golfers/set-type', position: 2, playerTypeId: 1 })).toBe(state);
  });
});

describe('toggling a course', () => {
  it('adds with today in UK time and its month, keeps courses sorted by id, and removes again', () => {
    const state = run([toggle(burnside), toggle(championship)]);
    expect(state.courses.map((course) => course.id)).toEqual([1, 2]);
    expect(state.courses[0]).toMatchObject({
      playDate: TODAY,
      viewMonth: '2026-07',
      teeTime: null,
      caddies: 0,
    });
    expect(run([toggle(championship)], state).courses.map((course) => course.id)).toEqual([2]);
  });

  it('inherits the first course date and month in synced mode', () => {
    const state = run([
      toggle(championship),
      { type: 'calendar/select-date', courseId: 1, date: '2026-08-03' },
      toggle(burnside),
    ]);
    expect(state.courses[1]).toMatchObject({ id: 2, playDate: '2026-08-03', viewMonth: '2026-08' });
  });

  it('takes today when synced mode is off or the first date is after the closing date', () => {
    const individual = run([
      toggle(championship),
      { type: 'synced-dates/set', enabled: false },
      { type: 'calendar/select-date', courseId: 1, date: '2026-08-03' },
      toggle(burnside),
    ]);
    expect(individual.courses[1]).toMatchObject({ playDate: TODAY, viewMonth: '2026-07' });
    const closed = run([
      toggle(championship),
      { type: 'calendar/select-date', courseId: 1, date: '2026-08-03' },
      toggle(buddon),
    ]);
    expect(closed.courses[1]).toMatchObject({ id: 4, playDate: TODAY });
  });
});

describe('calendar', () => {
  const two = run([addGolfer, toggle(championship), toggle(burnside)]);

  it('sets the date and month on every course in synced mode, clearing tee times of other days', () => {
    const chosen = run(
      [{ type: 'tee-time/toggle', courseId: 2, slot: { id: 21, time: '2026-07-10T13:00:00.000Z' } }],
      two,
    );
    const state = bookingReducer(chosen, { type: 'calendar/select-date', courseId: 1, date: '2026-08-12' });
    expect(state.courses.map((course) => [course.playDate, course.viewMonth, course.teeTime])).toEqual([
      ['2026-08-12', '2026-08', null],
      ['2026-08-12', '2026-08', null],
    ]);
  });

  it('keeps a tee time when the same day is picked again', () => {
    const chosen = run(
      [{ type: 'tee-time/toggle', courseId: 2, slot: { id: 21, time: '2026-07-10T13:00:00.000Z' } }],
      two,
    );
    const state = bookingReducer(chosen, { type: 'calendar/select-date', courseId: 2, date: TODAY });
    expect(state.courses[1]?.teeTime?.id).toBe(21);
  });

  it('changes only that course in individual mode', () => {
    const state = run(
      [
        { type: 'synced-dates/set', enabled: false },
        { type: 'calendar/select-date', courseId: 2, date: '2026-09-01' },
        { type: 'calendar/change-month', courseId: 1, month: '2026-10' },
      ],
      two,
    );
    expect(state.courses.map((course) => [course.playDate, course.viewMonth])).toEqual([
      [TODAY, '2026-10'],
      ['2026-09-01', '2026-09'],
    ]);
  });

  it('changes the month on every course in synced mode without touching dates', () => {
    const state = bookingReducer(two, { type: 'calendar/change-month', courseId: 2, month: '2026-09' });
    expect(state.courses.map((course) => [course.playDate, course.viewMonth])).toEqual([
      [TODAY, '2026-09'],
      [TODAY, '2026-09'],
    ]);
  });
});

describe('slots', () => {
  it('selects a slot, replaces it with another, and clears it when clicked again', () => {
    const base = run([addGolfer, toggle(championship)]);
    const first = bookingReducer(base, {
      type: 'tee-time/toggle',
      courseId: 1,
      slot: { id: 5, time: '2026-07-10T09:00:00.000Z' },
    });
    expect(first.courses[0]?.teeTime).toEqual({ id: 5, time: '2026-07-10T09:00:00.000Z', isValid: true });
    const second = bookingReducer(first, {
      type: 'tee-time/toggle',
      courseId: 1,
      slot: { id: 6, time: '2026-07-10T09:10:00.000Z' },
    });
    expect(second.courses[0]?.teeTime?.id).toBe(6);
    const cleared = bookingReducer(second, {
      type: 'tee-time/toggle',
      courseId: 1,
      slot: { id: 6, time: '2026-07-10T09:10:00.000Z' },
    });
    expect(cleared.courses[0]?.teeTime).toBeNull();
  });

  it('records validity recomputed on a diary reload, only for the slot still chosen', () => {
    const state = withTeeTimes();
    const invalid = bookingReducer(state, validate(false));
    expect(invalid.courses[0]?.teeTime?.isValid).toBe(false);
    expect(stepOneProblems(invalid)).toEqual([STEP_ONE_MESSAGES.invalidTeeTime]);
    expect(bookingReducer(invalid, validate(true, { slotId: 99 }))).toBe(invalid);
    const valid = bookingReducer(invalid, validate(true));
    expect(valid.courses[0]?.teeTime?.isValid).toBe(true);
  });

  it('says when a chosen tee time is invalid because the group is too small to start it', () => {
    const tooFew = bookingReducer(withTeeTimes(), validate(false, { tooFew: true }));
    expect(tooFew.courses[0]?.teeTime).toMatchObject({ isValid: false, tooFew: true });
    expect(stepOneProblems(tooFew)).toEqual([STEP_ONE_MESSAGES.tooFewForTeeTime]);
    // A golfer added back: valid again, and nothing of the old reason is left on the tee time.
    const valid = bookingReducer(tooFew, validate(true));
    expect(valid.courses[0]?.teeTime).toEqual({ id: 11, time: expect.any(String), isValid: true });
    expect(stepOneProblems(valid)).toEqual([]);
  });
});

describe('prices', () => {
  it('asks only when every course has a tee time, and keeps the prices the save answered until the selection changes', () => {
    expect(ticketPricesRequestKey(run([addGolfer, toggle(championship)]))).toBeNull();
    const state = withTeeTimes();
    const key = ticketPricesRequestKey(state);
    expect(JSON.parse(key as string)).toEqual({
      golfers: [
        { id: 1, playerTypeId: 1 },
        { id: 2, playerTypeId: 1 },
      ],
      courses: [
        { id: 1, teeTime: { date: '2026-07-14' } },
        { id: 2, teeTime: { date: '2026-07-14' } },
      ],
    });
    const loaded = savedWithPrices(state);
    expect(loaded.totals).toEqual({ net: 20000, vat: 4000, payable: 24000, paid: 0, due: 24000 });
    expect(loaded.golfers[1]).toMatchObject({
      id: 2,
      playerTypeId: 1,
      total_price: 12000,
      ticket_label: 'Combination',
    });
    const cleared = bookingReducer(loaded, {
      type: 'tee-time/toggle',
      courseId: 2,
      slot: { id: 21, time: '2026-07-14T13:00:00.000Z' },
    });
    expect(cleared.totals.payable).toBe(0);
  });
});

describe('step 1 validation', () => {
  it('names the first problem and enables Continue only with valid tee times, no loading and a payable', () => {
    expect(stepOneProblems(initialBookingState)).toEqual([STEP_ONE_MESSAGES.noCourse]);
    expect(stepOneProblems(run([addGolfer, toggle(championship)]))).toEqual([
      STEP_ONE_MESSAGES.missingTeeTimes,
    ]);
    const state = withTeeTimes();
    expect(stepOneProblems(state)).toEqual([]);
    expect(canContinueStepOne(state, 0, false)).toBe(false);
    expect(canContinueStepOne(state, priced.totals.payable, false)).toBe(true);
    expect(canContinueStepOne(state, priced.totals.payable, true)).toBe(false);
    expect(canContinueStepOne(run([addGolfer, toggle(championship)]), priced.totals.payable, false)).toBe(
      false,
    );
  });

  it('knows when step 1 is unchanged since the last save', () => {
    const state = withTeeTimes();
    expect(isStepOneUnchanged(state)).toBe(false);
    const saved = savedWithPrices(state);
    expect(saved.totals.payable).toBe(24000);
    expect(saved.booking).toMatchObject({
      id: 7,
      date_created: '2026-07-10T10:00:00.000Z',
      submitted: false,
    });
    expect(isStepOneUnchanged(saved)).toBe(true);
    expect(isStepOneUnchanged(bookingReducer(saved, { type: 'notes/set', notes: 'Trolley please' }))).toBe(
      false,
    );
  });
});

describe('caddie preference', () => {
  const both = [1, 2];
  /** A count of caddies chosen for one round, with both rounds eligible. */
  const setCount = (courseId: number, count: number): BookingAction => ({
    type: 'caddies/set-count',
    courseId,
    count,
    eligibleCourseIds: both,
  });

  it('sets every eligible round to the highest count when choosing all', () => {
    const some = run(
      [{ type: 'caddies/set-option', option: 'some', eligibleCourseIds: both }],
      withTeeTimes(),
    );
    expect(some.caddiesOption).toBe('some');
    const counted = bookingReducer(some, setCount(2, 2));
    expect(counted.courses.map((course) => course.caddies)).toEqual([0, 2]);
    const all = bookingReducer(counted, {
      type: 'caddies/set-option',
      option: 'all',
      eligibleCourseIds: both,
    });
    expect(all.caddiesOption).toBe('all');
    expect(all.courses.map((course) => course.caddies)).toEqual([2, 2]);
    const one = bookingReducer(all, setCount(1, 1));
    expect(one.courses.map((course) => course.caddies)).toEqual([1, 1]);
  });

  it('sets caddies to 0 for none and for ineligible rounds', () => {
    const all = run(
      [{ type: 'caddies/set-option', option: 'all', eligibleCourseIds: both }, setCount(1, 2)],
      withTeeTimes(),
    );
    expect(all.courses.map((course) => course.caddies)).toEqual([2, 2]);
    const none = bookingReducer(all, { type: 'caddies/set-option', option: 'none', eligibleCourseIds: both });
    expect(none.courses.map((course) => course.caddies)).toEqual([0, 0]);
    const oneEligible = bookingReducer(all, {
      type: 'caddies/sync',
      eligibleCourseIds: [2],
      pricePerCaddie: null,
    });
    expect(oneEligible.courses.map((course) => course.caddies)).toEqual([0, 2]);
    expect(
      bookingReducer(all, { type: 'caddies/set-count', courseId: 1, count: 1, eligibleCourseIds: [2] }),
    ).toBe(all);
  });

  it('turns some into all when one eligible round remains, and into none when none do', () => {
    const some = run(
      [{ type: 'caddies/set-option', option: 'some', eligibleCourseIds: both }],
      withTeeTimes(),
    );
    expect(
      bookingReducer(some, { type: 'caddies/sync', eligibleCourseIds: [1], pricePerCaddie: null })
        .caddiesOption,
    ).toBe('all');
    expect(
      bookingReducer(some, { type: 'caddies/sync', eligibleCourseIds: [], pricePerCaddie: null })
        .caddiesOption,
    ).toBe('none');
    expect(
      bookingReducer(withTeeTimes(), { type: 'caddies/set-option', option: 'some', eligibleCourseIds: [2] })
        .caddiesOption,
    ).toBe('all');
  });

  it('caps counts at the golfer count and prices them per caddie', () => {
    const four = run([addGolfer, addGolfer], withTeeTimes());
    const all = run(
      [
        { type: 'caddies/set-option', option: 'all', eligibleCourseIds: both },
        setCount(1, 4),
        { type: 'caddies/sync', eligibleCourseIds: both, pricePerCaddie: { 1: 6000, 2: 5000 } },
      ],
      four,
    );
    expect(all.courses.map((course) => [course.caddies, course.caddiesTotal])).toEqual([
      [4, 24000],
      [4, 20000],
    ]);
    // Caddie fees are paid in cash: they never reach the totals.
    expect(all.totals.payable).toBe(0);
    const three = bookingReducer(all, { type: 'golfers/remove', position: 4 });
    expect(three.courses.map((course) => [course.caddies, course.caddiesTotal])).toEqual([
      [3, 18000],
      [3, 15000],
    ]);
    const synced = bookingReducer(three, {
      type: 'caddies/sync',
      eligibleCourseIds: both,
      pricePerCaddie: { 1: 6000, 2: 5000 },
    });
    expect(synced).toBe(three);
  });
});

describe('notes and reset', () => {
  it('keeps notes and starts over', () => {
    const state = run([addGolfer, { type: 'notes/set', notes: 'Two trolleys' }]);
    expect(state.notes).toBe('Two trolleys');
    expect(bookingReducer(state, { type: 'booking/reset' })).toBe(initialBookingState);
  });
});

describe('step 2 and the reservation', () => {
  const intent = {
    id: 'pi_1',
    client_secret: 'pi_1_secret',
    status: 'requires_payment_method',
    amount: 24000,
  };

  it('keeps autosaved details, stores the payment intent on save, and reopens payment when step 1 is saved again', () => {
    const state = withTeeTimes();
    const typed = bookingReducer(state, { type: 'player-details/set', details: { first_name: 'Ada' } });
    expect(typed.playerDetails.first_name).toBe('Ada');
    expect(bookingReducer(typed, { type: 'player-details/set', details: { first_name: 'Ada' } })).toBe(typed);
    const saved = bookingReducer(typed, { type: 'details/saved', paymentIntent: intent, snapshot: { a: 1 } });
    expect(saved.booking.payment_intent).toEqual(intent);
    expect(saved.booking.submitted).toBe(false);
    expect(saved.lastSaved.step2).toEqual({ a: 1 });
    const resaved = savedWithPrices(saved);
    expect(resaved.booking.payment_intent).toBeNull();
    expect(resaved.lastSaved.step2).toBeNull();
    expect(resaved.playerDetails.first_name).toBe('Ada');
  });

  it('marks the countdown started once, and at expiry resets to a fresh booking that remembers it expired', () => {
    const started = bookingReducer(withTeeTimes(), { type: 'countdown/started' });
    expect(started.booking.countdown_started).toBe(true);
    expect(bookingReducer(started, { type: 'countdown/started' })).toBe(started);
    const expired = bookingReducer(started, { type: 'countdown/expired' });
    expect(expired.booking.is_expired).toBe(true);
    // The held booking is gone with its hold: nothing of it is left to continue or pay.
    expect(expired.booking.id).toBeNull();
    expect(expired.booking.date_created).toBeNull();
    expect(expired.courses).toEqual([]);
    expect({ ...expired, booking: initialBookingState.booking }).toEqual(initialBookingState);
    expect(bookingReducer(expired, { type: 'countdown/expired' })).toBe(expired);
    expect(bookingReducer(expired, { type: 'booking/reset' })).toBe(initialBookingState);
  });
});
