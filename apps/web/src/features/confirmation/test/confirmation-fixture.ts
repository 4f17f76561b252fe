import type { Confirmation, ConfirmationCourse } from '@links/shared/schemas/confirmation';

/** Server time of the fixtures: Saturday 21 November 2026, 10:00 UK (GMT). */
export const FIXTURE_NOW = Date.parse('2026-11-21T10:00:00Z');

export function fixtureCourse(overrides: Partial<ConfirmationCourse> = {}): ConfirmationCourse {
  return {
    id: 1,
    name: 'Championship Course',
    slug: 'championship',
    image: '/images/courses/championship.webp',
    tee_time: '2026-11-25T14:30:00.000Z',
    players: 2,
    caddies: 1,
    caddie_price: 7000,
    caddie_total: 7000,
    guide_url: 'https://www.carnoustiegolflinks.com/courses/championship/',
    caddies_editable: true,
    caddie_cutoff: '2026-11-24T14:30:00.000Z',
    ...overrides,
  };
}

export function fixtureConfirmation(overrides: Partial<Confirmation> = {}): Confirmation {
  return {
    booking_number: '260000123',
    status: 'confirmed',
    amount_paid: 32100,
    totals: { net: 26750, vat: 5350, payable: 32100, paid: 32100, due: 0 },
    golfer_count: 2,
    golfers: [
      { id: 1, player_type_id: 1, player_type: 'Adult', total: 21400 },
      { id: 2, player_type_id: 3, player_type: 'Under 16', total: 10700 },
    ],
    price_breakdown: [
      { player_type_id: 1, player_type: 'Adult', count: 1, total: 21400 },
      { player_type_id: 3, player_type: 'Under 16', count: 1, total: 10700 },
    ],
    subtotal: 26750,
    vat: 5350,
    total: 32100,
    courses: [
      fixtureCourse(),
      fixtureCourse({
        id: 2,
        name: 'Burnside Course',
        slug: 'burnside',
        image: '/images/courses/burnside.webp',
        tee_time: null,
        caddies: 0,
        caddie_total: 0,
        caddies_editable: false,
        caddie_cutoff: null,
        guide_url: 'https://www.carnoustiegolflinks.com/courses/burnside/',
      }),
    ],
    caddie_total: 7000,
    last_tee_time: '2026-11-25T14:30:00.000Z',
    has_played: false,
    lead_name: 'Ada Lovelace',
    payment_method: 'card',
    calendar_url: '/v1/bookings/260000123/calendar.ics',
    server_time: new Date(FIXTURE_NOW).toISOString(),
    ...overrides,
  };
}
