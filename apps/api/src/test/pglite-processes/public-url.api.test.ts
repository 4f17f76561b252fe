import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listLocalOutbox } from '../../modules/mail/local-outbox-transport.ts';
import { cleanupSteps } from '../cleanup-steps.ts';
import { migratedDataDir } from '../migrated-data-dir.ts';
import {
  type ApiProcess,
  describeProcess,
  logLines,
  readyOrExited,
  runCli,
  spawnApiProcess,
} from '../multi-process/api-process.ts';
import { TEST_API_KEY } from '../test-app.ts';

// Links in e-mails (issue 20, point 8): a server started on PORT=3200 without PUBLIC_URL mailed links to
// http://localhost:3000, where nothing answers. Without PUBLIC_URL, development links now follow the port the
// server really listens on (PORT=0 included), and production refuses to start.

const READY_MS = 120_000;
const OPERATOR = { username: 'links-travel', email: 'ops@links-travel.example' };

const cleanup = cleanupSteps();

async function dataDirWithOperator(): Promise<{ root: string; dataDir: string }> {
  const made = await migratedDataDir('links-public-url-', cleanup);
  const created = await runCli(
    'operator',
    ['create', '--company', 'Links Travel Ltd', '--username', OPERATOR.username, '--email', OPERATOR.email],
    {
      cwd: made.root,
      env: { NODE_ENV: 'development', DATA_DIR: made.dataDir, OPERATOR_PASSWORD: 'Links-Travel-2026!' },
    },
  );
  expect(created.code, created.stderr).toBe(0);
  return made;
}

async function server(
  root: string,
  env: Record<string, string>,
  port?: number,
): Promise<ApiProcess & { gone: Promise<void> }> {
  const started = await spawnApiProcess({
    name: 'server',
    env: { API_KEYS: TEST_API_KEY, LOG_LEVEL: 'info', ...env },
    cwd: root,
    ...(port === undefined ? {} : { port }),
  });
  cleanup.push(() => started.stop(2000));
  return started;
}

/** POST /v1/forgot-password as the browser sends it (a session and its XSRF token first). */
async function forgotPassword(baseUrl: string, username: string): Promise<number> {
  const headers = { 'x-api-key': TEST_API_KEY, 'x-requested-with': 'XMLHttpRequest' };
  const csrf = await fetch(`${baseUrl}/csrf`, { headers });
  const cookies = csrf.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  const token =
    cookies.find((cookie) => cookie?.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '';
  const response = await fetch(`${baseUrl}/v1/forgot-password`, {
    method: 'POST',
    headers: {
      ...headers,
      cookie: cookies.join('; '),
      'x-xsrf-token': token,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ username }),
  });
  await response.arrayBuffer();
  return response.status;
}

/** The reset link of the e-mail the server's outbox worker has written to DATA_DIR/outbox (it runs every 5 s). */
async function mailedResetLink(dataDir: string): Promise<URL> {
  const outbox = join(dataDir, 'outbox');
  await expect
    .poll(async () => (await listLocalOutbox(outbox)).length, { timeout: 60_000, interval: 250 })
    .toBe(1);
  const [entry] = await listLocalOutbox(outbox);
  expect(entry?.to).toBe(OPERATOR.email);
  const html = await readFile(join(outbox, entry?.html ?? ''), 'utf8');
  const href = /href="([^"]*\/reset\?t=[^"]+)"/.exec(html)?.[1];
  expect(href, 'the e-mail holds a reset link').toBeDefined();
  return new URL((href ?? '').replaceAll('&amp;', '&'));
}

describe('PUBLIC_URL unset', () => {
  it('in development, mails links to the port the server listens on', async () => {
    const { root, dataDir } = await dataDirWithOperator();
    const api = await server(root, { NODE_ENV: 'development', DATA_DIR: dataDir });
    expect(
      await readyOrExited(api, { apiKey: TEST_API_KEY, timeoutMs: READY_MS }),
      describeProcess(api),
    ).toBe('ready');
    expect(new URL(api.url).port).not.toBe('3000');

    expect(await forgotPassword(api.url, OPERATOR.username)).toBe(200);
    const link = await mailedResetLink(dataDir);
    expect(link.origin).toBe(api.url);
    // The link works: the page it names is served by this server.
    const page = await fetch(`${link.origin}/v1/time`, {
      headers: { 'x-api-key': TEST_API_KEY, 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(page.status).toBe(200);
  }, 300_000);

  it('in development with PORT=0, uses the port the system gave the server', async () => {
    const { root, dataDir } = await dataDirWithOperator();
    const api = await server(root, { NODE_ENV: 'development', DATA_DIR: dataDir }, 0);
    await expect
      .poll(() => logLines(api).find((line) => line.msg === 'server started'), {
        timeout: READY_MS,
        interval: 250,
      })
      .toBeDefined();
    const started = logLines(api).find((line) => line.msg === 'server started');
    const publicUrl = new URL(String(started?.publicUrl));
    expect(Number(publicUrl.port)).toBeGreaterThan(0);
    expect(await forgotPassword(publicUrl.origin, OPERATOR.username)).toBe(200);
    expect((await mailedResetLink(dataDir)).origin).toBe(publicUrl.origin);
  }, 300_000);

  it('in production, refuses to start with a message saying why', async () => {
    const root = await mkdtemp(join(tmpdir(), 'links-public-url-'));
    cleanup.push(() => rm(root, { recursive: true, force: true }));
    const api = await server(root, {
      NODE_ENV: 'production',
      DATA_DIR: join(root, 'data'),
      SESSION_SECRET: 's'.repeat(40),
      LINK_SIGNING_SECRET: 'l'.repeat(40),
      ADMIN_TOKEN: 'a'.repeat(20),
      STAFF_FACTOR_KEY: 'f'.repeat(40),
    });
    expect(await readyOrExited(api, { apiKey: TEST_API_KEY, timeoutMs: READY_MS })).toBe('exited');
    expect(api.exit()?.code).toBe(1);
    expect(api.stderr()).toContain('PUBLIC_URL: required in production');
  }, 300_000);
});
