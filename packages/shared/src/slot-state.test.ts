import { describe, expect, it } from 'vitest';
import { COURSE_IDS } from './constants';
import {
  CHAMPIONSHIP_INFO_TEXT,
  type ChosenTeeTime,
  type DiarySlot,
  FULL_SLOT_TEXT,
  freePlaces,
  hasTimeConflict,
  isSelectedTeeTimeValid,
  isSlotSelectable,
  openSlotsText,
  placesTaken,
  SLOT_STATE_LABELS,
  type SlotStateInput,
  slotState,
  TIME_CONFLICT_TOOLTIP,
} from './slot-state';

const at = (iso: string) => new Date(iso);

function slot(bookings: [number, number][], time = '2026-07-14T10:00:00.000Z', id = 7): DiarySlot {
  return {
    id,
    slot_date_time: time,
    bookings: bookings.map(([booking_id, players]) => ({ booking_id, players })),
  };
}

function input(overrides: Partial<SlotStateInput>): SlotStateInput {
  return {
    slot: slot([]),
    courseId: COURSE_IDS.burnside,
    golferCount: 2,
    selectedSlotId: null,
    currentBookingId: null,
    completionHours: 4,
    otherCourseTeeTimes: [],
    ...overrides,
  };
}

describe('places', () => {
  it('counts places over all bookings', () => {
    const threeTaken = slot([
      [1, 2],
      [2, 1],
    ]);
    expect(placesTaken(threeTaken)).toBe(3);
    expect(freePlaces(threeTaken)).toBe(1);
    expect(freePlaces(slot([]))).toBe(4);
  });

  it("excludes the current booking's own players", () => {
    const withBookingNine = slot([
      [1, 2],
      [9, 2],
    ]);
    expect(placesTaken(withBookingNine, 9)).toBe(2);
    expect(freePlaces(withBookingNine, 9)).toBe(2);
    expect(freePlaces(withBookingNine, null)).toBe(0);
  });

  it('never reports negative free places for an overbooked slot', () => {
    const overbooked = slot([
      [1, 3],
      [2, 3],
    ]);
    expect(freePlaces(overbooked)).toBe(0);
  });
});

describe('hasTimeConflict', () => {
  const burnsideAtNine: ChosenTeeTime = {
    courseId: COURSE_IDS.burnside,
    start: at('2026-07-14T09:00:00Z'),
    completionHours: 3,
  };

  it.each([
    // Starting inside the other course's round [T, T + completion(B)): the slot's own course takes only 1 hour, so
    // only the other course's window can catch 11:30.
    ['11:30', 1, true],
    ['11:59', 1, true],
    ['12:00', 1, false],
    // Its own round would run into the other tee time (|S - T| < completion(A)): slot 05:00, own round 4.5 hours,
    // would still be playing at 09:00.
    ['05:00', 4.5, true],
    ['04:30', 4.5, false],
    // After T, one completion time of A also counts, even past B's own completion.
    ['13:00', 4.5, true],
    ['13:30', 4.5, false],
  ])(
    'a Championship slot at %s whose round takes %s hours clashes with Burnside at 09:00: %s',
    (time, hours, clashes) => {
      expect(
        hasTimeConflict(at(`2026-07-14T${time}:00Z`), hours, COURSE_IDS.championship, [burnsideAtNine]),
      ).toBe(clashes);
    },
  );

  it('only counts tee times chosen on other courses', () => {
    expect(hasTimeConflict(at('2026-07-14T09:00:00Z'), 4, COURSE_IDS.burnside, [burnsideAtNine])).toBe(false);
    expect(hasTimeConflict(at('2026-07-14T09:00:00Z'), 4, COURSE_IDS.burnside, [])).toBe(false);
  });

  it('finds a conflict with any of several chosen tee times', () => {
    const buddonAtFour: ChosenTeeTime = {
      courseId: COURSE_IDS.buddonLinks,
      start: at('2026-07-14T16:00:00Z'),
      completionHours: 3,
    };
    expect(
      hasTimeConflict(at('2026-07-14T14:00:00Z'), 3, COURSE_IDS.championship, [burnsideAtNine, buddonAtFour]),
    ).toBe(true);
    expect(
      hasTimeConflict(at('2026-07-14T12:30:00Z'), 3, COURSE_IDS.championship, [burnsideAtNine, buddonAtFour]),
    ).toBe(false);
  });
});

