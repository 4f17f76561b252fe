import { randomBytes } from 'node:crypto';
import { readFileSync, unlinkSync } from 'node:fs';
import { link, mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

// PGlite is a database inside one process: two processes on one data directory would each write it as if alone
// and corrupt it. Every process that opens a data directory (the server, and each command-line tool) first takes
// DATA_DIR/owner.lock, a file naming it; another process finds the file and refuses, unless the process it names is
// gone (killed, crashed), in which case the lock is stale and is broken.

export const LOCK_FILE = 'owner.lock';

/** What the lock file says about its owner (JSON). */
export type DataDirOwner = {
  /** Who, in words for the refusal message: 'the server', 'npm run db:migrate', ... */
  role: string;
  pid: number;
  host: string;
  startedAt: string;
  /** Linux: the kernel's boot id and the process's start time, so a pid reused after a crash is not taken for the owner. */
  boot?: string;
  processStart?: string;
  /** A server, once it listens: where the maintenance command can reach it. */
  port?: number;
  listenHost?: string;
  /** Random: tells this process's own record from a record another holder wrote. */
  token: string;
};

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: DataDirOwner,
  ) {
    const where = owner.port === undefined ? '' : `, port ${owner.port}`;
    const elsewhere = owner.host === hostname() ? '' : ` on host ${owner.host}`;
    super(
      `The PGlite data directory ${dataDir} is in use by ${owner.role} (pid ${owner.pid}${elsewhere}${where}, since ` +
        `${owner.startedAt}). PGlite allows one process per data directory: stop that process first, or set ` +
        `DATA_DIR to another directory. If that process is certainly gone, delete ${join(dataDir, LOCK_FILE)}.`,
    );
    this.name = 'DataDirInUseError';
  }
}

export type DataDirLock = {
  readonly dataDir: string;
  readonly owner: Readonly<DataDirOwner>;
  /** Records where the server listens (rewritten atomically; the lock is held throughout). */
  update(listening: { port: number; host: string }): Promise<void>;
  /** Gives the directory up (only while the file still holds this process's record). */
  release(): Promise<void>;
};

/** Lock files this process holds (path to token), released on exit if nothing else did. */
const heldHere = new Map<string, string>();
/** Tokens of this process's records, held or being published: a record with our pid is live only if it is one. */
const ourTokens = new Set<string>();

process.once('exit', () => {
  // An uncaught exception or process.exit() skips release(); the lock would only be stale, but it is ours to clear.
  for (const [path, token] of heldHere) {
    try {
      if (parseOwner(readFileSync(path, 'utf8'))?.token === token) unlinkSync(path);
    } catch {
      // Already gone.
    }
  }
});

function parseOwner(text: string): DataDirOwner | undefined {
  try {
    const value = JSON.parse(text) as Partial<DataDirOwner>;
    if (typeof value.pid !== 'number' || typeof value.role !== 'string' || typeof value.token !== 'string') {
      return undefined;
    }
    return value as DataDirOwner;
  } catch {
    return undefined;
  }
}

function readIfExists(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Linux only: the boot id and a process's start time (clock ticks since boot, field 22 of /proc/<pid>/stat). */
function processIdentity(pid: number): { boot?: string; processStart?: string } {
  const identity: { boot?: string; processStart?: string } = {};
  try {
    identity.boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields from the last ')'.
    const processStart = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    if (processStart) identity.processStart = processStart;
  } catch {
    // Not Linux, or the process has just gone: the pid check alone decides.
  }
  return identity;
}

function recordOfThisProcess(role: string): DataDirOwner {
  return {
    role,
    pid: process.pid,
    host: hostname(),
    startedAt: new Date().toISOString(),
    ...processIdentity(process.pid),
    token: randomBytes(12).toString('hex'),
  };
}

/** Whether the process a lock file names still runs (so the lock is live), or is gone (so it is stale). */
function ownerIsAlive(owner: DataDirOwner): boolean {
  // Another machine sharing the directory: its processes cannot be seen from here, so assume it is there.
  if (owner.host !== hostname()) return true;
  // Our own pid: a lock this process holds (a second open is refused too), or one left by an earlier process that
  // had our pid (a container's pid 1 after a restart).
  if (owner.pid === process.pid) return ourTokens.has(owner.token);
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: the process exists under another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const now = processIdentity(owner.pid);
  if (owner.boot !== undefined && now.boot !== undefined && now.boot !== owner.boot) return false;
  // The pid exists but started at another time: the owner died and the pid was given to another process.
  if (owner.processStart !== undefined && now.processStart !== undefined) {
    return now.processStart === owner.processStart;
  }
  return true;
}

/** A file written whole under a private name, so that linking or renaming it publishes complete content at once. */
async function writePrivateCopy(path: string, content: string): Promise<string> {
  const temporary = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temporary, content, { flag: 'wx' });
  return temporary;
}

