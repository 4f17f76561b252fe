/**
 * `npm run bench [-- --short] [-- --no-build]`: the speed report. Every figure is printed beside a baseline measured in
 * the same run on the same machine, so the ratios mean something on any hardware.
 *
 *   - read calls of the real API server (built bundle, seeded, production settings) versus a bare Fastify
 *     hello-world, at 10 connections with autocannon, alternating the two to cancel machine noise;
 *   - booking creation (POST /v1/bookings) on one slot everyone races for and on many slots, versus the same
 *     transaction run as raw SQL on the same driver without HTTP (bench/booking-raw.ts), then a check that no slot
 *     holds more live players than its capacity;
 *   - Lighthouse 12.6.1 on every public page of the built site served by the production server, on mobile (a row per
 *     page, goals: performance >= 95 and LCP <= 2.5 s), and on `/` on desktop too (lib/site-pages.ts lists the pages
 *     and makes what they show: a paid booking, a reset e-mail, a signed-in operator, the maintenance switch);
 *   - with BENCH_DATABASE_URL (an admin URL such as postgres://postgres@127.0.0.1:5432/postgres), the tee-sheet reads
 *     and the booking rows again on PostgreSQL, the configuration of several instances: a fresh
 *     `links_bench_<random>` database is created there, migrated and seeded by the CLIs, and dropped afterwards;
 *   - gzipped JavaScript needed to render `/`, and in total, versus the 100 KiB budget of issue 8 (enforced);
 *   - resident memory and V8 heap of both servers after the run.
 *
 * `--bookings-only` (for working on the booking path): only the booking rows and their oversell checks, on each
 * database, with the full run's sizes; no read rows, no Lighthouse. `--lighthouse-only` (for working on the pages):
 * the JavaScript sizes and the Lighthouse rows, no read or booking rows; BENCH_PAGES=/login,404 measures only those
 * pages (routes as the rows name them); BENCH_LHR_DIR=dir keeps each Lighthouse report there. The default run is
 * unaffected.
 *
 * Short mode (`--short` or BENCH_SHORT=1, what CI runs) takes one 1 s slice per side, a few dozen bookings and one
 * mobile Lighthouse run per page, and fails only on what is deterministic: the JavaScript budget, a route answering
 * anything but 2xx (bookings: 200 or 409), and any oversold slot. Timing goals, Lighthouse's included (its scores
 * move with the host: see the benchmark index in each row), are read by hand from a full run.
 * Results are also written to bench/results/latest.json.
 */
