/**
 * The baseline of the booking rows: the booking engine's transaction run straight against the database, without
 * HTTP, Fastify, zod, drizzle or pricing, in a Node process on the same driver the API server uses (PGlite on its
 * data directory, node-postgres with a pool of 10 like the server's). Same statements in the same order as
 * `createBooking` (apps/api/src/modules/bookings/save-booking.ts + bookings.repository.ts): per-address advisory
 * lock, live holds of the address, slot row lock, live players of the slot, then booking + round + golfers (a new
 * booking has no rows to replace, so no deletes) and the read-back of its times; a full slot rolls back (the 409 of
 * the API).
 *
 * Also checks the outcome: no slot may hold more than its capacity of live players (an oversell).
 *
 *   node --import tsx bench/booking-raw.ts '<json job>'   (prints one JSON line)
 *   job: { database: { kind: 'pglite', dataDir } | { kind: 'postgres', url },
 *          runs: [{ label, slotIds, amount, connections, golfers }], verify: true }
 * Run i books slotIds[floor(i / perSlot)] when slotIds has several entries (perSlot = 4 / golfers), else slotIds[0].
 */
import { randomBytes, randomInt } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

type DatabaseTarget = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };
export type RawRun = {
  label: string;
  slotIds: number[];
  amount: number;
  connections: number;
  golfers: number;
};
export type RawJob = { database: DatabaseTarget; runs: RawRun[]; verify: boolean };
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
export type RawJobResult = { runs: RawRunResult[]; before?: OversellCheck; after?: OversellCheck };

type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
type Connection = { transaction<T>(work: (query: Query) => Promise<T>): Promise<T>; close(): Promise<void> };

class SlotFull extends Error {}

// The live-booking condition of apps/api/src/modules/diary/live-bookings.ts (confirmed, or held until one minute
// after the hold ends), as drizzle renders it.
const LIVE = `("bookings"."status" = 'confirmed' or ("bookings"."status" = 'held' and "bookings"."hold_expires_at" + interval '60 seconds' > now()))`;

const SQL = {
  lockClient: 'select pg_advisory_xact_lock(hashtextextended($1, 0))',
  liveHolds: `select count(*)::integer as "count" from "bookings" where ("bookings"."client_key" = $1 and "bookings"."status" = 'held' and ${LIVE})`,
  lockSlots: `select "id", "course_id", "starts_at", "capacity", not not exists (
  select 1 from "blocked_periods"
  where "blocked_periods"."course_id" = "tee_slots"."course_id"
    and "blocked_periods"."starts_at" <= "tee_slots"."starts_at"
    and "blocked_periods"."ends_at" > "tee_slots"."starts_at") as "blocked" from "tee_slots" where "tee_slots"."id" in ($1) order by "tee_slots"."id" asc for update`,
  livePlayers: `select "booking_rounds"."slot_id", sum("booking_rounds"."players")::integer from "booking_rounds" inner join "bookings" on "bookings"."id" = "booking_rounds"."booking_id" where ("booking_rounds"."slot_id" in ($1) and ${LIVE}) group by "booking_rounds"."slot_id"`,
  insertBooking: `insert into "bookings" ("id", "booking_number", "status", "hold_expires_at", "created_at", "updated_at", "session_key", "client_key", "notes", "caddies_option", "net_pence", "vat_pence", "payable_pence", "paid_pence") values (default, $1, $2, now() + interval '600 seconds', now(), now(), $3, $4, $5, $6, $7, $8, $9, $10) on conflict ("booking_number") do nothing returning "id", "booking_number"`,
  insertRound: `insert into "booking_rounds" ("id", "booking_id", "course_id", "slot_id", "players", "caddies") values (default, $1, $2, $3, $4, $5)`,
  readTimes: `select "status", "booking_number", "created_at", "hold_expires_at", clock_timestamp() from "bookings" where "bookings"."id" = $1`,
};

