import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { messagesOf } from '../test/issue-messages';
import { availabilityQuerySchema, availabilityResponseSchema } from './availability';
import { caddiePricesBodySchema, caddiePricesResponseSchema } from './caddie-prices';
import { courseParamsSchema } from './common';
import { coursesResponseSchema } from './courses';
import { diaryQuerySchema, diaryResponseSchema } from './diary';
import { API_ERROR_CODES, dataEnvelope, errorEnvelopeSchema } from './envelope';
import { playersQuerySchema } from './players';
import { ticketPricesBodySchema, ticketPricesResponseSchema } from './ticket-prices';

describe('course params', () => {
  it('takes a positive whole id from the path', () => {
    expect(courseParamsSchema.parse({ id: '4' })).toEqual({ id: 4 });
  });

  it.each(['0', '-1', '1.5', 'abc', '1e3', '0x10', ' 7', '', '9999999999999999'])('refuses %j', (id) => {
    expect(messagesOf(courseParamsSchema.safeParse({ id }))).toEqual([
      'The course id must be a positive whole number',
    ]);
  });
});

describe('diary query', () => {
  it('parses the query string of the spec', () => {
    expect(
      diaryQuerySchema.parse({
        start_date: '2026-07-14',
        slot_type: '1',
        filter_today: '1',
        current_booking_id: '12',
      }),
    ).toEqual({ start_date: '2026-07-14', slot_type: 1, filter_today: 1, current_booking_id: 12 });
  });

  it('defaults slot_type to 1 and filter_today to 0', () => {
    expect(diaryQuerySchema.parse({ start_date: '2026-07-14' })).toEqual({
      start_date: '2026-07-14',
      slot_type: 1,
      filter_today: 0,
    });
  });

  it('explains each bad value in a sentence', () => {
    expect(messagesOf(diaryQuerySchema.safeParse({ start_date: '2026-02-30' }))).toEqual([
      'start_date must be a real date in the form yyyy-MM-dd',
    ]);
    expect(messagesOf(diaryQuerySchema.safeParse({}))).toEqual([
      'start_date must be a real date in the form yyyy-MM-dd',
    ]);
    expect(messagesOf(diaryQuerySchema.safeParse({ start_date: '2026-07-14', slot_type: '2' }))).toEqual([
      'slot_type must be 1',
    ]);
    expect(messagesOf(diaryQuerySchema.safeParse({ start_date: '2026-07-14', filter_today: 'yes' }))).toEqual(
      ['filter_today must be 0 or 1'],
    );
    expect(
      messagesOf(diaryQuerySchema.safeParse({ start_date: '2026-07-14', current_booking_id: '0' })),
    ).toEqual(['current_booking_id must be a positive whole number']);
  });

  it('describes the diary answer', () => {
    const answer = {
      data: [
        { id: 1, slot_date_time: '2026-07-14T08:00:00.000Z', bookings: [{ booking_id: 3, players: 2 }] },
      ],
    };
    expect(diaryResponseSchema.parse(answer)).toEqual(answer);
    expect(
      diaryResponseSchema.safeParse({ data: [{ id: 1, slot_date_time: '14/07/2026', bookings: [] }] })
        .success,
    ).toBe(false);
  });
});

describe('availability', () => {
  it('takes a real month', () => {
    expect(availabilityQuerySchema.parse({ month: '2026-07' })).toEqual({ month: '2026-07' });
    expect(messagesOf(availabilityQuerySchema.safeParse({ month: '2026-13' }))).toEqual([
      'month must be a real month in the form yyyy-MM',
    ]);
    expect(messagesOf(availabilityQuerySchema.safeParse({ month: '2026-07-01' }))).toEqual([
      'month must be a real month in the form yyyy-MM',
    ]);
  });

  it('describes a month keyed by date with good, low or full', () => {
    expect(
      availabilityResponseSchema.safeParse({
        data: { '2026-07-01': { status: 'good' }, '2026-07-02': { status: 'full' } },
      }).success,
    ).toBe(true);
    expect(availabilityResponseSchema.safeParse({ data: { '2026-07-01': { status: 'busy' } } }).success).toBe(
      false,
    );
    expect(availabilityResponseSchema.safeParse({ data: { '2026-02-30': { status: 'low' } } }).success).toBe(
      false,
    );
  });
});

describe('players query', () => {
  it('reads a list of type ids, dropping duplicates', () => {
    expect(playersQuerySchema.parse({ types: '1,3' })).toEqual({ types: [1, 3] });
    expect(playersQuerySchema.parse({ types: '3,3,1' })).toEqual({ types: [3, 1] });
    expect(playersQuerySchema.parse({})).toEqual({});
  });

  it.each(['', '1,', 'a', '0', '1;3', '1,,3'])('refuses %j', (types) => {
    expect(messagesOf(playersQuerySchema.safeParse({ types }))).toEqual([
      'types must be a comma-separated list of player type ids, such as 1,3',
    ]);
  });
});

