import { COURSE_IDS } from '@links/shared/constants';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOW } from '../../test/booking-week.ts';
import { withCsrf } from '../../test/test-app.ts';
import { testDbKind } from '../../test/test-database.ts';
import { livePlayersBySlot } from '../tee-sheet/live-bookings.ts';
import { insertBooking, slotIdAt } from '../tee-sheet/tee-sheet-test-data.ts';
import {
  bookingBody,
  createBookingApp,
  postBooking,
  type Session,
  twoInstancesOnOneDatabase,
} from './booking-test-helpers.ts';

// THE race: 50 parallel requests of 1 to 4 golfers for the last places of one slot. Never more than the slot's
// capacity may end up live, nobody may get a 5xx, and every loser gets 409 slot_full. On PostgreSQL the requests
// run on real parallel connections, on one app and split over two apps with their own pools (two API processes
// sharing one database); on PGlite (one connection) they serialise, and the invariant must hold all the same.

const { burnside } = COURSE_IDS;
const REQUESTS = 50;
/** Issue 8: the last places raced by 100 parallel requests across two API instances on PostgreSQL. */
const REQUESTS_ACROSS_INSTANCES = 100;

type Outcome = { status: number; code?: string; players: number };

async function race(
  apps: FastifyInstance[],
  sessions: Session[],
  slotId: number,
  requests = REQUESTS,
): Promise<Outcome[]> {
  return Promise.all(
    Array.from({ length: requests }, async (_, index) => {
      const players = (index % 4) + 1;
      const app = apps[index % apps.length]!;
      const response = await postBooking(
        app,
        sessions[index % sessions.length]!,
        bookingBody(
          [{ id: burnside, slotId }],
          Array.from({ length: players }, () => 1),
        ),
      );
      return { status: response.statusCode, code: response.json().error?.code, players };
    }),
  );
}

function expectNoOversell(outcomes: Outcome[], alreadyTaken: number, live: number) {
  const won = outcomes.filter((outcome) => outcome.status === 200);
  const lost = outcomes.filter((outcome) => outcome.status !== 200);
  expect(outcomes.filter((outcome) => outcome.status >= 500)).toEqual([]);
  expect(lost.every((outcome) => outcome.status === 409 && outcome.code === 'slot_full')).toBe(true);
  expect(won.length).toBeGreaterThan(0);
  const wonPlayers = won.reduce((sum, outcome) => sum + outcome.players, 0);
  expect(alreadyTaken + wonPlayers).toBe(live);
  expect(live).toBeLessThanOrEqual(4);
  console.info(
    `race: ${won.length} won (${wonPlayers} players), ${lost.length} lost 409, ${live} players live in the slot`,
  );
}

describe('50 parallel bookings for the last places of one slot, one app', () => {
  let t: Awaited<ReturnType<typeof createBookingApp>>;
  beforeAll(async () => {
    t = await createBookingApp(NOW);
  });
  afterAll(async () => t?.close());

  it('never puts more than 4 players in the slot; losers get 409 slot_full', async () => {
    const slotId = await slotIdAt(t.database.db, burnside, '2026-03-26', '10:00');
    await insertBooking(t.database.db, {
      status: 'confirmed',
      rounds: [{ courseId: burnside, slotId, players: 1 }],
    });
    const sessions = await Promise.all(Array.from({ length: 5 }, () => withCsrf(t.app)));
    const outcomes = await race([t.app], sessions, slotId);
    const live = (await livePlayersBySlot(t.database.db, [slotId])).get(slotId) ?? 0;
    expectNoOversell(outcomes, 1, live);
    expect(live).toBe(4);
  });
});

// Two instances on one database need PostgreSQL (PGlite is one process), so this suite is registered only there; the
// PostgreSQL stage of `npm test` always runs it.
if (testDbKind() === 'postgres') {
  describe('100 parallel bookings over two app instances on two pools (PostgreSQL)', () => {
    const { apps, databases } = twoInstancesOnOneDatabase('links_race', NOW, 10);

    it('never oversells across instances, for several slots in a row', async () => {
      const db = databases[0]!.db;
      const sessions = await Promise.all(apps.map((app) => withCsrf(app)));
      for (const [time, taken] of [
        ['11:00', 0],
        ['11:10', 2],
        ['11:20', 3],
      ] as const) {
        const slotId = await slotIdAt(db, burnside, '2026-03-26', time);
        if (taken > 0) {
          await insertBooking(db, {
            status: 'confirmed',
            rounds: [{ courseId: burnside, slotId, players: taken }],
          });
        }
        // A session cookie is valid on both instances: they share the session secret, as deployed instances do.
        const outcomes = await race(apps, [sessions[0]!, sessions[1]!], slotId, REQUESTS_ACROSS_INSTANCES);
        const live = (await livePlayersBySlot(db, [slotId])).get(slotId) ?? 0;
        expectNoOversell(outcomes, taken, live);
      }
    });
  });
}