import { spawn } from 'node:child_process';
import { existsSync, openSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { TEE_SHEET_REFRESH_MS } from '@links/shared/schemas/staff-tee-sheet';
import type { OversellCheck } from './booking-raw.ts';
import {
  type BookingFigures,
  type BookingSample,
  bookingFigures,
  collectEmptySlots,
  httpBookingRun,
  type PoolSlot,
  type RawBookingProcess,
  rawSample,
  sliceOf,
  startRawBookings,
} from './lib/bookings.ts';
import { measureJsSize } from './lib/js-size.ts';
import {
  chromiumPath,
  type LighthouseFigures,
  type LighthouseFormFactor,
  runLighthouse,
} from './lib/lighthouse.ts';
import { LOAD_CONNECTIONS, type LoadFigures, measurePair, type Target, warmUp } from './lib/load.ts';
import { type BenchDatabase, createBenchDatabase, describeDatabaseUrl } from './lib/postgres.ts';
import {
  cpuMilliseconds,
  freePort,
  type MemoryFigures,
  memoryOf,
  runNode,
  startNode,
  stopChild,
  waitForHttp,
} from './lib/processes.ts';
import { findBookableDay, type HttpProbe, londonMonth, probeJson } from './lib/routes.ts';
import { BENCH_OPERATOR, operatorCliArgs, type SitePage, sitePages } from './lib/site-pages.ts';
import { BENCH_STAFF, staffCliArgs, staffHeaders } from './lib/staff-session.ts';
import { formatBytes, formatLoad, printTable, type Row } from './lib/table.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = join(root, 'bench/results');
// Loaded into both servers with --import: writes process.memoryUsage() to BENCH_MEMORY_FILE on SIGUSR2.
const memoryProbe = pathToFileURL(join(root, 'bench/lib/memory-probe.mjs')).href;
const args = new Set(process.argv.slice(2));
const short = args.has('--short') || process.env.BENCH_SHORT === '1';
const skipBuild = args.has('--no-build');
const bookingsOnly = args.has('--bookings-only');
const lighthouseOnly = args.has('--lighthouse-only');
const onlyPages = process.env.BENCH_PAGES ? new Set(process.env.BENCH_PAGES.split(',')) : undefined;
// An admin URL of a PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/postgres): the tee-sheet reads are
// also measured on a fresh database created there, as a deployment of several instances runs them.
const benchDatabaseUrl = process.env.BENCH_DATABASE_URL || undefined;
const APP_LOGGING = 'pino at the default level (info), written to';
const appLogging = `${APP_LOGGING} bench/results/app-server*.log`;

// The budget for the JavaScript `/` needs, in KiB as DevTools and Lighthouse count them: issue 8's 100 KB (issue 5
// asked for 120). A build over it fails the run, in CI too.
const JS_BUDGET_HOME_BYTES = 100 * 1024;
const timing = short
  ? { warmupSeconds: 1, secondsPerSide: 1, slicesPerSide: 1 }
  : { warmupSeconds: 3, secondsPerSide: 10, slicesPerSide: 2 };

// Booking rows: calls per run, at the read rows' 10 connections. Many slots: two 2-golfer bookings fill each slot.
// On PostgreSQL each measured row runs in `slices` slices a side, alternating API and raw SQL.
const bookingSizes = short
  ? { warmup: 10, warmupHot: 10, hotSlot: 40, manySlots: 40, slices: 2 }
  : // The warm-up is long enough for V8 to have optimised the server's booking path: after 200 calls the API server
    // still spent 0.8-0.9 ms of CPU per call on PostgreSQL, after 3,000 it spent 0.5-0.6 ms (2026-11-25).
    // The refusals of a full slot (409) take another path through the server (the error handler, its answer): a
    // second warm-up on a slot of its own runs them too, so the hot-slot row does not time V8 still optimising it.
    // The hot slot takes 5,000 calls (3-5 s a side here): over 2,000 the ratio of one run swung by 0.2 with noise.
    // Alternating slices (1,000 hot-slot calls, 200 slots) cancel the machine's drift between the two sides: run one
    // after the other, the raw side alone swung between 1,373 and 1,908 calls/s over five runs (2026-11-25).
    { warmup: 2000, warmupHot: 1000, hotSlot: 5000, manySlots: 2000, slices: 5 };
const BOOKING_GOLFERS = 2;
const BOOKINGS_PER_SLOT = Math.max(1, Math.floor(4 / BOOKING_GOLFERS));

/** Which side of a booking row: the API server (0) or the raw SQL process (1). */
type Side = 0 | 1;
/** One run of `amount` booking calls on `slots` by one side. */
type BookingRunner = (label: string, slots: PoolSlot[], amount: number) => Promise<BookingSample>;

const BOOKING_MIN_RATIO = 0.7;

const BENCH_API_KEY = 'bench-api-key-not-a-secret';
// The public key compiled into the web bundle (VITE_API_KEY): the one CI's build stage and the e2e journeys use, so
// one build serves both. The bench server accepts it beside its own key, so the site works under Lighthouse.
const WEB_API_KEY = process.env.E2E_API_KEY ?? 'e2e-web-public-key';
// Lighthouse: goals of issues 5 and 8 (`/`) and 25 §20 (every public page on mobile: performance >= 95, LCP <= 2.5 s).
// Full runs take the median of three per page and form factor; short runs do one mobile run per page, as a smoke test
// of the pages and of the measurement (its verdicts are indicative, never failing the run: a score moves with the
// host, whose speed Lighthouse's benchmark index shows in each row).
const LIGHTHOUSE_GOALS = { mobile: 95, desktop: 100, maxCls: 0.05, maxLcpMs: 2500 };
const lighthouseRuns = short ? 1 : 3;
/** Desktop is measured on `/` only, where it has its own goal (100); short runs leave it out. */
const desktopRuns = short ? 0 : 3;
const API_HEADERS = { 'X-Api-Key': BENCH_API_KEY, 'X-Requested-With': 'XMLHttpRequest' };

const benchStarted = Date.now();
function log(message: string): void {
  console.info(`bench [${Math.round((Date.now() - benchStarted) / 1000)} s]: ${message}`);
}

function runNpmBuild(): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn('npm', ['run', '--silent', 'build'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, VITE_API_KEY: WEB_API_KEY },
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolvePromise() : reject(new Error(`npm run build exited ${code}`)),
    );
  });
}

// The run uses a copy of the build taken at its start (inside the repository, so the bundles still resolve
// node_modules), so a rebuild by someone else during a run cannot swap the site or the server under it.
const snapshotDir = join(resultsDir, 'build');
const BUILD_PARTS = ['apps/api/dist', 'apps/api/migrations', 'apps/web/dist'];
const built = (path: string) => join(snapshotDir, path);

async function snapshotBuild(): Promise<void> {
  await rm(snapshotDir, { recursive: true, force: true });
  await mkdir(snapshotDir, { recursive: true });
  for (const part of BUILD_PARTS) await cp(join(root, part), built(part), { recursive: true });
}

function cliArgs(name: 'seed' | 'operator' | 'staff'): string[] {
  return [built(`apps/api/dist/cli/${name}.js`)];
}

/** An HTTP row: the route, why it is measured, and its goal as a share of the bare server's requests per second. */
type RouteRow = {
  label: string;
  path: string;
  /** Set on database-bound rows, which are measured on each database. */
  database?: 'PGlite' | 'PostgreSQL';
  minRatio?: number;
  maxP99Ms?: number;
  note?: string;
  /** Headers of its own (a signed-in session's cookies) instead of the API key alone. */
  headers?: Record<string, string>;
  /** The row's detail from what was measured, instead of `note`. */
  describe?: (subject: LoadFigures) => string;
};

