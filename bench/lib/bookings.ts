import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { DatabaseTarget, OversellCheck, RawCommand, RawRun, RawRunResult } from '../booking-raw.ts';
import { type HttpCall, runHttpCalls } from './http-calls.ts';
import { sliceTiming } from './load.ts';
import type { HttpProbe } from './routes.ts';
import { londonDay } from './routes.ts';

export type PoolSlot = { courseId: number; slotId: number };

const COURSES = [1, 2, 4];

function addDays(date: string, days: number): string {
  const next = new Date(`${date}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

/**
 * Empty bookable slots from tomorrow on, read through the public diary (so only slots the API would offer: not
 * blocked, not past, before each course's closing date), courses interleaved day by day.
 */
export async function collectEmptySlots(probe: HttpProbe, count: number): Promise<PoolSlot[]> {
  const found: PoolSlot[] = [];
  const today = londonDay(new Date());
  for (let day = 1; day <= 400 && found.length < count; day += 1) {
    const date = addDays(today, day);
    for (const courseId of COURSES) {
      const answer = await probe(`/v1/courses/${courseId}/diary?start_date=${date}&slot_type=1`);
      if (answer.status !== 200) continue;
      const slots = (answer.body as { data?: Array<{ id: number; bookings: unknown[] }> }).data ?? [];
      for (const slot of slots) if (slot.bookings.length === 0) found.push({ courseId, slotId: slot.id });
    }
  }
  return found.slice(0, count);
}

/** A browser session for a booking call: GET /csrf once, then its cookies and the XSRF token on the call. */
export async function openSession(
  appUrl: string,
  headers: Record<string, string>,
): Promise<Record<string, string>> {
  const response = await fetch(`${appUrl}/csrf`, { headers });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`GET /csrf answered ${response.status}`);
  const cookies = response.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');
  const xsrf = cookies.find((cookie) => cookie.startsWith('XSRF-TOKEN='));
  if (!xsrf) throw new Error('GET /csrf set no XSRF-TOKEN cookie');
  return {
    ...headers,
    cookie: cookies.join('; '),
    'x-xsrf-token': decodeURIComponent(xsrf.slice('XSRF-TOKEN='.length)),
    'content-type': 'application/json',
  };
}

/** `count` browser sessions (GET /csrf each, `connections` at a time), opened before a run's clock starts. */
export async function openSessions(
  appUrl: string,
  headers: Record<string, string>,
  count: number,
  connections: number,
): Promise<Array<Record<string, string>>> {
  const sessions: Array<Record<string, string>> = [];
  const worker = async () => {
    while (sessions.length < count) {
      sessions.push({});
      const index = sessions.length - 1;
      sessions[index] = await openSession(appUrl, headers);
    }
  };
  await Promise.all(Array.from({ length: Math.min(connections, count) }, worker));
  return sessions;
}

export type BookingFigures = {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  seconds: number;
  booked: number;
  full: number;
  failures: number;
  failureDetail: string;
  /** CPU time per call of the process doing the work (the API server, or the raw SQL process). */
  cpuMsPerCall?: number;
  /** API side: CPU time per call of the bench process sending the calls (it shares the machine's cores). */
  clientCpuMsPerCall?: number;
};

/** The `index`-th of `count` near-equal consecutive parts of `items` (the last may be shorter, or empty). */
export function sliceOf<T>(items: T[], index: number, count: number): T[] {
  const size = Math.ceil(items.length / count);
  return items.slice(index * size, (index + 1) * size);
}

/** One measured run of either side (or one slice of it), before the slices of a row are summed into figures. */
export type BookingSample = {
  seconds: number;
  /** Every expected answer's latency (API: 200 and 409; raw: booked and full), in milliseconds. */
  latenciesMs: number[];
  booked: number;
  full: number;
  failures: number;
  failureDetail: string;
  /** CPU time of the process doing the work during the run, when it could be read. */
  cpuMs?: number;
  /** API side: CPU time of the bench process sending the calls. */
  clientCpuMs?: number;
};

/** The figures of a row from its slices: calls and seconds summed, percentiles over every latency of every slice. */
export function bookingFigures(samples: BookingSample[]): BookingFigures {
  const sum = (pick: (sample: BookingSample) => number) =>
    samples.reduce((total, sample) => total + pick(sample), 0);
  const booked = sum((sample) => sample.booked);
  const full = sum((sample) => sample.full);
  const failures = sum((sample) => sample.failures);
  const requests = booked + full + failures;
  const perCall = (pick: (sample: BookingSample) => number | undefined) =>
    requests > 0 && samples.every((sample) => pick(sample) !== undefined)
      ? sum((sample) => pick(sample) ?? 0) / requests
      : undefined;
  const cpuMsPerCall = perCall((sample) => sample.cpuMs);
  const clientCpuMsPerCall = perCall((sample) => sample.clientCpuMs);
  return {
    ...sliceTiming(
      requests,
      sum((sample) => sample.seconds),
      samples.map((sample) => sample.latenciesMs),
    ),
    booked,
    full,
    failures,
    failureDetail: samples
      .map((sample) => sample.failureDetail)
      .filter((detail) => detail !== '')
      .join('; '),
    ...(cpuMsPerCall === undefined ? {} : { cpuMsPerCall }),
    ...(clientCpuMsPerCall === undefined ? {} : { clientCpuMsPerCall }),
  };
}

// Each booking comes from its own client address and network (X-Forwarded-For, honoured with TRUST_PROXY=1), as many
// visitors booking at once do: the per-address and per-network hold limits and the booking rate limit stay on and are
// checked on every call. Each call's /24 is its own (65,536 of them before one repeats).
let addressCounter = 0;
function nextAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 8) & 255}.${addressCounter & 255}.1`;
}

/**
 * POST /v1/bookings `amount` times over `connections` keep-alive connections, each call a visitor of its own (its
 * own browser session, opened before the clock starts, and its own address and network): with one slot every call races for it;
 * with several, call i books slot floor(i / perSlot) so each slot is filled exactly (2 golfers: two bookings).
 * 200 (booked) and 409 (lost the race, slot full) are the expected answers; anything else is a failure. The calls are
 * rendered before the run starts and sent by the lean client of http-calls.ts, timed from the first call sent to the
 * last answer, as bench/booking-raw.ts times its side.
 */
export async function httpBookingRun(options: {
  appUrl: string;
  headers: Record<string, string>;
  slots: PoolSlot[];
  amount: number;
  connections: number;
  golfers: number;
}): Promise<BookingSample> {
  const perSlot = Math.max(1, Math.floor(4 / options.golfers));
  const golfers = Array.from({ length: options.golfers }, (_, index) => ({ id: index + 1, playerTypeId: 1 }));
  const sessions = await openSessions(options.appUrl, options.headers, options.amount, options.connections);
  const calls: HttpCall[] = Array.from({ length: options.amount }, (_, index) => {
    const slot =
      options.slots.length === 1
        ? options.slots[0]
        : options.slots[Math.floor(index / perSlot) % options.slots.length];
    return {
      method: 'POST',
      path: '/v1/bookings',
      headers: { ...sessions[index], 'x-forwarded-for': nextAddress() },
      body: JSON.stringify({
        courses: [{ id: slot?.courseId, teeTime: { id: slot?.slotId }, caddies: 0 }],
        golfers,
        notes: '',
      }),
    };
  });
  const { latenciesMs, seconds } = await runHttpCalls(options.appUrl, calls, options.connections);
  const answered = (status: number) => latenciesMs.get(status) ?? [];
  const other = [...latenciesMs]
    .filter(([status]) => status !== 200 && status !== 409)
    .map(([status, latencies]) => [status, latencies.length] as const);
  return {
    seconds,
    latenciesMs: [...answered(200), ...answered(409)],
    booked: answered(200).length,
    full: answered(409).length,
    failures: other.reduce((sum, [, count]) => sum + count, 0),
    failureDetail: other.map(([status, count]) => `${count}x HTTP ${status}`).join(', '),
  };
}

export function rawSample(run: RawRunResult): BookingSample {
  return {
    seconds: run.seconds,
    latenciesMs: run.latenciesMs,
    booked: run.booked,
    full: run.full,
    failures: run.errors,
    failureDetail: run.errorDetail,
    cpuMs: run.cpuMs,
  };
}

/** The raw SQL side, running in a Node process of its own that takes one command at a time. */
export type RawBookingProcess = {
  run(run: RawRun): Promise<RawRunResult>;
  verify(): Promise<OversellCheck>;
  /** PostgreSQL: settleDatabase over the process's own connection; PGlite: nothing. */
  settle(): Promise<void>;
  /** Ends its input and waits for it to close its connection and exit. */
  close(): Promise<void>;
};

/**
 * Starts bench/booking-raw.ts on `target` (the API server's process type and driver, a pool of `connections` on
 * PostgreSQL). It stays up between commands, so on PostgreSQL its runs can alternate with the API server's.
 */
export function startRawBookings(
  root: string,
  target: DatabaseTarget,
  connections: number,
  env: NodeJS.ProcessEnv,
): RawBookingProcess {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'bench/booking-raw.ts'), JSON.stringify(target), String(connections)],
    { cwd: root, env, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const waiting: Array<{ resolve(line: string): void; reject(error: Error): void }> = [];
  let ended: Error | undefined;
  const exited = new Promise<number | string | null>((resolve) => {
    child.once('exit', (code, signal) => {
      ended = new Error(`bench/booking-raw.ts exited (${signal ?? code}) with a command unanswered`);
      for (const pending of waiting.splice(0)) pending.reject(ended);
      resolve(signal ?? code);
    });
  });
  child.once('error', (error) => {
    ended = error;
    for (const pending of waiting.splice(0)) pending.reject(error);
  });
  createInterface({ input: child.stdout }).on('line', (line) => waiting.shift()?.resolve(line));
  const ask = <T>(command: RawCommand): Promise<T> => {
    if (ended) return Promise.reject(ended);
    return new Promise<string>((resolve, reject) => {
      waiting.push({ resolve, reject });
      child.stdin.write(`${JSON.stringify(command)}\n`);
    }).then((line) => JSON.parse(line) as T);
  };
  return {
    run: (run) => ask<RawRunResult>({ op: 'run', run }),
    verify: () => ask<OversellCheck>({ op: 'verify' }),
    settle: async () => {
      await ask<unknown>({ op: 'settle' });
    },
    close: async () => {
      child.stdin.end();
      const status = await exited;
      if (status !== 0) throw new Error(`bench/booking-raw.ts exited with ${status}`);
    },
  };
}
