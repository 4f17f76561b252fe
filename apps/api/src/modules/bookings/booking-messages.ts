import { CADDIE_CUTOFF_HOURS } from '@links/shared/constants';
import { formatSummaryTeeTime } from '@links/shared/uk-time';

// What a refused booking tells the golfer. Every text names the course and tee time at fault where one exists,
// because a combination booking has up to three.

type Round = { courseName: string; startsAt: Date };

// A sold-out tee time refuses every later caller with the same text: its formatted time (a time-zone conversion
// and a date-fns format, the dearest part of a refusal) is remembered per instant.
const formattedTimes = new Map<number, string>();
function summaryTime(instant: Date): string {
  const key = instant.getTime();
  let text = formattedTimes.get(key);
  if (text === undefined) {
    text = formatSummaryTeeTime(instant);
    if (formattedTimes.size >= 1024) formattedTimes.clear();
    formattedTimes.set(key, text);
  }
  return text;
}

const teeTime = (round: Round) => `${round.courseName} on ${summaryTime(round.startsAt)}`;

export const BOOKING_MESSAGES = {
  slotFull: (round: Round) =>
    `Sorry, someone has just booked the tee time for ${teeTime(round)}. Please choose another.`,
  notEnoughPlaces: (round: Round, free: number, golfers: number) =>
    `Sorry, the tee time for ${teeTime(round)} now has ${free} ${free === 1 ? 'place' : 'places'} left, ` +
    `not enough for ${golfers} golfers. Please choose another.`,
  unavailable: (round: Round) =>
    `Sorry, the tee time for ${teeTime(round)} is no longer available. Please choose another.`,
  started: (round: Round) => `The tee time for ${teeTime(round)} has already passed. Please choose another.`,
  afterClosing: (courseName: string) =>
    `${courseName} cannot be booked on that date. Please choose a date up to the course's closing date.`,
  unknownTeeTime: (courseName: string) =>
    `We could not find that tee time for ${courseName}. Please choose another.`,
  unknownCourse: (courseId: number) => `There is no course with id ${courseId}.`,
  caddiesTooLate: (round: Round) =>
    `Caddies must be booked at least ${CADDIE_CUTOFF_HOURS} hours before the tee time. ` +
    `Please remove the caddies for ${teeTime(round)}.`,
  tooManyHolds: (max: number) =>
    `You already have ${max} unpaid ${max === 1 ? 'reservation' : 'reservations'} in progress. ` +
    'Please complete one, or wait for it to expire, before starting another.',
  sessionRequired: 'Your session has expired. Please refresh the page and try again.',
  /** Spec section 8, invalid booking id. */
  unknownBooking: "We don't recognise this booking.",
  /** Spec section 4 (Payment): the notice shown when the reservation time limit is reached. */
  expired:
    'Time limit reached. Sorry, you reached the reservation time limit and the booking has now been released. ' +
    'Please start a new booking.',
  confirmed: 'This booking has already been paid for, so it can no longer be changed here.',
  cancelled: 'This booking has been cancelled. Please start a new booking.',
} as const;
