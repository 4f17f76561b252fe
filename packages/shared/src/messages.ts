// Validation texts of spec section 5 that both the booking form and the API show to people.

export const STEP_ONE_MESSAGES = {
  noCourse: 'Please select at least one course.',
  missingTeeTimes: 'Please select tee times for all courses.',
  continueDisabled: 'Complete your selection to continue',
  invalidTeeTime: 'Needs attention - too many players selected',
  /**
   * The chosen Championship tee time has no other players and the group has fallen below two (spec section 5); the
   * Championship note shown beside it says that two are needed.
   */
  tooFewForTeeTime: 'Needs attention - too few players selected',
} as const;

export const GOLFER_MESSAGES = {
  count: 'Please add between 1 and 4 golfers.',
  duplicate: 'Each golfer can only be listed once.',
  playerType: 'Please choose a player type for each golfer.',
} as const;

export const COURSE_MESSAGES = {
  tooMany: 'You can book at most 3 courses.',
  duplicate: 'Each course can only be booked once.',
} as const;

/** Field-level messages follow one pattern so every 4xx reads as a sentence naming the field at fault. */
export function realDateMessage(field: string): string {
  return `${field} must be a real date in the form yyyy-MM-dd`;
}

export function realMonthMessage(field: string): string {
  return `${field} must be a real month in the form yyyy-MM`;
}

export function positiveWholeNumberMessage(field: string): string {
  return `${field} must be a positive whole number`;
}