function httpRow(route: RouteRow, figures: { baseline: LoadFigures; subject: LoadFigures }): Row {
  const { baseline, subject } = figures;
  const ratio = baseline.requestsPerSecond > 0 ? subject.requestsPerSecond / baseline.requestsPerSecond : 0;
  const targets: string[] = [];
  if (route.minRatio !== undefined) targets.push(`ratio >= ${route.minRatio}`);
  if (route.maxP99Ms !== undefined) targets.push(`p99 < ${route.maxP99Ms} ms`);
  const broken = subject.failures > 0 || baseline.failures > 0;
  const meets =
    (route.minRatio === undefined || ratio >= route.minRatio) &&
    (route.maxP99Ms === undefined || subject.p99Ms < route.maxP99Ms);
  let verdict: Row['verdict'];
  if (broken) verdict = 'FAILED';
  else if (targets.length === 0) verdict = '-';
  else if (short) verdict = meets ? 'ok (short run)' : 'below (short run)';
  else verdict = meets ? 'ok' : 'BELOW TARGET';
  return {
    measurement: route.database ? `GET ${route.path} [${route.database}]` : `GET ${route.path}`,
    figure: formatLoad(subject),
    baseline: `${formatLoad(baseline)} (bare)`,
    ratio,
    target: targets.join(', ') || '-',
    verdict,
    failsRun: broken,
    detail: broken
      ? `non-2xx or errors: app ${subject.failureDetail || 'none'}; bare ${baseline.failureDetail || 'none'}`
      : (route.describe?.(subject) ?? route.note),
    data: { label: route.label, path: route.path, database: route.database, app: subject, bare: baseline },
  };
}

type DatabaseLabel = 'PGlite' | 'PostgreSQL';

function lighthouseRow(route: string, figures: LighthouseFigures, notes: Array<string | undefined>): Row {
  const goal = LIGHTHOUSE_GOALS[figures.formFactor];
  // The LCP goal is issue 25's, for mobile; desktop's score goal of 100 holds it anyway.
  const lcpGoal = figures.formFactor === 'mobile';
  const meets =
    figures.performance >= goal &&
    figures.cls < LIGHTHOUSE_GOALS.maxCls &&
    (!lcpGoal || figures.lcpMs <= LIGHTHOUSE_GOALS.maxLcpMs);
  const spread = figures.runs > 1 ? ` (runs: ${figures.performanceRuns.join(', ')})` : '';
  const details = [
    `TBT ${Math.round(figures.tbtMs)} ms, FCP ${(figures.fcpMs / 1000).toFixed(2)} s, accessibility ${figures.accessibility}`,
    figures.lcpElement ? `LCP element ${figures.lcpElement}` : '',
    `host benchmark index ${figures.benchmarkIndexes.join(', ')}`,
    figures.opportunities.length > 0 ? `top opportunities: ${figures.opportunities.join('; ')}` : '',
    figures.warnings.length > 0 ? `warnings: ${figures.warnings.join('; ')}` : '',
    ...notes,
  ].filter(Boolean);
  let verdict: string;
  if (short) verdict = meets ? 'ok (short run)' : 'below (short run)';
  else verdict = meets ? 'ok' : 'BELOW TARGET';
  return {
    measurement: `Lighthouse ${figures.formFactor}, ${route}`,
    figure: `performance ${figures.performance}${spread}, LCP ${(figures.lcpMs / 1000).toFixed(2)} s, CLS ${figures.cls.toFixed(3)}`,
    baseline: `goal ${goal}`,
    ratio: figures.performance / goal,
    target: `>= ${goal}${lcpGoal ? `, LCP <= ${LIGHTHOUSE_GOALS.maxLcpMs / 1000} s` : ''}, CLS < ${LIGHTHOUSE_GOALS.maxCls}`,
    verdict,
    failsRun: false,
    detail: details.join('; '),
    data: { route, ...figures },
  };
}

/** A row that measured nothing, and why (a route that answered otherwise, no Chromium, a page not prepared). */
function notMeasuredRow(measurement: string, reason: string, data: Record<string, unknown> = {}): Row {
  return {
    measurement,
    figure: `not measured: ${reason}`,
    baseline: '-',
    ratio: undefined,
    target: '-',
    verdict: '-',
    failsRun: false,
    data: { ...data, reason },
  };
}

/** Whether the web bundle carries the key the bench server accepts (else its API calls would all answer 401). */
async function webBundleHasKey(webDist: string): Promise<boolean> {
  const assets = join(webDist, 'assets');
  if (!existsSync(assets)) return false;
  for (const name of await readdir(assets)) {
    if (name.endsWith('.js') && (await readFile(join(assets, name), 'utf8')).includes(WEB_API_KEY))
      return true;
  }
  return false;
}

function formatBooking(figures: BookingFigures): string {
  return `${formatLoad(figures)} (${figures.booked} booked, ${figures.full} full)`;
}

function cpuDetail(app: BookingFigures, raw: BookingFigures): string | undefined {
  if (app.cpuMsPerCall === undefined || raw.cpuMsPerCall === undefined) return undefined;
  const client =
    app.clientCpuMsPerCall === undefined ? '' : ` (its load client ${app.clientCpuMsPerCall.toFixed(2)} ms)`;
  return `CPU per call: API server ${app.cpuMsPerCall.toFixed(2)} ms${client}, raw SQL process ${raw.cpuMsPerCall.toFixed(2)} ms`;
}

/** The API side's call rate over the raw side's. */
function rateRatio(app: BookingFigures, raw: BookingFigures): number {
  return raw.requestsPerSecond > 0 ? app.requestsPerSecond / raw.requestsPerSecond : 0;
}

