/**
 * The Playwright webServer: runs the BUILT production server (apps/api/dist/server.js) the way a deployment does,
 * on a fresh PGlite data directory that is migrated and seeded with demo data first, and removed again on exit.
 *
 * Run with `node --import tsx e2e/support/start-server.ts`. Reads PORT and the E2E_* settings from the environment
 * (playwright.config.ts sets them). Server output goes to .cache/e2e-server.log.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { E2E_API_KEY, E2E_SECRETS, e2eBaseUrl } from './env.ts';
import { JOURNEY_OPERATORS, ONE_TIME_OPERATOR, ONE_TIME_PASSWORD_SECRET } from './operator-accounts.ts';
import { e2eOutboxPointer } from './operator-outbox.ts';
import { writeRunSecret } from './run-secrets.ts';
import { E2E_OPS_ADMIN, E2E_STAFF_ADMIN, OPS_FACTOR_KEY_SECRET } from './staff-accounts.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const serverBundle = join(root, 'apps/api/dist/server.js');
const builtWebDist = join(root, 'apps/web/dist');
const logPath = join(root, '.cache/e2e-server.log');

function fail(message: string): never {
  console.error(`e2e server: ${message}`);
  process.exit(1);
}

const port = process.env.PORT;
if (!port) fail('PORT is not set (playwright.config.ts sets it)');

const rebuild = `Run: VITE_API_KEY=${E2E_API_KEY} npm run build`;

/** Why the web build cannot serve the journeys, or undefined when it can. */
async function buildProblem(webDist: string): Promise<string | undefined> {
  if (!existsSync(serverBundle) || !existsSync(join(webDist, 'index.html'))) {
    return `the build is missing (${serverBundle}, ${webDist}/index.html). ${rebuild}`;
  }
  // The API key is compiled into the web bundle; a bundle made with another key would get 401 on every call,
  // which shows up as confusing journey failures far from the cause.
  const assets = join(webDist, 'assets');
  const scripts = existsSync(assets) ? (await readdir(assets)).filter((name) => name.endsWith('.js')) : [];
  for (const name of scripts) {
    if ((await readFile(join(assets, name), 'utf8')).includes(E2E_API_KEY)) return undefined;
  }
  return `apps/web/dist was not built with VITE_API_KEY=${E2E_API_KEY}. ${rebuild}`;
}

/** Uses the bundled CLI when the build ships one, else runs the TypeScript source through tsx. */
function cliCommand(name: 'seed' | 'operator' | 'staff'): string[] {
  const bundled = join(root, `apps/api/dist/cli/${name}.js`);
  if (existsSync(bundled)) return [bundled];
  return [
    '--import',
    pathToFileURL(join(root, 'node_modules/tsx/dist/loader.mjs')).href,
    join(root, `apps/api/src/cli/${name}.ts`),
  ];
}

/** Runs a CLI to its end, its output into the log; resolves with what it printed on standard output. */
function run(args: string[], env: NodeJS.ProcessEnv, log: NodeJS.WritableStream): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, args, { cwd: workDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let printed = '';
    child.stdout.on('data', (chunk: Buffer) => {
      printed += chunk.toString('utf8');
    });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.stderr.pipe(process.stderr, { end: false });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolvePromise(printed);
      else reject(new Error(`${args.join(' ')} exited with ${signal ?? code} (see ${logPath})`));
    });
  });
}

const problem = await buildProblem(builtWebDist);
if (problem) fail(problem);
await mkdir(dirname(logPath), { recursive: true });
const log = createWriteStream(logPath);
const workDir = await mkdtemp(join(tmpdir(), 'links-e2e-'));
const dataDir = join(workDir, 'data');
// The journeys read e-mails (password reset links) from the local outbox of this run: see operator-outbox.ts.
await writeFile(e2eOutboxPointer(root, port), join(dataDir, 'outbox'));
// The journeys serve a snapshot of the web build, so a rebuild in the working tree while they run (watch mode, another
// terminal) cannot swap the site under a test half-way through.
const webDist = join(workDir, 'web');
await cp(builtWebDist, webDist, { recursive: true });

