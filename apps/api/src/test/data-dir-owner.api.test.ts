import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createPgliteDatabase } from '../db/client.ts';
import { dataDirOwner, LOCK_FILE } from '../db/data-dir-lock.ts';
import { migrate } from '../db/migrate.ts';
import { type ApiProcess, describeProcess, spawnApiProcess } from './multi-process/api-process.ts';
import { TEST_API_KEY } from './test-app.ts';

// One process per PGlite data directory (issue 20, point 7): two servers were started on one DATA_DIR and both
// ran, each writing the database as if alone. Real processes, as `npm start` and the npm commands run them: the
// server and every command take DATA_DIR/owner.lock (created exclusively, naming the owner's pid), refuse a live
// owner with a message naming it, and break a lock whose process is gone.

const TSX_LOADER = import.meta.resolve('tsx');
const CLI = (name: string) => fileURLToPath(new URL(`../cli/${name}.ts`, import.meta.url));
const READY_MS = 120_000;

const cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** A migrated PGlite data directory (from the run's template when there is one: initdb is slow). */
async function migratedDataDir(): Promise<{ root: string; dataDir: string }> {
  const root = await mkdtemp(join(tmpdir(), 'links-owner-'));
  cleanup.push(() => rm(root, { recursive: true, force: true }));
  const dataDir = join(root, 'data');
  const template = inject('pgliteTemplatePath');
  const client = await PGlite.create({
    dataDir,
    ...(template ? { loadDataDir: new Blob([await readFile(template)]) } : {}),
  });
  const database = createPgliteDatabase(client);
  await migrate(database);
  await database.close();
  return { root, dataDir };
}

function serverEnv(dataDir: string): Record<string, string> {
  return {
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    API_KEYS: TEST_API_KEY,
    LOG_LEVEL: 'info',
    HOLD_SWEEP_INTERVAL_MS: '0',
  };
}

async function server(
  name: string,
  root: string,
  dataDir: string,
): Promise<ApiProcess & { gone: Promise<void> }> {
  const started = await spawnApiProcess({ name, env: serverEnv(dataDir), cwd: root });
  cleanup.push(() => started.stop(2000));
  return started;
}

/** 'ready' once GET /v1/time answers 200, 'exited' if the process ends first. */
async function readyOrExited(apiProcess: ApiProcess): Promise<'ready' | 'exited'> {
  const deadline = Date.now() + READY_MS;
  while (Date.now() < deadline) {
    if (apiProcess.exit()) return 'exited';
    try {
      const response = await fetch(`${apiProcess.url}/v1/time`, {
        headers: { 'x-api-key': TEST_API_KEY, 'x-requested-with': 'XMLHttpRequest' },
        signal: AbortSignal.timeout(2000),
      });
      await response.arrayBuffer();
      if (response.status === 200) return 'ready';
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${apiProcess.name} neither started nor exited\n${describeProcess(apiProcess)}`);
}

type Command = {
  child: ChildProcess;
  done: Promise<{ code: number | null; stdout: string; stderr: string }>;
};

/** `npm run <name>` as a process of its own (node --import tsx src/cli/<name>.ts), stdin left open for the caller. */
function command(name: string, args: string[], root: string, dataDir: string): Command {
  const child = spawn(process.execPath, ['--import', TSX_LOADER, CLI(name), ...args], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: root,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  cleanup.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
  return { child, done };
}

async function runCommand(name: string, args: string[], root: string, dataDir: string) {
  const run = command(name, args, root, dataDir);
  run.child.stdin?.end();
  return run.done;
}

async function ownerPid(dataDir: string): Promise<number | undefined> {
  return (await dataDirOwner(dataDir))?.pid;
}

describe('one process per PGlite data directory', () => {
  it('refuses a second server while the first runs, naming it; the first keeps serving', async () => {
    const { root, dataDir } = await migratedDataDir();
    const first = await server('first', root, dataDir);
    expect(await readyOrExited(first), describeProcess(first)).toBe('ready');

    const second = await server('second', root, dataDir);
    expect(await readyOrExited(second), 'the second server started beside the first').toBe('exited');
    expect(second.exit()?.code).toBe(1);
    expect(second.stderr()).toContain(
      `The PGlite data directory ${dataDir} is in use by the server (pid ${first.pid}`,
    );
    expect(await ownerPid(dataDir)).toBe(first.pid);

    const time = await fetch(`${first.url}/v1/time`, {
      headers: { 'x-api-key': TEST_API_KEY, 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(time.status).toBe(200);
    // The maintenance command finds the server through the lock file and asks it.
    const status = await runCommand('maintenance', ['status'], root, dataDir);
    expect(status.stdout).toContain(`via server pid ${first.pid} on port ${new URL(first.url).port}`);

    // A clean shutdown gives the directory up.
    await first.stop();
    expect(first.exit()?.code).toBe(0);
    expect(await ownerPid(dataDir)).toBeUndefined();
  }, 300_000);

  it('runs exactly one of two servers started at the same moment', async () => {
    const { root, dataDir } = await migratedDataDir();
    const both = await Promise.all([server('left', root, dataDir), server('right', root, dataDir)]);
    const outcomes = await Promise.all(both.map((one) => readyOrExited(one)));
    expect([...outcomes].sort(), both.map((one) => describeProcess(one)).join('\n')).toEqual([
      'exited',
      'ready',
    ]);
    const winner = both[outcomes.indexOf('ready')];
    expect(await ownerPid(dataDir)).toBe(winner?.pid);
  }, 300_000);

  it('takes over a lock left by a killed server (its pid is gone)', async () => {
    const { root, dataDir } = await migratedDataDir();
    const killed = await server('killed', root, dataDir);
    expect(await readyOrExited(killed)).toBe('ready');
    await killed.stop(0);
    expect(killed.exit()?.signal).toBe('SIGKILL');
    // The file is still there, naming a process that no longer exists.
    expect(JSON.parse(await readFile(join(dataDir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: killed.pid });
    expect(await ownerPid(dataDir)).toBeUndefined();

    const next = await server('next', root, dataDir);
    expect(await readyOrExited(next), describeProcess(next)).toBe('ready');
    expect(await ownerPid(dataDir)).toBe(next.pid);
  }, 300_000);

  it('sees a command holding the directory: the server and the other commands refuse until it is done', async () => {
    const { root, dataDir } = await migratedDataDir();
    // `operator create --password-stdin` holds the database open while it waits for the password.
    const operator = command(
      'operator',
      [
        'create',
        '--company',
        'Lock Test Tours',
        '--username',
        'lock-test',
        '--email',
        'ops@lock-test.example',
        '--password-stdin',
      ],
      root,
      dataDir,
    );
    await expect.poll(() => ownerPid(dataDir), { timeout: READY_MS, interval: 100 }).toBe(operator.child.pid);
    const refusal = `is in use by npm run operator (pid ${operator.child.pid}`;

    const blocked = await server('blocked', root, dataDir);
    expect(await readyOrExited(blocked)).toBe('exited');
    expect(blocked.stderr()).toContain(refusal);
    for (const [name, args] of [
      ['maintenance', ['status']],
      ['migrate', []],
      ['seed', []],
      ['operator', ['list']],
    ] as const) {
      const other = await runCommand(name, [...args], root, dataDir);
      expect(other.code, `${name}: ${other.stderr}`).toBe(1);
      expect(other.stderr, name).toContain(refusal);
    }

    operator.child.stdin?.end('Lock-Test-Tours-2026!\n');
    const created = await operator.done;
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain('Created #1 lock-test');
    expect(await ownerPid(dataDir)).toBeUndefined();

    const after = await server('after', root, dataDir);
    expect(await readyOrExited(after), describeProcess(after)).toBe('ready');
  }, 300_000);
});