describe('ticket prices body', () => {
  const valid = {
    golfers: [
      { id: 1, playerTypeId: 1 },
      { id: 2, playerTypeId: 3 },
    ],
    courses: [
      { id: 1, teeTime: { date: '2026-07-14', time: '09:10' } },
      { id: 4, teeTime: { date: '2026-07-15' } },
    ],
  };

  it('accepts the payload of the spec and drops unknown fields', () => {
    expect(ticketPricesBodySchema.parse(valid)).toEqual({
      golfers: valid.golfers,
      courses: [
        { id: 1, teeTime: { date: '2026-07-14' } },
        { id: 4, teeTime: { date: '2026-07-15' } },
      ],
    });
  });

  it('refuses 0 or 5 golfers and duplicated golfers', () => {
    expect(messagesOf(ticketPricesBodySchema.safeParse({ ...valid, golfers: [] }))).toEqual([
      'Please add between 1 and 4 golfers.',
    ]);
    const five = [1, 2, 3, 4, 5].map((id) => ({ id, playerTypeId: 1 }));
    expect(messagesOf(ticketPricesBodySchema.safeParse({ ...valid, golfers: five }))).toEqual([
      'Please add between 1 and 4 golfers.',
    ]);
    const twice = [
      { id: 1, playerTypeId: 1 },
      { id: 1, playerTypeId: 1 },
    ];
    expect(messagesOf(ticketPricesBodySchema.safeParse({ ...valid, golfers: twice }))).toEqual([
      'Each golfer can only be listed once.',
    ]);
    expect(messagesOf(ticketPricesBodySchema.safeParse({ courses: valid.courses }))).toEqual([
      'Please add between 1 and 4 golfers.',
    ]);
  });

  it('refuses no courses, more than three and duplicated courses', () => {
    expect(messagesOf(ticketPricesBodySchema.safeParse({ ...valid, courses: [] }))).toEqual([
      'Please select at least one course.',
    ]);
    const four = [1, 2, 3, 4].map((id) => ({ id, teeTime: { date: '2026-07-14' } }));
    expect(messagesOf(ticketPricesBodySchema.safeParse({ ...valid, courses: four }))).toEqual([
      'You can book at most 3 courses.',
    ]);
    const twice = [
      { id: 2, teeTime: { date: '2026-07-14' } },
      { id: 2, teeTime: { date: '2026-07-15' } },
    ];
    expect(messagesOf(ticketPricesBodySchema.safeParse({ ...valid, courses: twice }))).toEqual([
      'Each course can only be booked once.',
    ]);
  });

  it('refuses bad ids and dates with sentences', () => {
    const result = ticketPricesBodySchema.safeParse({
      golfers: [{ id: 1.5, playerTypeId: 'adult' }],
      courses: [{ id: 1, teeTime: { date: '2026-02-30' } }, { id: 2 }],
    });
    expect(messagesOf(result)).toEqual([
      'Each golfer id must be a positive whole number',
      'Each golfer player type must be a positive whole number',
      'The tee time date must be a real date in the form yyyy-MM-dd',
      'Each course needs a teeTime with a date',
    ]);
  });

  it('describes the priced answer', () => {
    const answer = {
      data: {
        golfers: [
          {
            id: 1,
            net_price: 26750,
            total_vat: 5350,
            total_price: 32100,
            tickets: [{ label: 'Championship course', course_ids: [1], price: 32100 }],
            ticket_label: 'Championship course',
          },
        ],
        totals: { net: 26750, vat: 5350, payable: 32100 },
      },
    };
    expect(ticketPricesResponseSchema.parse(answer)).toEqual(answer);
  });
});

describe('caddie prices', () => {
  it('takes a start date and describes ranges', () => {
    expect(caddiePricesBodySchema.parse({ startDate: '2026-07-14' })).toEqual({ startDate: '2026-07-14' });
    expect(messagesOf(caddiePricesBodySchema.safeParse({ startDate: '14/07/2026' }))).toEqual([
      'startDate must be a real date in the form yyyy-MM-dd',
    ]);
    const answer = { data: [{ id: 1, start_date: '2026-04-01', end_date: '2026-10-31', price: 6000 }] };
    expect(caddiePricesResponseSchema.parse(answer)).toEqual(answer);
  });
});

describe('courses answer', () => {
  it('describes the course list', () => {
    const course = {
      id: 1,
      name: 'Championship course',
      slug: 'championship-course',
      image: '/images/courses/championship-course.jpg',
      course_completion_time: 4.5,
      closing_date: '2026-10-31',
    };
    expect(
      coursesResponseSchema.parse({ data: [course, { ...course, id: 2, closing_date: null }] }).data,
    ).toHaveLength(2);
    expect(
      coursesResponseSchema.safeParse({ data: [{ ...course, closing_date: '2026-02-30' }] }).success,
    ).toBe(false);
  });
});

describe('envelopes', () => {
  it('wraps data and describes errors', () => {
    expect(dataEnvelope(z.number()).parse({ data: 3 })).toEqual({ data: 3 });
    expect(dataEnvelope(z.number()).safeParse({ data: '3' }).success).toBe(false);
    const error = { error: { code: 'validation_failed', message: 'Please select at least one course.' } };
    expect(errorEnvelopeSchema.parse(error)).toEqual(error);
  });

  it('holds error codes to the one list both sides share', () => {
    const error = { error: { code: 'slot_taken', message: 'Gone.' } };
    expect(errorEnvelopeSchema.safeParse(error).success).toBe(false);
    expect(new Set(API_ERROR_CODES).size).toBe(API_ERROR_CODES.length);
  });
});