/** Alternating runs: each round's API rate over its raw rate, in run order, so the spread of one run shows. */
function sliceRatios(app: BookingSample[], raw: BookingSample[]): number[] {
  if (app.length < 2 || app.length !== raw.length) return [];
  return app.map((slice, index) =>
    rateRatio(bookingFigures([slice]), bookingFigures([raw[index] as BookingSample])),
  );
}

function bookingRow(
  label: string,
  database: DatabaseLabel,
  samples: { app: BookingSample[]; raw: BookingSample[] },
): Row {
  const [app, raw] = [bookingFigures(samples.app), bookingFigures(samples.raw)];
  const slices = sliceRatios(samples.app, samples.raw);
  const sliceDetail =
    slices.length > 0 ? `; ratio per slice ${slices.map((one) => one.toFixed(2)).join(', ')}` : '';
  const ratio = rateRatio(app, raw);
  const broken = app.failures > 0 || raw.failures > 0;
  let verdict: string;
  if (broken) verdict = 'FAILED';
  else if (short) verdict = ratio >= BOOKING_MIN_RATIO ? 'ok (short run)' : 'below (short run)';
  else verdict = ratio >= BOOKING_MIN_RATIO ? 'ok' : 'BELOW TARGET';
  return {
    measurement: `POST /v1/bookings, ${label} [${database}]`,
    figure: formatBooking(app),
    baseline: `${formatBooking(raw)} (raw SQL)`,
    ratio,
    target: `ratio >= ${BOOKING_MIN_RATIO}`,
    verdict,
    failsRun: broken,
    detail: broken
      ? `unexpected answers or errors: app ${app.failureDetail || 'none'}; raw ${raw.failureDetail || 'none'}`
      : `${cpuDetail(app, raw) ?? 'CPU per call not read'}${sliceDetail}`,
    data: { label, database, app, raw, sliceRatios: slices },
  };
}

/**
 * Seeds a database with the CLIs, starts the built API server on it, measures its routes beside the bare server
 * and stops it. PGlite measures every route; PostgreSQL (BENCH_DATABASE_URL) the database-bound tee-sheet reads,
 * which are the ones that differ between the two.
 */