function insertGolfersSql(count: number): string {
  const rows = Array.from({ length: count }, (_, index) => {
    const base = index * 8;
    return `($${base + 1}, $${base + 2}, $${base + 3}, $${base + 4}, $${base + 5}, $${base + 6}, $${base + 7}, $${base + 8})`;
  });
  return `insert into "booking_golfers" ("booking_id", "position", "player_type_id", "net_pence", "vat_pence", "total_pence", "tickets", "ticket_label") values ${rows.join(', ')}`;
}

const sessionKey = randomBytes(16).toString('base64url');

/** One booking of `golfers` adults on `slotId`, as the API's createBooking does it. */
export async function bookOnce(
  connection: Connection,
  slotId: number,
  golfers: number,
): Promise<'booked' | 'full'> {
  const clientKey = randomBytes(24).toString('base64url');
  try {
    await connection.transaction(async (query) => {
      await query(SQL.lockClient, [`booking-client:${clientKey}`]);
      const holds = await query(SQL.liveHolds, [clientKey]);
      if (Number(holds.rows[0]?.count ?? 0) >= 3)
        throw new Error('too many holds (cannot happen: one per address)');
      const slots = await query(SQL.lockSlots, [slotId]);
      const slot = slots.rows[0];
      if (!slot) throw new Error(`slot ${slotId} does not exist`);
      const taken = await query(SQL.livePlayers, [slotId]);
      const others = Number(taken.rows[0]?.sum ?? 0);
      const capacity = Number(slot.capacity);
      // The shared slot rules that matter here: capacity, and an empty slot needs two golfers.
      if (others + golfers > capacity || (others === 0 && golfers < 2)) throw new SlotFull();
      const net = 15_000 * golfers;
      const inserted = await query(SQL.insertBooking, [
        String(randomInt(1_000_000_000, 9_999_999_999)),
        'held',
        sessionKey,
        clientKey,
        '',
        null,
        net,
        net / 5,
        net + net / 5,
        0,
      ]);
      const bookingId = inserted.rows[0]?.id;
      if (bookingId === undefined) throw new Error('booking number clash');
      await query(SQL.insertRound, [bookingId, slot.course_id, slotId, golfers, 0]);
      const tickets = JSON.stringify([{ label: 'Green fee', course_ids: [slot.course_id], price: 15_000 }]);
      const params: unknown[] = [];
      for (let position = 1; position <= golfers; position += 1) {
        params.push(bookingId, position, 1, 15_000, 3_000, 18_000, tickets, 'Green fee');
      }
      await query(insertGolfersSql(golfers), params);
      await query(SQL.readTimes, [bookingId]);
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
      transaction: (work) =>
        client.transaction((tx) =>
          work((text, params) => tx.query<Record<string, unknown>>(text, params).then((r) => r)),
        ),
      close: () => client.close(),
    };
  }
  const pool = new pg.Pool({ connectionString: target.url, max: connections });
  return {
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work((text, params) => client.query(text, params));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
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
  return connection.transaction(async (query) => {
    const over = await query(OVERSELL_SQL);
    const counts = await query(
      `select count(distinct "bookings"."id")::integer as "bookings", count(distinct "booking_rounds"."slot_id")::integer as "slots" from "booking_rounds" inner join "bookings" on "bookings"."id" = "booking_rounds"."booking_id" where ${LIVE}`,
    );
    return {
      slotsOverCapacity: Number(over.rows[0]?.over ?? 0),
      liveBookings: Number(counts.rows[0]?.bookings ?? 0),
      checkedSlots: Number(counts.rows[0]?.slots ?? 0),
    };
  });
}

async function main(): Promise<void> {
  const job = JSON.parse(process.argv[2] ?? '{}') as RawJob;
  const connections = Math.max(1, ...job.runs.map((one) => one.connections));
  const connection = await open(job.database, connections);
  try {
    const result: RawJobResult = { runs: [] };
    if (job.verify) result.before = await verify(connection);
    for (const one of job.runs) result.runs.push(await run(connection, one));
    if (job.verify) result.after = await verify(connection);
    process.stdout.write(`${JSON.stringify(result)}\n`);
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
