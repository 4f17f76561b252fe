/**
 * `npm run bench [-- --short] [-- --no-build]`: the speed report. Every figure is printed beside a baseline measured in
 * the same run on the same machine, so the ratios mean something on any hardware.
 *
 *   - read calls of the real API server (built bundle, PGlite, seeded, production settings) versus a bare Fastify
 *     hello-world, at 10 connections with autocannon, alternating the two to cancel machine noise;
 *   - with BENCH_DATABASE_URL (an admin URL such as postgres://postgres@127.0.0.1:5432/postgres), the tee-sheet reads
 *     again on PostgreSQL, the configuration of several instances: a fresh `links_bench_<random>` database is
 *     created there, migrated and seeded by the CLIs, and dropped afterwards;
 *   - gzipped JavaScript needed to render `/`, and in total, versus the 100 KiB budget;
 *   - resident memory of both servers after the run.
 *
 * Short mode (`--short` or BENCH_SHORT=1) runs ~2 s per side and fails only on what is deterministic: the JavaScript
 * budget, and a route answering anything but 2xx. Timing goals are read by hand from a full run.
 * Results are also written to bench/results/latest.json.
 */
import { spawn } from 'node:child_process';
import { existsSync, openSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { measureJsSize } from './lib/js-size.ts';
import { LOAD_CONNECTIONS, type LoadFigures, measurePair, type Target } from './lib/load.ts';
import { type BenchDatabase, createBenchDatabase, describeDatabaseUrl } from './lib/postgres.ts';
import { freePort, residentBytes, runNode, startNode, stopChild, waitForHttp } from './lib/processes.ts';
import { findBookableDay, type HttpProbe, londonMonth, probeJson } from './lib/routes.ts';
import { formatBytes, formatLoad, printTable, type Row } from './lib/table.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = join(root, 'bench/results');
const args = new Set(process.argv.slice(2));
const short = args.has('--short') || process.env.BENCH_SHORT === '1';
const skipBuild = args.has('--no-build');
// An admin URL of a PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/postgres): the tee-sheet reads are
// also measured on a fresh database created there, as a deployment of several instances runs them.
const benchDatabaseUrl = process.env.BENCH_DATABASE_URL || undefined;
const APP_LOGGING = 'pino at the default level (info), written to';
const appLogging = `${APP_LOGGING} bench/results/app-server*.log`;

// The issues' budget of 100 KB for `/`, in KiB as DevTools and Lighthouse count it.
const JS_BUDGET_HOME_BYTES = 100 * 1024;
const timing = short
  ? { warmupSeconds: 1, secondsPerSide: 2, slicesPerSide: 2 }
  : { warmupSeconds: 3, secondsPerSide: 10, slicesPerSide: 2 };

const BENCH_API_KEY = 'bench-api-key-not-a-secret';
const API_HEADERS = { 'X-Api-Key': BENCH_API_KEY, 'X-Requested-With': 'XMLHttpRequest' };

function log(message: string): void {
  console.info(`bench: ${message}`);
}

function runNpmBuild(): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolvePromise() : reject(new Error(`npm run build exited ${code}`)),
    );
  });
}

function cliArgs(name: 'seed'): string[] {
  const bundled = join(root, `apps/api/dist/cli/${name}.js`);
  const tsx = pathToFileURL(join(root, 'node_modules/tsx/dist/loader.mjs')).href;
  return existsSync(bundled) ? [bundled] : ['--import', tsx, join(root, `apps/api/src/cli/${name}.ts`)];
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
      : route.note,
    data: { label: route.label, path: route.path, database: route.database, app: subject, bare: baseline },
  };
}

