import { STEP_ONE_MESSAGES } from '@links/shared/messages';
import type { BookingState, TeeTime } from './booking-state';

/** Spec section 5, step 1: what still stands between the visitor and Continue, in the order to fix it. */
export function stepOneProblems(state: Pick<BookingState, 'courses'>): string[] {
  if (state.courses.length === 0) return [STEP_ONE_MESSAGES.noCourse];
  if (state.courses.some((course) => course.teeTime === null)) return [STEP_ONE_MESSAGES.missingTeeTimes];
  const invalid = state.courses.find((course) => course.teeTime && !course.teeTime.isValid);
  return invalid ? [invalidTeeTimeMessage(invalid.teeTime)] : [];
}

/** What is wrong with a chosen tee time that can no longer be booked: too many players, or too few to start it. */
export function invalidTeeTimeMessage(teeTime: TeeTime | null): string {
  return teeTime?.tooFew ? STEP_ONE_MESSAGES.tooFewForTeeTime : STEP_ONE_MESSAGES.invalidTeeTime;
}

/**
 * Continue is enabled once every course has a valid tee time, nothing is loading and the quote for this selection
 * (the ticket-price answer in the query cache) has something to pay.
 */
export function canContinueStepOne(
  state: Pick<BookingState, 'courses'>,
  payable: number,
  loading: boolean,
): boolean {
  return stepOneProblems(state).length === 0 && !loading && payable > 0;
}