describe('slotState', () => {
  it('is available with enough free places', () => {
    expect(slotState(input({ golferCount: 4 }))).toBe('available');
    expect(slotState(input({ slot: slot([[1, 2]]), golferCount: 2 }))).toBe('available');
  });

  it('is selected for the course tee time, whatever else holds', () => {
    const full = slot([[1, 4]]);
    expect(slotState(input({ slot: full, selectedSlotId: full.id }))).toBe('selected');
    expect(slotState(input({ slot: full, selectedSlotId: full.id + 1 }))).toBe('full');
  });

  it('is a time conflict before anything about places', () => {
    const conflict: ChosenTeeTime = {
      courseId: COURSE_IDS.championship,
      start: at('2026-07-14T09:00:00Z'),
      completionHours: 4.5,
    };
    expect(slotState(input({ slot: slot([[1, 4]]), otherCourseTeeTimes: [conflict] }))).toBe('time_conflict');
    expect(slotState(input({ otherCourseTeeTimes: [conflict] }))).toBe('time_conflict');
  });

  it('is full with no free places, before too many golfers', () => {
    expect(slotState(input({ slot: slot([[1, 4]]), golferCount: 1 }))).toBe('full');
    expect(
      slotState(
        input({
          slot: slot([
            [1, 2],
            [2, 2],
          ]),
          golferCount: 3,
        }),
      ),
    ).toBe('full');
  });

  it('is too many golfers when some but not enough places are free', () => {
    expect(slotState(input({ slot: slot([[1, 3]]), golferCount: 2 }))).toBe('too_many_golfers');
    expect(slotState(input({ slot: slot([[1, 1]]), golferCount: 4 }))).toBe('too_many_golfers');
    expect(slotState(input({ slot: slot([[1, 1]]), golferCount: 3 }))).toBe('available');
  });

  it("frees the current booking's own places when it is being changed", () => {
    const own = slot([
      [1, 1],
      [42, 3],
    ]);
    expect(slotState(input({ slot: own, golferCount: 3 }))).toBe('full');
    expect(slotState(input({ slot: own, golferCount: 3, currentBookingId: 42 }))).toBe('available');
    expect(slotState(input({ slot: own, golferCount: 4, currentBookingId: 42 }))).toBe('too_many_golfers');
  });

  describe('the Championship rule', () => {
    const championship = { courseId: COURSE_IDS.championship };

    it('blocks a single golfer from starting an empty slot', () => {
      expect(slotState(input({ ...championship, golferCount: 1 }))).toBe('min_2_golfers');
    });

    it('lets two or more golfers start an empty slot', () => {
      expect(slotState(input({ ...championship, golferCount: 2 }))).toBe('available');
    });

    it('lets a single golfer join a slot someone else has started', () => {
      expect(slotState(input({ ...championship, golferCount: 1, slot: slot([[5, 2]]) }))).toBe('available');
    });

    it("treats a slot holding only the current booking's players as empty", () => {
      expect(
        slotState(input({ ...championship, golferCount: 1, slot: slot([[42, 1]]), currentBookingId: 42 })),
      ).toBe('min_2_golfers');
    });

    it('does not apply to the other courses', () => {
      expect(slotState(input({ courseId: COURSE_IDS.burnside, golferCount: 1 }))).toBe('available');
      expect(slotState(input({ courseId: COURSE_IDS.buddonLinks, golferCount: 1 }))).toBe('available');
    });
  });
});

describe('selection helpers', () => {
  it('lets only available and selected slots be clicked', () => {
    expect(isSlotSelectable('available')).toBe(true);
    expect(isSlotSelectable('selected')).toBe(true);
    for (const state of ['time_conflict', 'min_2_golfers', 'too_many_golfers', 'full'] as const) {
      expect(isSlotSelectable(state)).toBe(false);
    }
  });

  it('rechecks a chosen tee time as if it were not selected', () => {
    const nearlyFull = slot([[1, 3]]);
    expect(isSelectedTeeTimeValid(input({ slot: nearlyFull, golferCount: 1 }))).toBe(true);
    expect(isSelectedTeeTimeValid(input({ slot: nearlyFull, golferCount: 2 }))).toBe(false);
  });
});

describe('texts', () => {
  it('uses the labels and texts of the spec', () => {
    expect(SLOT_STATE_LABELS).toEqual({
      selected: 'Selected',
      time_conflict: 'Time Conflict',
      min_2_golfers: 'Min 2 golfers',
      too_many_golfers: 'Too many golfers',
      full: 'Full',
      available: 'Available',
    });
    expect(FULL_SLOT_TEXT).toBe('Unavailable');
    expect(openSlotsText(1)).toBe('1 slot open');
    expect(openSlotsText(3)).toBe('3 slots open');
    expect(TIME_CONFLICT_TOOLTIP).toBe(
      'This tee time overlaps with a previously selected courses completion time.',
    );
    expect(CHAMPIONSHIP_INFO_TEXT).toBe(
      'On the Championship Course, we require at least two players to book a tee time with no existing reservations.',
    );
  });
});
