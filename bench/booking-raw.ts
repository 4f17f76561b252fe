/**
 * The baseline of the booking rows: the database work of one POST /v1/bookings run straight against the database,
 * without HTTP, Fastify, zod or pricing, in a Node process on the same driver the API server uses (PGlite on its data
 * directory, node-postgres with a pool of 10 like the server's). It sends the API's own statements (imported from
 * the repositories, rendered once; named prepared statements on PostgreSQL, as the server sends them) in the order of
 * the route (bookings.routes.ts, save-booking.ts): the per-address rate-limit hit (its own statement, committed
 * before the transaction), then in one transaction the per-address advisory lock, live holds of the address, slot row
 * lock, live players of the slot, then booking + round + golfers and the read-back of its times; a full slot rolls
 * back (the 409 of the API).
 *
 * Also checks the outcome: no slot may hold more than its capacity of live players (an oversell).
 *
 * The process stays up and takes one command per line on stdin, answering each with one JSON line on stdout, so the
 * bench can alternate its runs with the API server's in one measurement (on PostgreSQL; PGlite allows one process
 * per data directory, so there it runs once the server has stopped):
 *
 *   node --import tsx bench/booking-raw.ts '<json target>' '<connections>'
 *   target: { kind: 'pglite', dataDir } | { kind: 'postgres', url }
 *   commands: { op: 'run', run: { label, slotIds, amount, connections, golfers } } -> RawRunResult
 *             { op: 'verify' } -> OversellCheck       { op: 'settle' } -> {} (PostgreSQL: settleDatabase)
 * Run i books slotIds[floor(i / perSlot)] when slotIds has several entries (perSlot = 4 / golfers), else slotIds[0].
 * End of input closes the connection and ends the process.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { createInterface } from 'node:readline';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  listValues,
  runStatement,
  type StatementTx,
  statementTransaction,
} from '../apps/api/src/db/statements.ts';
import { rateLimitStatements, takeValues } from '../apps/api/src/lib/rate-limit/rate-limiter.ts';
import {
  bookingStatements,
  golferValues,
  roundValues,
} from '../apps/api/src/modules/bookings/bookings.repository.ts';
import { livePlayers } from '../apps/api/src/modules/tee-sheet/live-bookings.ts';
import { settleDatabase } from './lib/postgres.ts';

export type DatabaseTarget = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };
export type RawRun = {
  label: string;
  slotIds: number[];
  amount: number;
  connections: number;
  golfers: number;
};
export type RawCommand = { op: 'run'; run: RawRun } | { op: 'verify' } | { op: 'settle' };
export type RawRunResult = {
  label: string;
  amount: number;
  seconds: number;
  booked: number;
  full: number;
  errors: number;
  errorDetail: string;
  latenciesMs: number[];
  /** CPU time of this process (user + system) during the run. */
  cpuMs: number;
};
export type OversellCheck = { slotsOverCapacity: number; liveBookings: number; checkedSlots: number };

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;
type Connection = {
  /** The driver, bare: statements go through the API's runStatement and statementTransaction, nothing else. */
  driver: StatementTx;
  /** For the oversell check: plain text, object rows. */
  query: Query;
  close(): Promise<void>;
};

class SlotFull extends Error {}

// The live-booking condition of apps/api/src/modules/tee-sheet/live-bookings.ts (confirmed, or held until one minute
// after the hold ends), as drizzle renders it.
const LIVE = `("bookings"."status" = 'confirmed' or ("bookings"."status" = 'held' and "bookings"."hold_expires_at" + interval '60 seconds' > now()))`;

/** The route's defaults (BOOKING_RATE_LIMIT_WINDOW_SECONDS, RESERVATION_WINDOW_MS), as the bench's server runs. */
const RATE_LIMIT_WINDOW_SECONDS = 600;
const HOLD_SECONDS = 600;