type DatabaseLabel = 'PGlite' | 'PostgreSQL';

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
  databaseUrl?: string;
}): Promise<{ rows: Row[]; rss: number | undefined }> {
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
    API_KEYS: BENCH_API_KEY,
    SESSION_SECRET: 'bench-session-secret-not-a-secret-0123456789',
    LINK_SIGNING_SECRET: 'bench-link-signing-secret-not-a-secret-0123',
    ADMIN_TOKEN: 'bench-admin-token-not-a-secret',
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

  const app = startNode([join(root, 'apps/api/dist/server.js')], {
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
    const notMeasured = (path: string, reason: string): Row => ({
      measurement: `GET ${path} [${database}]`,
      figure: `not measured: ${reason}`,
      baseline: '-',
      ratio: undefined,
      target: '-',
      verdict: '-',
      failsRun: false,
      data: { database, path, reason },
    });

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
    } else {
      skipped.push(notMeasured('/v1/courses/1/availability + diary', day.reason));
    }

    for (const route of routes) {
      log(
        `measuring GET ${route.path} (${database}) beside the bare server (${timing.secondsPerSide} s each)`,
      );
      const bareTarget: Target = { url: `${bareUrl}/` };
      const appTarget: Target = { url: `${appUrl}${route.path}`, headers: API_HEADERS };
      rows.push(httpRow(route, await measurePair(bareTarget, appTarget, timing)));
    }
    rows.push(...skipped);
    return { rows, rss: await residentBytes(app.pid) };
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
  const webDist = join(root, 'apps/web/dist');
  const js = await measureJsSize(webDist);
  const homeOk = js.homeGzipBytes <= JS_BUDGET_HOME_BYTES;
  rows.push({
    measurement: 'JS for / (gzip)',
    figure: `${formatBytes(js.homeGzipBytes)} in ${js.homeFiles.length} files`,
    baseline: `budget ${formatBytes(JS_BUDGET_HOME_BYTES)}`,
    ratio: js.homeGzipBytes / JS_BUDGET_HOME_BYTES,
    target: `<= ${formatBytes(JS_BUDGET_HOME_BYTES)}`,
    verdict: homeOk ? 'ok' : 'OVER BUDGET',
    failsRun: !homeOk,
    detail: `entry + static imports: ${js.homeFiles.join(', ')}`,
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
  const bare = startNode(['--import', 'tsx', join(root, 'bench/bare-server.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(barePort) },
    stdout: 'ignore',
  });
  const bareUrl = `http://127.0.0.1:${barePort}`;
  let pgDatabase: BenchDatabase | undefined;

  try {
    await waitForHttp(`${bareUrl}/`, { child: bare });
    const pglite = await benchApiServer({ database: 'PGlite', workDir, bareUrl, allRoutes: true });
    rows.push(...pglite.rows);
    let bareRss = await residentBytes(bare.pid);
    const memoryRow = (label: string, appRss: number | undefined): void => {
      if (appRss === undefined || bareRss === undefined) return;
      rows.push({
        measurement: `server memory after the run (RSS, ${label})`,
        figure: formatBytes(appRss),
        baseline: `${formatBytes(bareRss)} (bare)`,
        ratio: appRss / bareRss,
        target: '-',
        verdict: '-',
        failsRun: false,
        data: { database: label, appRssBytes: appRss, bareRssBytes: bareRss },
      });
    };
    memoryRow('PGlite', pglite.rss);

    if (benchDatabaseUrl) {
      pgDatabase = await createBenchDatabase(benchDatabaseUrl);
      log(`created PostgreSQL database ${pgDatabase.name} on ${describeDatabaseUrl(benchDatabaseUrl)}`);
      const postgres = await benchApiServer({
        database: 'PostgreSQL',
        workDir,
        bareUrl,
        allRoutes: false,
        databaseUrl: pgDatabase.url,
      });
      rows.push(...postgres.rows);
      bareRss = await residentBytes(bare.pid);
      memoryRow('PostgreSQL', postgres.rss);
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
      'Latency p50/p99 are over every 2xx response of the run, in milliseconds.',
      short
        ? 'Short run: timing verdicts are indicative only; the JavaScript budget and 2xx answers are enforced.'
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
