import { describe, expect, it } from 'vitest';
import { initialBookingState } from '@/features/booking-flow/state/booking-state';
import { describeStart, groupBookingBody, groupBookingState, groupStarts } from './group-booking';
import { pricedGolfer } from './test/priced-golfer';

const slot = (id: number, time: string, taken: Array<[number, number]> = []) => ({
  id,
  slot_date_time: `2027-05-04T${time}:00.000Z`,
  bookings: taken.map(([booking_id, players]) => ({ booking_id, players })),
});
const NOW = new Date('2027-05-04T08:00:00Z');

describe('group starts', () => {
  it('offers a tee time only when the run after it has room for each share, in time order', () => {
    const day = [
      slot(3, '09:20'),
      slot(1, '09:00'),
      slot(2, '09:10', [[70, 2]]),
      slot(4, '09:30', [[71, 3]]),
    ];
    // Five golfers: 3 + 2. 09:00 + 09:10 (2 free) fits; 09:10 + 09:20 needs 3 at 09:10; 09:20 + 09:30 needs 2 at 09:30.
    const starts = groupStarts(day, 5, NOW);
    expect(starts.map((start) => start.slot.id)).toEqual([1]);
    expect(describeStart(starts[0]!)).toBe('10:00 and 10:10');
    // Nine golfers need three in a row with three places each: none here.
    expect(groupStarts(day, 9, NOW)).toEqual([]);
    // Its own hold's places are free to the group being changed.
    expect(groupStarts(day, 5, NOW, 70).map((start) => start.slot.id)).toEqual([1, 2]);
    // A run across a break in the sheet (09:30, then 10:40) is not consecutive.
    const broken = [slot(1, '09:20'), slot(2, '09:30'), slot(3, '10:40'), slot(4, '10:50')];
    expect(groupStarts(broken, 5, NOW).map((start) => start.slot.id)).toEqual([1, 3]);
    // Started tee times are not offered.
    expect(groupStarts(day, 5, new Date('2027-05-04T09:05:00Z')).map((start) => start.slot.id)).toEqual([]);
  });

  it('hands the held group to steps 2 and 3: its golfers at the server prices, every tee time for the summary', () => {
    const course = { id: 2, name: 'Burnside Course', course_completion_time: 4, closing_date: null };
    const request = {
      course,
      date: '2027-05-04',
      playerTypeIds: [1, 1, 1, 1, 3],
      firstSlotId: 1,
      caddies: 2,
      notes: 'Society day',
    };
    expect(groupBookingBody(request)).toEqual({
      courses: [{ id: 2, teeTime: { id: 1 }, caddies: 2 }],
      golfers: [1, 1, 1, 1, 3].map((playerTypeId, index) => ({ id: index + 1, playerTypeId })),
      notes: 'Society day',
      caddiesOption: 'some',
    });
    const priced = (id: number, playerTypeId: number, price: number) =>
      pricedGolfer({ id: 2, name: 'Burnside Course' }, id, playerTypeId, price);
    const state = groupBookingState(initialBookingState, request, {
      booking_id: 41,
      booking_number: '123456789',
      status: 'held',
      date_created: '2027-04-01T10:00:00.000Z',
      hold_expires_at: '2027-04-01T10:10:00.000Z',
      server_time: '2027-04-01T10:00:00.000Z',
      totals: { net: 0, vat: 0, payable: 4800, paid: 0, due: 4800 },
      // Four adults and a junior.
      golfers: [...[1, 2, 3, 4].map((id) => priced(id, 1, 1200)), priced(5, 3, 0)],
      courses: [
        { id: 2, name: 'Burnside Course', teeTime: { id: 1, time: '2027-05-04T09:00:00.000Z' }, caddies: 2 },
        { id: 2, name: 'Burnside Course', teeTime: { id: 2, time: '2027-05-04T09:10:00.000Z' }, caddies: 0 },
      ],
      notes: 'Society day',
    });
    expect(state.golfers).toHaveLength(5);
    expect(state.golfers[4]).toMatchObject({ id: 5, playerTypeId: 3, total_price: 0 });
    expect(state.courses).toEqual([
      expect.objectContaining({
        id: 2,
        playDate: '2027-05-04',
        teeTime: { id: 1, time: '2027-05-04T09:00:00.000Z', isValid: true },
        caddies: 2,
        groupTeeTimes: [
          { time: '2027-05-04T09:00:00.000Z', players: 3 },
          { time: '2027-05-04T09:10:00.000Z', players: 2 },
        ],
      }),
    ]);
    expect(state.booking).toMatchObject({
      id: 41,
      date_created: '2027-04-01T10:00:00.000Z',
      payment_intent: null,
    });
    expect(state.totals.payable).toBe(4800);
    expect(state.lastSaved.step1).toEqual({
      courses: state.courses,
      golfers: [1, 1, 1, 1, 3].map((playerTypeId, index) => ({ id: index + 1, playerTypeId })),
      notes: 'Society day',
    });
  });
});