/** One booking of `golfers` adults on `slotId`, with the statements and in the order of the API's route. */
export async function bookOnce(
  connection: Connection,
  slotId: number,
  golfers: number,
): Promise<'booked' | 'full'> {
  const clientKey = randomBytes(24).toString('base64url');
  const networkKey = randomBytes(24).toString('base64url');
  // A visitor of its own, as each of the API side's calls is (bench/lib/bookings.ts).
  const sessionKey = randomBytes(16).toString('base64url');
  const [limit] = await runStatement(
    connection.driver,
    rateLimitStatements.take,
    takeValues([
      {
        rule: { bucket: 'booking-create', max: 60, windowSeconds: RATE_LIMIT_WINDOW_SECONDS },
        key: clientKey,
      },
    ]),
  );
  if (limit?.[0] !== true) throw new Error('rate limited (cannot happen: one call per address)');
  try {
    await statementTransaction(connection.driver, async (tx) => {
      await runStatement(tx, bookingStatements.lockHolder, {
        firstKey: `holds-network:${networkKey}`,
        secondKey: `holds-session:${sessionKey}`,
      });
      const [holds] = await runStatement(tx, bookingStatements.countLiveHolds, {
        sessionKey,
        clientKey,
        networkKey,
      });
      // The session's, address's and network's caps (defaults 2, 12 and 24) and the challenge's threshold (a
      // quarter of each): one call per session, address and network never meets them.
      if (Number(holds?.[0] ?? 0) >= 1 || Number(holds?.[1] ?? 0) >= 3 || Number(holds?.[2] ?? 0) >= 6) {
        throw new Error('too many holds (cannot happen: one per session, address and network)');
      }
      const [slot] = await runStatement(tx, bookingStatements.lockSlots(1), listValues('slot', [slotId]));
      if (!slot) throw new Error(`slot ${slotId} does not exist`);
      const [taken] = await runStatement(tx, livePlayers(1), listValues('slot', [slotId]));
      const others = Number(taken?.[1] ?? 0);
      const courseId = slot[1] as number;
      const capacity = Number(slot[3]);
      // The shared slot rules that matter here: capacity, and an empty slot needs two golfers.
      if (others + golfers > capacity || (others === 0 && golfers < 2)) throw new SlotFull();
      const net = 15_000 * golfers;
      const [inserted] = await runStatement(tx, bookingStatements.insertHeldBooking(HOLD_SECONDS), {
        bookingNumber: String(randomInt(1_000_000_000, 9_999_999_999)),
        sessionKey,
        clientKey,
        networkKey,
        operatorId: null,
        notes: '',
        caddiesOption: null,
        net,
        vat: net / 5,
        payable: net + net / 5,
      });
      const bookingId = inserted?.[0] as number | undefined;
      if (bookingId === undefined) throw new Error('booking number clash');
      await runStatement(
        tx,
        bookingStatements.insertRounds(1),
        roundValues(bookingId, [{ courseId, slotId, players: golfers, caddies: 0 }]),
      );
      const tickets = [{ label: 'Green fee', course_ids: [courseId], price: 15_000 }];
      const priced = Array.from({ length: golfers }, (_, index) => ({
        position: index + 1,
        playerTypeId: 1,
        priced: {
          id: index + 1,
          net_price: 15_000,
          total_vat: 3_000,
          total_price: 18_000,
          tickets,
          ticket_label: 'Green fee',
        },
      }));
      await runStatement(tx, bookingStatements.insertGolfers(golfers), golferValues(bookingId, priced));
      await runStatement(tx, bookingStatements.readBookingTimes, { bookingId });
    });
    return 'booked';
  } catch (error) {
    if (error instanceof SlotFull) return 'full';
    throw error;
  }
}

