import { STEP_ONE_MESSAGES } from '@links/shared/messages';
import type { BookingState } from './booking-state';

/** Spec section 5, step 1: what still stands between the visitor and Continue, in the order to fix it. */
export function stepOneProblems(state: Pick<BookingState, 'courses'>): string[] {
  if (state.courses.length === 0) return [STEP_ONE_MESSAGES.noCourse];
  if (state.courses.some((course) => course.teeTime === null)) return [STEP_ONE_MESSAGES.missingTeeTimes];
  if (state.courses.some((course) => course.teeTime && !course.teeTime.isValid)) {
    return [STEP_ONE_MESSAGES.invalidTeeTime];
  }
  return [];
}

/** Continue is enabled once every course has a valid tee time, nothing is loading and there is something to pay. */
export function canContinueStepOne(
  state: Pick<BookingState, 'courses' | 'totals'>,
  loading: boolean,
): boolean {
  return stepOneProblems(state).length === 0 && !loading && state.totals.payable > 0;
}
