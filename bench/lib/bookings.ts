import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { RawJob, RawJobResult, RawRunResult } from '../booking-raw.ts';
import { type HttpCall, runHttpCalls } from './http-calls.ts';
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

/** A browser session for the booking calls: GET /csrf once, then its cookies and the XSRF token on every call. */
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

function percentile(values: number[], fraction: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? Number.NaN
  );
}

// Each booking comes from its own client address (X-Forwarded-For, honoured with TRUST_PROXY=on), as many visitors
// booking at once do: the per-address live-hold limit and booking rate limit stay on and are checked on every call.
let addressCounter = 0;
function nextAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/**
 * POST /v1/bookings `amount` times over `connections` keep-alive connections: with one slot every call races for it;
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
}): Promise<BookingFigures> {
  const perSlot = Math.max(1, Math.floor(4 / options.golfers));
  const golfers = Array.from({ length: options.golfers }, (_, index) => ({ id: index + 1, playerTypeId: 1 }));
  const calls: HttpCall[] = Array.from({ length: options.amount }, (_, index) => {
    const slot =
      options.slots.length === 1
        ? options.slots[0]
        : options.slots[Math.floor(index / perSlot) % options.slots.length];
    return {
      method: 'POST',
      path: '/v1/bookings',
      headers: { ...options.headers, 'x-forwarded-for': nextAddress() },
      body: JSON.stringify({
        courses: [{ id: slot?.courseId, teeTime: { id: slot?.slotId }, caddies: 0 }],
        golfers,
        notes: '',
      }),
    };
  });
  const { latenciesMs, seconds } = await runHttpCalls(options.appUrl, calls, options.connections);
  const answered = (status: number) => latenciesMs.get(status) ?? [];
  const booked = answered(200).length;
  const full = answered(409).length;
  const other = [...latenciesMs]
    .filter(([status]) => status !== 200 && status !== 409)
    .map(([status, latencies]) => [status, latencies.length] as const);
  const requests = [...latenciesMs.values()].reduce((sum, latencies) => sum + latencies.length, 0);
  const expected = [...answered(200), ...answered(409)];
  return {
    requestsPerSecond: seconds > 0 ? requests / seconds : 0,
    p50Ms: percentile(expected, 0.5),
    p99Ms: percentile(expected, 0.99),
    requests,
    seconds,
    booked,
    full,
    failures: other.reduce((sum, [, count]) => sum + count, 0),
    failureDetail: other.map(([status, count]) => `${count}x HTTP ${status}`).join(', '),
  };
}

export function rawFigures(run: RawRunResult): BookingFigures {
  const requests = run.booked + run.full + run.errors;
  return {
    requestsPerSecond: run.seconds > 0 ? requests / run.seconds : 0,
    p50Ms: percentile(run.latenciesMs, 0.5),
    p99Ms: percentile(run.latenciesMs, 0.99),
    requests,
    seconds: run.seconds,
    booked: run.booked,
    full: run.full,
    failures: run.errors,
    failureDetail: run.errorDetail,
    ...(run.cpuMs === undefined || requests === 0 ? {} : { cpuMsPerCall: run.cpuMs / requests }),
  };
}

/** Runs bench/booking-raw.ts in its own Node process (the API server's process type and driver). */
export function runRawBookings(root: string, job: RawJob, env: NodeJS.ProcessEnv): Promise<RawJobResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(root, 'bench/booking-raw.ts'), JSON.stringify(job)],
      {
        cwd: root,
        env,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`bench/booking-raw.ts exited with ${code}`));
      const last = output.trim().split('\n').at(-1) ?? '';
      try {
        resolve(JSON.parse(last) as RawJobResult);
      } catch {
        reject(new Error(`bench/booking-raw.ts printed no result: ${output.slice(0, 500)}`));
      }
    });
  });
}