export async function open(target: DatabaseTarget, connections: number): Promise<Connection> {
  if (target.kind === 'pglite') {
    // One process, one connection: PGlite serialises transactions itself, as it does for the API server.
    const client = await PGlite.create({ dataDir: target.dataDir });
    return {
      driver: { kind: 'pglite', client },
      query: (text) => client.query<Record<string, unknown>>(text),
      close: () => client.close(),
    };
  }
  const pool = new pg.Pool({ connectionString: target.url, max: connections });
  return {
    driver: { kind: 'postgres', client: pool },
    query: (text) => pool.query(text),
    close: () => pool.end(),
  };
}

async function run(connection: Connection, job: RawRun): Promise<RawRunResult> {
  const perSlot = Math.max(1, Math.floor(4 / job.golfers));
  const latenciesMs: number[] = [];
  const errors = new Map<string, number>();
  let next = 0;
  let booked = 0;
  let full = 0;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const worker = async () => {
    for (let index = next++; index < job.amount; index = next++) {
      const slotId =
        job.slotIds.length === 1
          ? job.slotIds[0]
          : job.slotIds[Math.floor(index / perSlot) % job.slotIds.length];
      const begin = performance.now();
      try {
        const outcome = await bookOnce(connection, slotId as number, job.golfers);
        latenciesMs.push(performance.now() - begin);
        if (outcome === 'booked') booked += 1;
        else full += 1;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        errors.set(message, (errors.get(message) ?? 0) + 1);
      }
    }
  };
  await Promise.all(Array.from({ length: job.connections }, worker));
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  return {
    cpuMs: (cpu.user + cpu.system) / 1000,
    label: job.label,
    amount: job.amount,
    seconds,
    booked,
    full,
    errors: [...errors.values()].reduce((sum, count) => sum + count, 0),
    errorDetail: [...errors].map(([message, count]) => `${count}x ${message}`).join('; '),
    latenciesMs,
  };
}

/** Slots whose live players exceed their capacity: must be none, whatever raced. */
export const OVERSELL_SQL = `select count(*)::integer as "over" from (
  select "booking_rounds"."slot_id", sum("booking_rounds"."players") as "players", min("tee_slots"."capacity") as "capacity"
  from "booking_rounds"
  inner join "bookings" on "bookings"."id" = "booking_rounds"."booking_id"
  inner join "tee_slots" on "tee_slots"."id" = "booking_rounds"."slot_id"
  where ${LIVE}
  group by "booking_rounds"."slot_id") as "per_slot"
  where "players" > "capacity"`;

async function verify(connection: Connection): Promise<OversellCheck> {
  const over = await connection.query(OVERSELL_SQL);
  const counts = await connection.query(
    `select count(distinct "bookings"."id")::integer as "bookings", count(distinct "booking_rounds"."slot_id")::integer as "slots" from "booking_rounds" inner join "bookings" on "bookings"."id" = "booking_rounds"."booking_id" where ${LIVE}`,
  );
  return {
    slotsOverCapacity: Number(over.rows[0]?.over ?? 0),
    liveBookings: Number(counts.rows[0]?.bookings ?? 0),
    checkedSlots: Number(counts.rows[0]?.slots ?? 0),
  };
}

async function answer(connection: Connection, target: DatabaseTarget, command: RawCommand): Promise<unknown> {
  switch (command.op) {
    case 'run':
      return run(connection, command.run);
    case 'verify':
      return verify(connection);
    case 'settle':
      if (target.kind === 'postgres') await settleDatabase(connection.query);
      return {};
  }
}

async function main(): Promise<void> {
  const target = JSON.parse(process.argv[2] ?? '{}') as DatabaseTarget;
  const connection = await open(target, Math.max(1, Number(process.argv[3] ?? 10)));
  try {
    // One command at a time: the next line is read only once the previous answer is written.
    for await (const line of createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY })) {
      if (line.trim() === '') continue;
      const result = await answer(connection, target, JSON.parse(line) as RawCommand);
      process.stdout.write(`${JSON.stringify(result)}\n`);
    }
  } finally {
    await connection.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  });
}
