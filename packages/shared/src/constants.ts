// Business constants from spec section 9. Both the web and the API read these, so a change here changes both.

export const MAX_GOLFERS = 4;
export const MIN_GOLFERS = 1;
export const PLAYERS_PER_SLOT = 4;
export const CHAMPIONSHIP_COURSE_ID = 1;
/** An empty Championship slot can only be started by a group of at least this many golfers. */
export const CHAMPIONSHIP_MIN_GOLFERS_EMPTY_SLOT = 2;
export const DIARY_SLOT_TYPE = 1;
export const DEFAULT_PLAYER_TYPE_ID = 1;
export const UNDER_16_PLAYER_TYPE_ID = 3;
/**
 * The player types the booking flow loads (`GET /v1/players?types=1,3`), and the only ones the public API prices and
 * books (spec section 9); the others, such as the staff concession (2), are refused with 400 player_type_not_offered.
 */
export const REQUESTED_PLAYER_TYPE_IDS = [DEFAULT_PLAYER_TYPE_ID, UNDER_16_PLAYER_TYPE_ID] as const;
export const VAT_RATE_PERCENT = 20;
export const CADDIE_CUTOFF_HOURS = 24;
export const CADDIE_FALLBACK_PRICE_PENCE = 7000;
export const COMBINATION_WINDOW_DAYS = 7;
/** Combination packages are valid from 1 April to 31 October of each year (month-day, inclusive). */
export const COMBINATION_SEASON = { fromMonthDay: '04-01', toMonthDay: '10-31' } as const;
export const RESERVATION_WINDOW_MS = 600_000;
export const RELEASE_GRACE_MS = 60_000;
export const UK_TIME_ZONE = 'Europe/London';
export const DEFAULT_TEE_INTERVAL_MINUTES = 10;

export const COURSE_IDS = { championship: 1, burnside: 2, buddonLinks: 4 } as const;
export type CourseId = (typeof COURSE_IDS)[keyof typeof COURSE_IDS];
