import { COURSE_IDS, DEFAULT_TEE_INTERVAL_MINUTES, UNDER_16_PLAYER_TYPE_ID } from '@links/shared/constants';

// The resort's reference data as first loaded. After seeding it is data, edited in the database: the seed only
// inserts what is missing and never overwrites a row staff may have changed.

export const SEED_COURSES = [
  {
    id: COURSE_IDS.championship,
    name: 'Championship Course',
    slug: 'championship-course',
    courseCompletionTime: 4.5,
    guideUrl: 'https://www.example.com/courses/championship/',
    sortOrder: 1,
  },
  {
    id: COURSE_IDS.burnside,
    name: 'Burnside Course',
    slug: 'burnside-course',
    courseCompletionTime: 4,
    guideUrl: 'https://www.example.com/courses/burnside/',
    sortOrder: 2,
  },
  {
    id: COURSE_IDS.buddonLinks,
    name: 'Buddon Links Course',
    slug: 'buddon-links-course',
    courseCompletionTime: 4,
    guideUrl: 'https://www.example.com/courses/buddon-links/',
    sortOrder: 3,
  },
].map((course) => ({
  ...course,
  imagePath: `/images/courses/${course.slug}.webp`,
  address: 'Links Parade, Carnoustie DD7 7JE, United Kingdom',
  slotIntervalMinutes: DEFAULT_TEE_INTERVAL_MINUTES,
}));

export const ADULT_PLAYER_TYPE_ID = 1;
export const CONCESSION_PLAYER_TYPE_ID = 2;

/** Type 2 exists for staff use (concessions); the booking flow only asks for 1 and 3. */
export const SEED_PLAYER_TYPES = [
  { id: ADULT_PLAYER_TYPE_ID, name: 'Adult', isDefault: true, sortOrder: 1 },
  { id: CONCESSION_PLAYER_TYPE_ID, name: 'Senior (65 and over)', isDefault: false, sortOrder: 2 },
  { id: UNDER_16_PLAYER_TYPE_ID, name: 'Under 16', isDefault: false, sortOrder: 3 },
];

/**
 * Seasons. Summer runs 1 April to 31 October, the same months as the combination packages; winter runs
 * 1 November to 31 March at winter rates. The resort suspended winter visitor golf in 2025/26 (1 November to end
 * of February); that was a one-off, so the demo keeps winter golf open and a suspension, if it recurs, is entered
 * as blocked periods rather than by changing the seasons.
 */
export function seasonsForYear(year: number) {
  return [
    { name: `Summer ${year}`, startDate: `${year}-04-01`, endDate: `${year}-10-31`, kind: 'summer' as const },
    {
      name: `Winter ${year}/${String((year + 1) % 100).padStart(2, '0')}`,
      startDate: `${year}-11-01`,
      endDate: `${year + 1}-03-31`,
      kind: 'winter' as const,
    },
  ];
}

export type SeasonKind = 'summer' | 'winter';

/**
 * Green fees per golfer per round, VAT inclusive, in pence. Demo figures: the Championship summer adult rate
 * follows the published visitor fee of about £321 (2024/25); the others are scaled to match.
 */
export const DEMO_GREEN_FEES: Record<number, Record<number, Record<SeasonKind, number>>> = {
  [COURSE_IDS.championship]: {
    [ADULT_PLAYER_TYPE_ID]: { summer: 32100, winter: 16500 },
    [CONCESSION_PLAYER_TYPE_ID]: { summer: 25700, winter: 13200 },
    [UNDER_16_PLAYER_TYPE_ID]: { summer: 16050, winter: 8250 },
  },
  [COURSE_IDS.burnside]: {
    [ADULT_PLAYER_TYPE_ID]: { summer: 9500, winter: 5500 },
    [CONCESSION_PLAYER_TYPE_ID]: { summer: 7600, winter: 4400 },
    [UNDER_16_PLAYER_TYPE_ID]: { summer: 4750, winter: 2750 },
  },
  [COURSE_IDS.buddonLinks]: {
    [ADULT_PLAYER_TYPE_ID]: { summer: 7900, winter: 4500 },
    [CONCESSION_PLAYER_TYPE_ID]: { summer: 6300, winter: 3600 },
    [UNDER_16_PLAYER_TYPE_ID]: { summer: 3950, winter: 2250 },
  },
};

/**
 * Combination packages: one round on each listed course within seven days, 1 April to 31 October. Demo figures,
 * each below the sum of its single rounds (the three-course ticket was £200 in 2016, before the Championship
 * fee rose to about £321).
 */
export const DEMO_COMBINATION_PACKAGES = [
  {
    code: 'championship-burnside',
    name: 'Championship & Burnside Combination',
    courseIds: [COURSE_IDS.championship, COURSE_IDS.burnside],
    prices: { [ADULT_PLAYER_TYPE_ID]: 37500, [UNDER_16_PLAYER_TYPE_ID]: 18750 },
  },
  {
    code: 'championship-buddon',
    name: 'Championship & Buddon Links Combination',
    courseIds: [COURSE_IDS.championship, COURSE_IDS.buddonLinks],
    prices: { [ADULT_PLAYER_TYPE_ID]: 36500, [UNDER_16_PLAYER_TYPE_ID]: 18250 },
  },
  {
    code: 'burnside-buddon',
    name: 'Burnside & Buddon Links Combination',
    courseIds: [COURSE_IDS.burnside, COURSE_IDS.buddonLinks],
    prices: { [ADULT_PLAYER_TYPE_ID]: 15500, [UNDER_16_PLAYER_TYPE_ID]: 7750 },
  },
  {
    code: 'three-course',
    name: 'Three Course Ticket',
    courseIds: [COURSE_IDS.championship, COURSE_IDS.burnside, COURSE_IDS.buddonLinks],
    prices: { [ADULT_PLAYER_TYPE_ID]: 43500, [UNDER_16_PLAYER_TYPE_ID]: 21750 },
  },
].map((pkg, index) => ({ ...pkg, sortOrder: index + 1 }));

/** Caddie fee per caddie per round, paid in cash (Scottish links typically £40-£70 plus a tip). Demo figures. */
export const DEMO_CADDIE_PRICES: Record<SeasonKind, number> = { summer: 6500, winter: 6000 };