const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'production',
  PORT: port,
  HOST: '127.0.0.1',
  PUBLIC_URL: e2eBaseUrl(port),
  DATA_DIR: dataDir,
  WEB_DIST_DIR: webDist,
  API_KEYS: E2E_API_KEY,
  SESSION_SECRET: E2E_SECRETS.sessionSecret,
  LINK_SIGNING_SECRET: E2E_SECRETS.linkSigningSecret,
  ADMIN_TOKEN: E2E_SECRETS.adminToken,
  STAFF_FACTOR_KEY: E2E_SECRETS.staffFactorKey,
  // Journeys flip maintenance and expect the very next call to see it.
  MAINTENANCE_CACHE_MS: '0',
  MAINTENANCE_MODE: 'off',
  // Every journey calls from 127.0.0.1: the per-address and per-network hold and create limits would make parallel
  // journeys refuse (or challenge) each other's bookings. The limits themselves are API-tested; the per-session cap
  // and its browser check stay at their defaults (browser-check.spec.ts meets them in a real browser).
  MAX_LIVE_HOLDS_PER_ADDRESS: '1000',
  MAX_LIVE_HOLDS_PER_NETWORK: '10000',
  HOLD_SHARE_PER_NETWORK_PERCENT: '100',
  BOOKING_RATE_LIMIT_MAX: '10000',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  // The payment schedule every 5 s, not 5 minutes: the seeded deposit booking's reminder (seed-past-booking.ts) goes
  // out while the journeys run, and a journey pays from its link.
  JOB_PAYMENT_SCHEDULE_INTERVAL_MS: '5000',
};
// The journeys always run on a fresh embedded database, never on whatever the shell points at. The server and the
// seed also run from the temporary directory, because they read `.env` from their working directory and a developer's
// .env (DATABASE_URL, Stripe keys, SMTP) must not leak into the journeys.
delete env.DATABASE_URL;

let server: ChildProcess | undefined;
let cleaning = false;

/** A staff user made with the resort's own CLI (`npm run staff -- create`); answers what the CLI printed. */
function createStaffUser(user: typeof E2E_STAFF_ADMIN | typeof E2E_OPS_ADMIN): Promise<string> {
  return run(
    [
      ...cliCommand('staff'),
      'create',
      '--username',
      user.username,
      '--name',
      user.name,
      '--email',
      user.email,
      '--role',
      user.role,
    ],
    { ...env, STAFF_PASSWORD: user.password },
    log,
  );
}

async function cleanUpAndExit(code: number): Promise<void> {
  if (cleaning) return;
  cleaning = true;
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolveExit) => server?.once('exit', resolveExit));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolveTimeout) => setTimeout(resolveTimeout, 5000))]);
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  }
  await rm(workDir, { recursive: true, force: true });
  log.end();
  process.exit(code);
}

for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
  process.on(signal, () => void cleanUpAndExit(0));
}

try {
  log.write(`# data dir ${dataDir}, web build snapshot ${webDist}\n`);
  // The seed CLI migrates first, then loads reference and demo data.
  await run(cliCommand('seed'), env, log);
  // The tour operators the journeys sign in as (production seeds none), made with the resort's own CLI.
  for (const operator of JOURNEY_OPERATORS) {
    await run(
      [
        ...cliCommand('operator'),
        'create',
        '--company',
        operator.company,
        '--username',
        operator.username,
        '--email',
        operator.email,
        '--deposit',
        String(operator.deposit),
      ],
      { ...env, OPERATOR_PASSWORD: operator.password },
      log,
    );
  }
  // One created as the resort creates most: the CLI generates a one-time password the operator must replace (issue 24).
  const printed = await run(
    [
      ...cliCommand('operator'),
      'create',
      '--company',
      ONE_TIME_OPERATOR.company,
      '--username',
      ONE_TIME_OPERATOR.username,
      '--email',
      ONE_TIME_OPERATOR.email,
    ],
    { ...env, OPERATOR_PASSWORD: '' },
    log,
  );
  const oneTime = /One-time password \([^)]*\): (\S+)/.exec(printed)?.[1];
  if (!oneTime) throw new Error('the operator CLI printed no one-time password');
  await writeRunSecret(root, port, ONE_TIME_PASSWORD_SECRET, oneTime);
  // The staff administrator of the staff journeys, made like the resort makes its first admin.
  await createStaffUser(E2E_STAFF_ADMIN);
  const printedOps = await createStaffUser(E2E_OPS_ADMIN);
  const opsKey = /secret: (\S+)/.exec(printedOps)?.[1];
  if (!opsKey) throw new Error('the staff CLI printed no factor secret');
  await writeRunSecret(root, port, OPS_FACTOR_KEY_SECRET, opsKey);
  // A confirmed booking whose tee time has passed (the server never sells one): see seed-past-booking.ts.
  await run(
    [
      '--import',
      pathToFileURL(join(root, 'node_modules/tsx/dist/loader.mjs')).href,
      join(root, 'e2e/support/seed-past-booking.ts'),
    ],
    env,
    log,
  );
} catch (error) {
  console.error(
    `e2e server: preparing the database failed: ${error instanceof Error ? error.message : error}`,
  );
  await cleanUpAndExit(1);
}

server = spawn(process.execPath, [serverBundle], { cwd: workDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
server.stdout?.pipe(log, { end: false });
server.stderr?.pipe(log, { end: false });
server.stderr?.pipe(process.stderr, { end: false });
server.on('exit', (code, signal) => {
  if (cleaning) return;
  console.error(`e2e server: the server exited unexpectedly (${signal ?? code}); see ${logPath}`);
  void cleanUpAndExit(code === 0 ? 1 : (code ?? 1));
});
console.info(
  `e2e server: starting ${serverBundle} on ${e2eBaseUrl(port)} (data and site snapshot in ${workDir}, log ${logPath})`,
);
