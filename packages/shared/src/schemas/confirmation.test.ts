import { describe, expect, it } from 'vitest';
import { messagesOf } from '../test/issue-messages';
import {
  type Confirmation,
  confirmationResponseSchema,
  CONFIRMATION_MESSAGES as M,
  pinAccessBodySchema,
  updateCaddiesBodySchema,
} from './confirmation';

describe('pinAccessBodySchema', () => {
  it('accepts a booking number and a PIN, trimmed', () => {
    expect(pinAccessBodySchema.parse({ booking_id: ' 48213377 ', pin: ' 012345 ' })).toEqual({
      booking_id: '48213377',
      pin: '012345',
    });
  });

  it('words the empty fields as the spec does', () => {
    const result = pinAccessBodySchema.safeParse({ booking_id: '', pin: '' });
    expect(messagesOf(result)).toEqual([M.bookingNumberRequired, M.pinRequired]);
    expect(messagesOf(pinAccessBodySchema.safeParse({}))).toEqual([M.bookingNumberRequired, M.pinRequired]);
  });

  it('refuses letters and booking numbers over 24 digits', () => {
    expect(pinAccessBodySchema.safeParse({ booking_id: '12a4', pin: '1' }).success).toBe(false);
    expect(pinAccessBodySchema.safeParse({ booking_id: '1'.repeat(25), pin: '1' }).success).toBe(false);
    expect(pinAccessBodySchema.safeParse({ booking_id: '1'.repeat(24), pin: '1' }).success).toBe(true);
  });
});

describe('updateCaddiesBodySchema', () => {
  it('accepts 0..4 caddies per distinct course', () => {
    const body = {
      booking_id: '48213377',
      courses: [
        { id: 1, caddies: 0 },
        { id: 2, caddies: 4 },
      ],
    };
    expect(updateCaddiesBodySchema.parse(body)).toEqual(body);
  });

  it('refuses negative, fractional or over-4 counts, repeated courses and an empty list', () => {
    const bad = [
      { booking_id: '1', courses: [{ id: 1, caddies: -1 }] },
      { booking_id: '1', courses: [{ id: 1, caddies: 1.5 }] },
      { booking_id: '1', courses: [{ id: 1, caddies: 5 }] },
      {
        booking_id: '1',
        courses: [
          { id: 1, caddies: 1 },
          { id: 1, caddies: 2 },
        ],
      },
      { booking_id: '1', courses: [] },
      { booking_id: 'x', courses: [{ id: 1, caddies: 1 }] },
    ];
    for (const body of bad) expect(updateCaddiesBodySchema.safeParse(body).success).toBe(false);
  });
});

describe('confirmationResponseSchema', () => {
  it('describes the page payload', () => {
    const data: Confirmation = {
      booking_number: '48213377',
      status: 'confirmed',
      amount_paid: 32100,
      totals: { net: 26750, vat: 5350, payable: 32100, paid: 32100, due: 0 },
      golfer_count: 1,
      golfers: [{ id: 1, player_type_id: 1, player_type: 'Adult', total: 32100 }],
      price_breakdown: [{ player_type_id: 1, player_type: 'Adult', count: 1, total: 32100 }],
      subtotal: 26750,
      vat: 5350,
      total: 32100,
      courses: [
        {
          id: 1,
          name: 'Championship Course',
          slug: 'championship-course',
          image: '/images/courses/championship-course.webp',
          tee_time: '2026-05-04T13:30:00.000Z',
          players: 1,
          caddies: 1,
          caddie_price: 7000,
          caddie_total: 7000,
          guide_url: 'https://www.carnoustiegolflinks.com/courses/championship/',
          caddies_editable: true,
          caddie_cutoff: '2026-05-03T13:30:00.000Z',
        },
      ],
      caddie_total: 7000,
      last_tee_time: '2026-05-04T13:30:00.000Z',
      has_played: false,
      lead_name: 'Ada Lovelace',
      payment_method: 'card',
      balance_due_at: null,
      calendar_url: '/v1/bookings/48213377/calendar.ics',
      server_time: '2026-04-01T10:00:00.000Z',
    };
    expect(confirmationResponseSchema.parse({ data })).toEqual({ data });
  });
});
