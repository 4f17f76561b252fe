import { COURSE_IDS, REQUESTED_PLAYER_TYPE_IDS } from '@links/shared/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingGolfers, bookings } from '../../db/schema/index.ts';
import { CONCESSION_PLAYER_TYPE_ID } from '../../seed/reference-data.ts';
import { NOW, THURSDAY } from '../../test/booking-week.ts';
import { errorEnvelope } from '../../test/hostile/hostile-helpers.ts';
import type { TestApp } from '../../test/test-app.ts';
import {
  bookingAppWithVisitor,
  bookingBody,
  patchBooking,
  postBooking,
  type Session,
} from '../bookings/booking-test-helpers.ts';
import { slotIdAt } from '../tee-sheet/tee-sheet-test-data.ts';

// Issue 20 §5: player type 2 is the staff concession. The public flow offers types 1 and 3 only (spec section 9), so
// the public API refuses any other type, for pricing, booking and changing a booking, on the golfer's own field.

const { burnside } = COURSE_IDS;
const [ADULT, UNDER_16] = REQUESTED_PLAYER_TYPE_IDS;
const CONCESSION = CONCESSION_PLAYER_TYPE_ID;
const NOT_OFFERED = 'Senior (65 and over) cannot be booked online. Please choose Adult or Under 16.';

let t: TestApp;
let session: Session;

beforeAll(async () => {
  ({ t, visitor: session } = await bookingAppWithVisitor(NOW));
});
afterAll(async () => t?.close());

const bookingCount = async () => (await t.database.db.select({ id: bookings.id }).from(bookings)).length;

function expectRefusedOnGolfer(response: { statusCode: number; body: string }, index: number) {
  expect(response.statusCode, response.body).toBe(400);
  expect(errorEnvelope(response.body)).toEqual({
    code: 'player_type_not_offered',
    message: NOT_OFFERED,
    fields: { [`golfers.${index}.playerTypeId`]: NOT_OFFERED },
  });
}

describe('player types the public may book', () => {
  it('are the shared set the booking flow loads: adult and under 16', () => {
    expect(REQUESTED_PLAYER_TYPE_IDS).toEqual([1, 3]);
    expect(REQUESTED_PLAYER_TYPE_IDS).not.toContain(CONCESSION);
  });

  it('POST /v1/tickets/prices prices types 1 and 3 and refuses the concession on its golfer', async () => {
    const prices = (playerTypeIds: number[]) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/tickets/prices',
        headers: session.headers,
        payload: {
          golfers: playerTypeIds.map((playerTypeId, index) => ({ id: index + 1, playerTypeId })),
          courses: [{ id: burnside, teeTime: { date: THURSDAY } }],
        },
      });
    expect((await prices([ADULT!, UNDER_16!])).statusCode).toBe(200);
    expectRefusedOnGolfer(await prices([ADULT!, CONCESSION]), 1);
  });

  it('POST /v1/bookings refuses the concession and holds nothing', async () => {
    const slotId = await slotIdAt(t.database.db, burnside, THURSDAY, '10:00');
    const before = await bookingCount();
    expectRefusedOnGolfer(
      await postBooking(t.app, session, bookingBody([{ id: burnside, slotId }], [CONCESSION, ADULT!])),
      0,
    );
    expect(await bookingCount()).toBe(before);
  });

  it('PATCH /v1/bookings/:id refuses a change to the concession and keeps the golfers as they were', async () => {
    const slotId = await slotIdAt(t.database.db, burnside, THURSDAY, '10:10');
    const created = await postBooking(
      t.app,
      session,
      bookingBody([{ id: burnside, slotId }], [ADULT!, UNDER_16!]),
    );
    expect(created.statusCode, created.body).toBe(200);
    const { booking_id, totals } = created.json().data as { booking_id: number; totals: { payable: number } };

    expectRefusedOnGolfer(
      await patchBooking(
        t.app,
        session,
        booking_id,
        bookingBody([{ id: burnside, slotId }], [ADULT!, CONCESSION]),
      ),
      1,
    );
    const golfers = await t.database.db
      .select({ playerTypeId: bookingGolfers.playerTypeId })
      .from(bookingGolfers)
      .where(eq(bookingGolfers.bookingId, booking_id));
    expect(golfers.map((golfer) => golfer.playerTypeId).sort()).toEqual([ADULT, UNDER_16]);
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, booking_id));
    expect(row?.payablePence).toBe(totals.payable);
  });
});
