import type { BookingState, StepOneSnapshot } from './booking-state';

/** What step 1 saves and compares: Continue skips the save when this equals the last saved one. */
export function stepOneSnapshot(state: BookingState): StepOneSnapshot {
  const golfers = state.golfers.map(({ id, playerTypeId }) => ({ id, playerTypeId }));
  return { courses: state.courses, golfers, notes: state.notes };
}

export function isStepOneUnchanged(state: BookingState): boolean {
  const saved = state.lastSaved.step1;
  return saved !== null && JSON.stringify(saved) === JSON.stringify(stepOneSnapshot(state));
}
