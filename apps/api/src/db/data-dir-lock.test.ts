import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DataDirInUseError,
  type DataDirOwner,
  dataDirOwner,
  LOCK_FILE,
  lockDataDir,
} from './data-dir-lock.ts';

// The lock file itself, in one process (the processes are in src/test/data-dir-owner.api.test.ts).

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'links-lock-'));
  dirs.push(dir);
  return join(dir, 'data');
}

/** The pid of a process that has just ended (so nothing runs under it, for now). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  });
  return Number(child.stdout);
}

async function writeLock(dir: string, owner: Partial<DataDirOwner>): Promise<void> {
  const { mkdir } = await import('node:fs/promises');
  await mkdir(dir, { recursive: true });
  const record = {
    role: 'the server',
    host: hostname(),
    startedAt: '2026-11-25T10:00:00.000Z',
    token: 'old',
    ...owner,
  };
  await writeFile(join(dir, LOCK_FILE), JSON.stringify(record));
}

describe('lockDataDir', () => {
  it('refuses a second owner while the first holds the directory, and lets it in once released', async () => {
    const dir = await dataDir();
    const first = await lockDataDir(dir, 'the server');
    const refusal = await lockDataDir(dir, 'npm run db:seed').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DataDirInUseError);
    expect((refusal as Error).message).toBe(
      `The PGlite data directory ${dir} is in use by the server (pid ${process.pid}, since ${first.owner.startedAt}). ` +
        'PGlite allows one process per data directory: stop that process first, or set DATA_DIR to another ' +
        `directory. If that process is certainly gone, delete ${join(dir, LOCK_FILE)}.`,
    );
    expect((await dataDirOwner(dir))?.role).toBe('the server');

    await first.release();
    expect(await dataDirOwner(dir)).toBeUndefined();
    const second = await lockDataDir(dir, 'npm run db:seed');
    expect((await dataDirOwner(dir))?.role).toBe('npm run db:seed');
    await second.release();
  });

  it('lets exactly one of many simultaneous attempts in', async () => {
    const dir = await dataDir();
    const attempts = await Promise.allSettled(
      Array.from({ length: 20 }, () => lockDataDir(dir, 'the server')),
    );
    const taken = attempts.filter((attempt) => attempt.status === 'fulfilled');
    expect(taken).toHaveLength(1);
    for (const attempt of attempts) {
      if (attempt.status === 'rejected') expect(attempt.reason).toBeInstanceOf(DataDirInUseError);
    }
    await (taken[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof lockDataDir>>>).value.release();
    // No temporary or breaker file is left behind.
    expect(await readdir(dir)).toEqual([]);
  });

  it('records where the server listens, replacing the file in one step', async () => {
    const dir = await dataDir();
    const lock = await lockDataDir(dir, 'the server');
    await lock.update({ port: 3200, host: '0.0.0.0' });
    expect(await dataDirOwner(dir)).toMatchObject({ pid: process.pid, port: 3200, listenHost: '0.0.0.0' });
    expect(await readdir(dir)).toEqual([LOCK_FILE]);
    await lock.release();
  });

  it.each([
    ['a process that has ended', () => ({ pid: deadPid() })],
    ['this process, but not its own record (a pid 1 restarted in a container)', () => ({ pid: process.pid })],
    [
      'a pid since given to another process (its start time differs)',
      () => ({ pid: process.ppid, processStart: '1' }),
    ],
    ['an earlier boot of this machine', () => ({ pid: process.ppid, boot: 'an-earlier-boot' })],
  ])('breaks a stale lock left by %s', async (_label, owner) => {
    const dir = await dataDir();
    await writeLock(dir, owner());
    expect(await dataDirOwner(dir)).toBeUndefined();
    const lock = await lockDataDir(dir, 'the server');
    expect(JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid });
    await lock.release();
  });

  it('breaks an unreadable lock file', async () => {
    const dir = await dataDir();
    await writeLock(dir, {});
    await writeFile(join(dir, LOCK_FILE), 'not json');
    const lock = await lockDataDir(dir, 'the server');
    await lock.release();
  });

  it.each([
    ['a live process of this machine', () => ({ pid: process.ppid })],
    [
      'a process on another host sharing the directory (it cannot be checked)',
      () => ({ pid: deadPid(), host: 'elsewhere' }),
    ],
  ])('respects a lock held by %s', async (_label, owner) => {
    const dir = await dataDir();
    await writeLock(dir, owner());
    await expect(lockDataDir(dir, 'the server')).rejects.toBeInstanceOf(DataDirInUseError);
  });

  it('leaves a lock another process has taken in its place alone on release', async () => {
    const dir = await dataDir();
    const lock = await lockDataDir(dir, 'the server');
    // Someone deleted our file by hand and another owner took the directory.
    await writeLock(dir, { pid: process.ppid, token: 'theirs' });
    await lock.release();
    expect(JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ token: 'theirs' });
  });
});