async function benchApiServer(options: {
  database: DatabaseLabel;
  workDir: string;
  bareUrl: string;
  allRoutes: boolean;
  lighthouse: boolean;
  databaseUrl?: string;
}): Promise<{ rows: Row[]; memory: MemoryFigures | undefined }> {
  const { database, workDir, bareUrl } = options;
  const rows: Row[] = [];
  const appPort = await freePort();
  const appLogPath = join(resultsDir, database === 'PGlite' ? 'app-server.log' : 'app-server-postgres.log');
  const appLog = openSync(appLogPath, 'w');
  const appEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(appPort),
    PUBLIC_URL: `http://127.0.0.1:${appPort}`,
    DATA_DIR: join(workDir, `data-${database.toLowerCase()}`),
    API_KEYS: `${BENCH_API_KEY},${WEB_API_KEY}`,
    SESSION_SECRET: 'bench-session-secret-not-a-secret-0123456789',
    LINK_SIGNING_SECRET: 'bench-link-signing-secret-not-a-secret-0123',
    ADMIN_TOKEN: 'bench-admin-token-not-a-secret',
    STAFF_FACTOR_KEY: 'bench-staff-factor-key-not-a-secret-01234567',
    WEB_DIST_DIR: built('apps/web/dist'),
    // The booking rows send each call from its own address and network in X-Forwarded-For, as a reverse proxy would,
    // so the per-address and per-network hold limits and the booking rate limit (left at their defaults) apply per
    // simulated visitor; each call also has a browser session of its own, so the session's cap (and the browser check
    // it would ask for) stay at their defaults too.
    TRUST_PROXY: '1',
    BENCH_MEMORY_FILE: join(workDir, `memory-${database.toLowerCase()}.json`),
  };
  // Measure what a deployment runs: the default log level and maintenance cache, and the chosen database. The seed
  // and the server run from the temporary directory so a developer's `.env` (read from the working directory) stays out.
  for (const name of [
    'LOG_LEVEL',
    'MAINTENANCE_CACHE_MS',
    'MAINTENANCE_MODE',
    'DATABASE_URL',
    'BENCH_DATABASE_URL',
  ])
    delete appEnv[name];
  if (options.databaseUrl) appEnv.DATABASE_URL = options.databaseUrl;

  log(`preparing a seeded ${database} database`);
  // The seed CLI migrates first, then loads reference and demo data.
  await runNode(cliArgs('seed'), { cwd: workDir, env: appEnv, log: appLog });
  const lighthouse = options.lighthouse && !bookingsOnly;
  // The tour operator whose pages Lighthouse opens, made before the server owns the data directory.
  if (lighthouse) {
    await runNode([...cliArgs('operator'), ...operatorCliArgs()], {
      cwd: workDir,
      env: { ...appEnv, OPERATOR_PASSWORD: BENCH_OPERATOR.password },
      log: appLog,
    });
  }

  // The starter whose open tee sheet is measured, made with the resort's own command line like the operator.
  if (!bookingsOnly && !lighthouseOnly) {
    await runNode([...cliArgs('staff'), ...staffCliArgs()], {
      cwd: workDir,
      env: { ...appEnv, STAFF_PASSWORD: BENCH_STAFF.password },
      log: appLog,
    });
  }

  // BENCH_CPU_PROF_DIR: the API server writes a V8 CPU profile there when it stops (for finding where time goes).
  const profileDir = process.env.BENCH_CPU_PROF_DIR;
  const profileArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const app = startNode([...profileArgs, '--import', memoryProbe, built('apps/api/dist/server.js')], {
    cwd: workDir,
    env: appEnv,
    stdout: appLog,
  });
  try {
    const appUrl = `http://127.0.0.1:${appPort}`;
    await waitForHttp(`${appUrl}/v1/time`, { child: app, headers: API_HEADERS });
    log(`API server on ${appUrl} (${database}); app logging: ${APP_LOGGING} ${relative(root, appLogPath)}`);

    const probe: HttpProbe = (path) => probeJson(`${appUrl}${path}`, API_HEADERS);
    const routes: RouteRow[] = [];
    const skipped: Row[] = [];
    const notMeasured = (path: string, reason: string): Row =>
      notMeasuredRow(`GET ${path} [${database}]`, reason, { database, path });

    if (options.allRoutes) {
      routes.push({ label: 'time', path: '/v1/time', minRatio: 0.8, note: 'no database' });
      const courses = await probe('/v1/courses');
      if (courses.status === 200) {
        routes.push({ label: 'courses', path: '/v1/courses', minRatio: 0.5, note: 'cached reference data' });
      } else {
        skipped.push(notMeasured('/v1/courses', `answered ${courses.status}`));
      }
    }

    const day = await findBookableDay(probe, 1, londonMonth(new Date()));
    if (day.kind === 'found') {
      // Month availability has no goal; short runs leave it out.
      if (!short)
        routes.push({
          label: 'availability',
          path: `/v1/courses/1/availability?month=${day.month}`,
          database,
          note: `month availability, Championship, on ${database}`,
        });
      routes.push({
        label: 'diary',
        path: `/v1/courses/1/diary?start_date=${day.date}&slot_type=1&filter_today=1`,
        database,
        minRatio: 0.25,
        maxP99Ms: 10,
        note: `diary of a bookable day (${day.date}, ${day.status}), Championship, on ${database}`,
      });
      // The live tee sheet (decision record 014): each open sheet reads itself every TEE_SHEET_REFRESH_MS, so the
      // read rate over that rate is how many sheets one instance keeps live. Only runs that read measure it: the
      // others made no starter to sign in.
      if (!bookingsOnly && !lighthouseOnly)
        routes.push({
          label: 'staff tee sheet',
          path: `/v1/staff/tee-sheet?course_id=1&date=${day.date}`,
          database,
          headers: await staffHeaders(appUrl, API_HEADERS),
          describe: (subject) =>
            `one open staff tee sheet's poll (${day.date}, Championship, on ${database}): at ${Math.round(
              subject.requestsPerSecond,
            )} reads/s an instance keeps about ${Math.floor(
              (subject.requestsPerSecond * TEE_SHEET_REFRESH_MS) / 1000,
            )} sheets live at one read each ${TEE_SHEET_REFRESH_MS / 1000} s`,
        });
    } else {
      skipped.push(notMeasured('/v1/courses/1/availability + diary', day.reason));
    }

    // The first row must not pay for the server's first seconds (JIT, start-up jobs): every route gets load first.
    // Short runs skip it: their timings are indicative only, and CI's minute is better spent elsewhere.
    if (bookingsOnly || lighthouseOnly) routes.length = 0;
    for (const route of short ? [] : routes) {
      await warmUp(
        { url: `${appUrl}${route.path}`, headers: route.headers ?? API_HEADERS },
        timing.warmupSeconds,
      );
    }
    for (const route of routes) {
      log(
        `measuring GET ${route.path} (${database}) beside the bare server (${timing.secondsPerSide} s each)`,
      );
      const bareTarget: Target = { url: `${bareUrl}/` };
      const appTarget: Target = { url: `${appUrl}${route.path}`, headers: route.headers ?? API_HEADERS };
      rows.push(httpRow(route, await measurePair(bareTarget, appTarget, timing)));
    }
    if (!bookingsOnly) rows.push(...skipped);

    if (lighthouse) {
      const webDist = built('apps/web/dist');
      const keyNote = (await webBundleHasKey(webDist))
        ? undefined
        : `the web build does not carry VITE_API_KEY=${WEB_API_KEY}: its API calls were refused (build without --no-build)`;
      if (!chromiumPath()) {
        rows.push(notMeasuredRow('Lighthouse', 'no Chromium (/usr/bin/chromium or CHROME_PATH)'));
      } else {
        let pages: SitePage[] = [];
        try {
          log('preparing the pages Lighthouse opens (a paid booking, a reset e-mail, a signed-in operator)');
          pages = await sitePages({
            appUrl,
            apiHeaders: API_HEADERS,
            dataDir: appEnv.DATA_DIR as string,
            adminToken: appEnv.ADMIN_TOKEN as string,
          });
        } catch (error) {
          rows.push(
            notMeasuredRow(
              'Lighthouse, pages',
              `preparing them failed: ${error instanceof Error ? error.message : String(error)}`,
            ),
          );
        }
        const plan = pages
          .filter((page) => !onlyPages || onlyPages.has(page.route))
          .flatMap((page) => [
            { page, formFactor: 'mobile' as LighthouseFormFactor, runs: lighthouseRuns },
            ...(page.route === '/' && desktopRuns > 0
              ? [{ page, formFactor: 'desktop' as LighthouseFormFactor, runs: desktopRuns }]
              : []),
          ]);
        for (const { page, formFactor, runs } of plan) {
          log(`Lighthouse ${formFactor} on ${page.route} (${runs} run${runs > 1 ? 's' : ''})`);
          try {
            await page.around?.before();
            try {
              const figures = await runLighthouse(`${appUrl}${page.path}`, formFactor, runs, page.lighthouse);
              rows.push(lighthouseRow(page.route, figures, [page.note, keyNote]));
            } finally {
              await page.around?.after();
            }
          } catch (error) {
            rows.push(
              notMeasuredRow(
                `Lighthouse ${formFactor}, ${page.route}`,
                error instanceof Error ? error.message : String(error),
              ),
            );
          }
        }
      }
    }
    // Memory after Lighthouse alone says nothing about serving load: no row.
    if (lighthouseOnly) return { rows, memory: undefined };

    // Booking creation: one slot everyone races for, and many slots each filled exactly, through the API and as the
    // same transaction straight on the database (alternating on PostgreSQL, after the server has stopped on PGlite),
    // and the oversell check over every live booking of both.
    const pool = await collectEmptySlots(
      probe,
      4 + 4 * Math.ceil(bookingSizes.warmup / 2) + bookingSizes.manySlots,
    );
    const perSide = Math.ceil(bookingSizes.manySlots / 2);
    const warm = Math.ceil(bookingSizes.warmup / 2);
    let bookingPlan:
      | {
          hot: [PoolSlot, PoolSlot];
          warmHot: [PoolSlot, PoolSlot];
          warm: [PoolSlot[], PoolSlot[]];
          many: [PoolSlot[], PoolSlot[]];
        }
      | undefined;
    if (pool.length >= 4 + 2 * warm + 2 * perSide) {
      const rest = pool.slice(4);
      // Interleaved, so both sides book the same mix of courses and days.
      const side = (parity: number) => rest.filter((_, index) => index % 2 === parity);
      const [appSide, rawSide] = [side(0), side(1)];
      bookingPlan = {
        hot: [pool[0] as PoolSlot, pool[1] as PoolSlot],
        warmHot: [pool[2] as PoolSlot, pool[3] as PoolSlot],
        warm: [appSide.slice(0, warm), rawSide.slice(0, warm)],
        many: [appSide.slice(warm, warm + perSide), rawSide.slice(warm, warm + perSide)],
      };
    } else {
      rows.push({
        measurement: `POST /v1/bookings [${database}]`,
        figure: `not measured: only ${pool.length} empty bookable slots found`,
        baseline: '-',
        ratio: undefined,
        target: '-',
        verdict: '-',
        failsRun: false,
        data: { database, emptySlots: pool.length },
      });
    }

    let memory: MemoryFigures | undefined;
    if (bookingPlan) {
      const plan = bookingPlan;
      // The server's CPU time per call, beside the raw process's, shows where the time goes.
      const appRun: BookingRunner = async (_label, slots, amount) => {
        const before = await cpuMilliseconds(app.pid);
        const clientBefore = process.cpuUsage();
        const sample = await httpBookingRun({
          appUrl,
          headers: API_HEADERS,
          slots,
          amount,
          connections: LOAD_CONNECTIONS,
          golfers: BOOKING_GOLFERS,
        });
        const client = process.cpuUsage(clientBefore);
        const after = await cpuMilliseconds(app.pid);
        return {
          ...sample,
          ...(before === undefined || after === undefined ? {} : { cpuMs: after - before }),
          clientCpuMs: (client.user + client.system) / 1000,
        };
      };
      // Started on first use: on PGlite only once the server has stopped (one process per data directory).
      let rawProcess: RawBookingProcess | undefined;
      const raw = () => {
        rawProcess ??= startRawBookings(
          root,
          options.databaseUrl
            ? { kind: 'postgres', url: options.databaseUrl }
            : { kind: 'pglite', dataDir: appEnv.DATA_DIR as string },
          LOAD_CONNECTIONS,
          { ...process.env },
        );
        return rawProcess;
      };
      const rawRun: BookingRunner = async (label, slots, amount) =>
        rawSample(
          await raw().run({
            label,
            slotIds: slots.map((slot) => slot.slotId),
            amount,
            connections: LOAD_CONNECTIONS,
            golfers: BOOKING_GOLFERS,
          }),
        );
      const runners = [appRun, rawRun] as const;
      const warmUpSide = async (side: Side) => {
        await runners[side]('warm-up', plan.warm[side], bookingSizes.warmup);
        await runners[side]('warm-up hot', [plan.warmHot[side]], bookingSizes.warmupHot);
      };
      const samples: Record<'hot' | 'many', [BookingSample[], BookingSample[]]> = {
        hot: [[], []],
        many: [[], []],
      };
      // Each row in `count` slices a side, the sides alternating A R R A ... (or one side alone), so drift of the
      // machine lands on both. The hot slot is one slot per side across its slices; many slots are split between them.
      const measureRows = async (sides: Side[], count: number) => {
        for (const row of ['hot', 'many'] as const) {
          for (let round = 0; round < count; round += 1) {
            for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
              const slots = row === 'hot' ? [plan.hot[side]] : sliceOf(plan.many[side], round, count);
              const amount =
                row === 'hot' ? Math.ceil(bookingSizes.hotSlot / count) : slots.length * BOOKINGS_PER_SLOT;
              samples[row][side].push(await runners[side](row, slots, amount));
            }
          }
        }
      };
      let before: OversellCheck | undefined;
      let after: OversellCheck | undefined;
      const interleaved = options.databaseUrl !== undefined;
      try {
        if (interleaved) {
          log(
            `booking through the API and with raw SQL (${database}), alternating: warm-up, one hot slot, then ${perSide} slots`,
          );
          await warmUpSide(0);
          await warmUpSide(1);
          before = await raw().verify();
          await raw().settle();
          await measureRows([0, 1], bookingSizes.slices);
          after = await raw().verify();
          memory = await memoryOf(app.pid, appEnv.BENCH_MEMORY_FILE as string);
        } else {
          // PGlite allows one process per data directory: the raw side runs once the server has stopped.
          log(`booking through the API (${database}): warm-up, one hot slot, then ${perSide} slots`);
          await warmUpSide(0);
          await measureRows([0], 1);
          memory = await memoryOf(app.pid, appEnv.BENCH_MEMORY_FILE as string);
          await stopChild(app);
          log(`booking with raw SQL (${database}, same transaction, no HTTP)`);
          before = await raw().verify();
          await warmUpSide(1);
          await measureRows([1], 1);
          after = await raw().verify();
        }
      } finally {
        await stopChild(app);
        await rawProcess?.close();
      }

      for (const [row, label] of [
        ['hot', 'one hot slot'],
        ['many', `many slots (${perSide})`],
      ] as const) {
        rows.push(bookingRow(label, database, { app: samples[row][0], raw: samples[row][1] }));
      }
      const oversold = (before?.slotsOverCapacity ?? 0) + (after?.slotsOverCapacity ?? 0);
      rows.push({
        measurement: `oversells after the booking runs [${database}]`,
        figure: `${after?.slotsOverCapacity ?? '?'} slots over capacity (${after?.liveBookings ?? '?'} live bookings on ${after?.checkedSlots ?? '?'} slots)`,
        baseline: `${interleaved ? 'after the warm-ups' : 'after the API runs'}: ${before?.slotsOverCapacity ?? '?'}`,
        ratio: undefined,
        target: '0',
        verdict: oversold === 0 ? 'ok' : 'OVERSOLD',
        failsRun: oversold !== 0,
        data: { database, before, after },
      });
    } else {
      memory = await memoryOf(app.pid, appEnv.BENCH_MEMORY_FILE as string);
    }
    return { rows, memory };
  } finally {
    await stopChild(app);
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  log(`${short ? 'short' : 'full'} mode, ${cpus().length} cores, node ${process.version}`);
  if (!skipBuild) {
    log('building (npm run build; pass --no-build to measure the existing build)');
    await runNpmBuild();
  }
  for (const path of ['apps/api/dist/server.js', 'apps/web/dist/index.html']) {
    if (!existsSync(join(root, path)))
      throw new Error(`${path} is missing: run npm run build (or drop --no-build)`);
  }

  const rows: Row[] = [];

  // JavaScript size: deterministic, so it is a budget that can fail the run.
  await snapshotBuild();
  const js = await measureJsSize(built('apps/web/dist'));
  const homeOk = js.homeGzipBytes <= JS_BUDGET_HOME_BYTES;
  rows.push({
    measurement: 'JS for / (gzip)',
    figure: `${formatBytes(js.homeGzipBytes)} in ${js.homeFiles.length} files`,
    baseline: `budget ${formatBytes(JS_BUDGET_HOME_BYTES)}`,
    ratio: js.homeGzipBytes / JS_BUDGET_HOME_BYTES,
    target: `<= ${formatBytes(JS_BUDGET_HOME_BYTES)}`,
    verdict: homeOk ? 'ok' : 'OVER BUDGET',
    failsRun: !homeOk,
    detail: `the entry (home route included) with its static imports and preloads: ${js.homeFiles.join(', ')}`,
    data: js,
  });
  rows.push({
    measurement: 'JS total (gzip)',
    figure: `${formatBytes(js.totalGzipBytes)} in ${js.totalFiles} files`,
    baseline: '-',
    ratio: undefined,
    target: '-',
    verdict: '-',
    failsRun: false,
    data: { totalGzipBytes: js.totalGzipBytes, totalFiles: js.totalFiles },
  });

  await mkdir(resultsDir, { recursive: true });
  const workDir = await mkdtemp(join(tmpdir(), 'links-bench-'));
  const barePort = await freePort();
  const bareMemoryFile = join(workDir, 'memory-bare.json');
  const bare = startNode(['--import', 'tsx', '--import', memoryProbe, join(root, 'bench/bare-server.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(barePort), BENCH_MEMORY_FILE: bareMemoryFile },
    stdout: 'ignore',
  });
  const bareUrl = `http://127.0.0.1:${barePort}`;
  let pgDatabase: BenchDatabase | undefined;

  try {
    await waitForHttp(`${bareUrl}/`, { child: bare });
    const pglite = await benchApiServer({
      database: 'PGlite',
      workDir,
      bareUrl,
      allRoutes: true,
      lighthouse: true,
    });
    rows.push(...pglite.rows);
    let bareMemory = await memoryOf(bare.pid, bareMemoryFile);
    const memoryRow = (label: string, appMemory: MemoryFigures | undefined): void => {
      if (appMemory === undefined || bareMemory === undefined) return;
      const heap = (figures: MemoryFigures) =>
        figures.heapUsed === undefined ? '' : `, heap ${formatBytes(figures.heapUsed)}`;
      rows.push({
        measurement: `server memory after the run (${label})`,
        figure: `RSS ${formatBytes(appMemory.rss)}${heap(appMemory)}`,
        baseline: `RSS ${formatBytes(bareMemory.rss)}${heap(bareMemory)} (bare)`,
        ratio: appMemory.rss / bareMemory.rss,
        target: '-',
        verdict: '-',
        failsRun: false,
        data: { database: label, app: appMemory, bare: bareMemory },
      });
    };
    memoryRow('PGlite', pglite.memory);

    if (benchDatabaseUrl && !lighthouseOnly) {
      pgDatabase = await createBenchDatabase(benchDatabaseUrl);
      log(`created PostgreSQL database ${pgDatabase.name} on ${describeDatabaseUrl(benchDatabaseUrl)}`);
      const postgres = await benchApiServer({
        database: 'PostgreSQL',
        workDir,
        bareUrl,
        allRoutes: false,
        lighthouse: false,
        databaseUrl: pgDatabase.url,
      });
      rows.push(...postgres.rows);
      bareMemory = await memoryOf(bare.pid, bareMemoryFile);
      memoryRow('PostgreSQL', postgres.memory);
    }
  } finally {
    await stopChild(bare);
    if (pgDatabase) {
      await pgDatabase.drop();
      log(`dropped PostgreSQL database ${pgDatabase.name}`);
    }
    await rm(workDir, { recursive: true, force: true });
  }

  console.info('');
  printTable(rows, {
    title: `Speed report (${short ? 'short' : 'full'} run, ${LOAD_CONNECTIONS} connections, ${timing.secondsPerSide} s per side in ${timing.slicesPerSide} alternating slices)`,
    footer: [
      `API server: built bundle, NODE_ENV=production, seeded with demo data on PGlite${benchDatabaseUrl ? ' and on a fresh PostgreSQL database (BENCH_DATABASE_URL)' : ' (set BENCH_DATABASE_URL to add PostgreSQL rows)'}; logging: ${appLogging}.`,
      'Bare: Fastify hello-world with default options (no logger). Ratio = API req/s / bare req/s, memory = API / bare.',
      'Latency p50/p99 are over every 2xx response of the run (bookings: every 200 and 409), in milliseconds.',
      `Bookings: ${BOOKING_GOLFERS} golfers per call, ${LOAD_CONNECTIONS} connections; the API side sends each call from its own address (X-Forwarded-For, TRUST_PROXY=1) so the default per-address and per-network hold limits and the rate limit apply per visitor; raw SQL = the same transaction statements on the same driver in a Node process, without HTTP, zod, drizzle or pricing (bench/booking-raw.ts); on PostgreSQL each row alternates ${bookingSizes.slices} slices a side with the API's (A R R A ...), on PGlite the raw side runs after the API server has stopped (one process per data directory).`,
      'Lighthouse: median of the runs by performance score, on every public page as a visitor or operator arrives at it (bench/lib/site-pages.ts); mobile = Lighthouse defaults (emulated Moto G Power, simulated slow 4G, 4x CPU), desktop = its desktop preset (on `/`).',
      short
        ? 'Short run: timing and Lighthouse verdicts are indicative only; the JavaScript budget, expected answers and zero oversells are enforced.'
        : '',
    ].filter(Boolean),
  });

  const failing = rows.filter((row) => row.failsRun);
  const resultsPath = join(resultsDir, 'latest.json');
  await writeFile(
    resultsPath,
    `${JSON.stringify(
      {
        generatedAt: new Date().toISOString(),
        mode: short ? 'short' : 'full',
        durationSeconds: Math.round((Date.now() - started) / 1000),
        machine: {
          cores: cpus().length,
          cpu: cpus()[0]?.model,
          node: process.version,
          platform: process.platform,
        },
        load: { connections: LOAD_CONNECTIONS, ...timing },
        appLogging,
        databases: benchDatabaseUrl ? ['PGlite', 'PostgreSQL'] : ['PGlite'],
        rows: rows.map(({ measurement, figure, baseline, ratio, target, verdict, detail, data }) => ({
          measurement,
          figure,
          baseline,
          ratio,
          target,
          verdict,
          detail,
          data,
        })),
        ok: failing.length === 0,
      },
      null,
      2,
    )}\n`,
  );
  log(`results written to ${relative(root, resultsPath)} in ${Math.round((Date.now() - started) / 1000)} s`);
  if (failing.length > 0) {
    console.error(`bench: FAILED: ${failing.map((row) => `${row.measurement} (${row.verdict})`).join('; ')}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