async function removeQuietly(path: string): Promise<void> {
  await unlink(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
}

/**
 * Publishes `content` at `path` only if nothing is there: link(2) fails with EEXIST exactly like open(2) with
 * O_CREAT|O_EXCL, and the file appears with its content complete, so no reader ever sees it half written.
 */
async function createExclusively(path: string, content: string): Promise<boolean> {
  const temporary = await writePrivateCopy(path, content);
  try {
    await link(temporary, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await removeQuietly(temporary);
  }
}

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Removes the stale lock whose text was `staleText`, unless it has been replaced meanwhile. Breakers take turns
 * through a second lock, so two processes that both found the same stale file cannot both delete "it" (the second
 * would delete the lock the first has just taken).
 */
async function breakStaleLock(path: string, staleText: string): Promise<void> {
  const breaker = `${path}.break`;
  const me = recordOfThisProcess('a lock breaker');
  ourTokens.add(me.token);
  try {
    if (!(await createExclusively(breaker, JSON.stringify(me)))) {
      // Another process is breaking it. If that breaker died mid-way its file would block every later turn, so it
      // is cleared (a breaker dying in the instant between two others' read and removal is not guarded against).
      const text = readIfExists(breaker);
      const other = text === undefined ? undefined : parseOwner(text);
      if (text !== undefined && (!other || !ownerIsAlive(other))) await removeQuietly(breaker);
      await pause(20 + Math.random() * 30);
      return;
    }
    try {
      // Only a breaker removes a lock file it does not own, and breakers take turns: so the file still holds the
      // stale text it held a moment ago, or it was released and maybe taken again (then it is left alone).
      if (readIfExists(path) === staleText) await removeQuietly(path);
    } finally {
      await removeQuietly(breaker);
    }
  } finally {
    ourTokens.delete(me.token);
  }
}

/**
 * Takes the data directory for this process as `role`, or throws DataDirInUseError naming the live process that
 * holds it. A lock left by a process that is gone is broken and taken.
 */
export async function lockDataDir(dataDir: string, role: string): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true });
  const path = resolve(dataDir, LOCK_FILE);
  let owner = recordOfThisProcess(role);

  ourTokens.add(owner.token);
  try {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      if (await createExclusively(path, `${JSON.stringify(owner)}\n`)) {
        heldHere.set(path, owner.token);
        break;
      }
      const text = readIfExists(path);
      // Released between our attempt and this read: try again.
      if (text === undefined) continue;
      const holder = parseOwner(text);
      if (holder && ownerIsAlive(holder)) throw new DataDirInUseError(dataDir, holder);
      // Stale (its process is gone) or unreadable (not written by this code): break it, then try again.
      await breakStaleLock(path, text);
    }
    if (heldHere.get(path) !== owner.token) {
      throw new Error(`Could not take ${path}: other processes kept taking and releasing it.`);
    }
  } catch (error) {
    ourTokens.delete(owner.token);
    throw error;
  }

  const stillMine = () => parseOwner(readIfExists(path) ?? '')?.token === owner.token;
  return {
    dataDir,
    get owner() {
      return owner;
    },
    async update(listening) {
      if (!stillMine()) throw new Error(`${path} no longer holds this process's record.`);
      owner = { ...owner, port: listening.port, listenHost: listening.host };
      // rename(2) replaces the file in one step: at every moment the lock exists and names this process.
      await rename(await writePrivateCopy(path, `${JSON.stringify(owner)}\n`), path);
    },
    async release() {
      if (heldHere.get(path) !== owner.token) return;
      if (stillMine()) await removeQuietly(path);
      heldHere.delete(path);
      ourTokens.delete(owner.token);
    },
  };
}

/** The live process that holds the data directory, if any (a stale lock is reported as no owner). */
export async function dataDirOwner(dataDir: string): Promise<DataDirOwner | undefined> {
  const path = resolve(dataDir, LOCK_FILE);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
  const holder = parseOwner(text);
  return holder && ownerIsAlive(holder) ? holder : undefined;
}
