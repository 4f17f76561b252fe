import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataDirOwner, LOCK_FILE } from '../../db/data-dir-lock.ts';
import { cleanupSteps } from '../cleanup-steps.ts';
import { migratedDataDir } from '../migrated-data-dir.ts';
import {
  type ApiProcess,
  type CliRun,
  describeProcess,
  readyOrExited,
  runCli,
  spawnApiProcess,
  spawnCli,
} from '../multi-process/api-process.ts';
import { TEST_API_KEY } from '../test-app.ts';

// One process per PGlite data directory (issue 20, point 7): two servers were started on one DATA_DIR and both
// ran, each writing the database as if alone. Real processes, as `npm start` and the npm commands run them: the
// server and every command take DATA_DIR/owner.lock (created exclusively, naming the owner's pid), refuse a live
// owner with a message naming it, and break a lock whose process is gone.

const READY_MS = 120_000;

const cleanup = cleanupSteps();

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

const ready = (apiProcess: ApiProcess) =>
  readyOrExited(apiProcess, { apiKey: TEST_API_KEY, timeoutMs: READY_MS });

const commandEnv = (dataDir: string) => ({ NODE_ENV: 'development', DATA_DIR: dataDir });

function command(name: string, args: string[], root: string, dataDir: string): CliRun {
  const run = spawnCli(name, args, { cwd: root, env: commandEnv(dataDir) });
  cleanup.push(async () => {
    if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL');
  });
  return run;
}

function runCommand(name: string, args: string[], root: string, dataDir: string) {
  return runCli(name, args, { cwd: root, env: commandEnv(dataDir) });
}

async function ownerPid(dataDir: string): Promise<number | undefined> {
  return (await dataDirOwner(dataDir))?.pid;
}

describe('one process per PGlite data directory', () => {
  it('refuses a second server while the first runs, naming it; the first keeps serving', async () => {
    const { root, dataDir } = await migratedDataDir('links-owner-', cleanup);
    const first = await server('first', root, dataDir);
    expect(await ready(first), describeProcess(first)).toBe('ready');

    const second = await server('second', root, dataDir);
    expect(await ready(second), 'the second server started beside the first').toBe('exited');
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
    const { root, dataDir } = await migratedDataDir('links-owner-', cleanup);
    const both = await Promise.all([server('left', root, dataDir), server('right', root, dataDir)]);
    const outcomes = await Promise.all(both.map((one) => ready(one)));
    expect([...outcomes].sort(), both.map((one) => describeProcess(one)).join('\n')).toEqual([
      'exited',
      'ready',
    ]);
    const winner = both[outcomes.indexOf('ready')];
    expect(await ownerPid(dataDir)).toBe(winner?.pid);
  }, 300_000);

  it('takes over a lock left by a killed server (its pid is gone)', async () => {
    const { root, dataDir } = await migratedDataDir('links-owner-', cleanup);
    const killed = await server('killed', root, dataDir);
    expect(await ready(killed)).toBe('ready');
    await killed.stop(0);
    expect(killed.exit()?.signal).toBe('SIGKILL');
    // The file is still there, naming a process that no longer exists.
    expect(JSON.parse(await readFile(join(dataDir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: killed.pid });
    expect(await ownerPid(dataDir)).toBeUndefined();

    const next = await server('next', root, dataDir);
    expect(await ready(next), describeProcess(next)).toBe('ready');
    expect(await ownerPid(dataDir)).toBe(next.pid);
  }, 300_000);

  it('sees a command holding the directory: the server and the other commands refuse until it is done', async () => {
    const { root, dataDir } = await migratedDataDir('links-owner-', cleanup);
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
    expect(await ready(blocked)).toBe('exited');
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
    expect(await ready(after), describeProcess(after)).toBe('ready');
  }, 300_000);
});
