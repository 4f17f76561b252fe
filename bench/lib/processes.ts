import { type ChildProcess, spawn } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';

/** A port that was free a moment ago (the OS picks it), for child servers that need one before they start. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

const children = new Set<ChildProcess>();

/** Starts `node <args>`; the child is killed when the bench exits, however it exits. */
export function startNode(
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; stdout: 'inherit' | 'ignore' | number },
): ChildProcess {
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', options.stdout, options.stdout === 'ignore' ? 'inherit' : options.stdout],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

export function runNode(
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; log: number },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = startNode(args, { ...options, stdout: options.log });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`node ${args.join(' ')} exited with ${signal ?? code}`)),
    );
  });
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

export function killAllChildren(): void {
  for (const child of children) child.kill('SIGKILL');
}

process.once('exit', killAllChildren);

/** Polls the URL until it answers with the expected status, or fails once the child dies or time runs out. */
export async function waitForHttp(
  url: string,
  options: { headers?: Record<string, string>; status?: number; child: ChildProcess; timeoutMs?: number },
): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (options.child.exitCode !== null || options.child.signalCode !== null) {
      throw new Error(
        `the server exited (${options.child.signalCode ?? options.child.exitCode}) before ${url} answered`,
      );
    }
    try {
      const response = await fetch(url, { headers: options.headers ?? {} });
      await response.arrayBuffer();
      if (response.status === (options.status ?? 200)) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer ${options.status ?? 200} in time (last: ${last})`);
}

/** Resident memory of a process in bytes, from /proc (Linux); undefined elsewhere. */
export async function residentBytes(pid: number | undefined): Promise<number | undefined> {
  if (pid === undefined) return undefined;
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

export type MemoryFigures = { rss: number; heapUsed?: number; heapTotal?: number };

/**
 * Resident size from /proc, plus V8 heap figures from a server started with bench/lib/memory-probe.mjs: it is sent
 * SIGUSR2 and answers by writing process.memoryUsage() to `memoryFile`.
 */
export async function memoryOf(
  pid: number | undefined,
  memoryFile: string,
): Promise<MemoryFigures | undefined> {
  const rss = await residentBytes(pid);
  if (rss === undefined || pid === undefined) return undefined;
  await rm(memoryFile, { force: true });
  try {
    process.kill(pid, 'SIGUSR2');
  } catch {
    return { rss };
  }
  for (let attempt = 0; attempt < 40; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    try {
      const usage = JSON.parse(await readFile(memoryFile, 'utf8')) as NodeJS.MemoryUsage;
      return { rss, heapUsed: usage.heapUsed, heapTotal: usage.heapTotal };
    } catch {
      // not written yet
    }
  }
  return { rss };
}

/** CPU time (user + system) a process has used so far, in milliseconds, from /proc (Linux); undefined elsewhere. */
export async function cpuMilliseconds(pid: number | undefined): Promise<number | undefined> {
  if (pid === undefined) return undefined;
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command name; utime and stime are the 14th and 15th fields, in clock ticks (100/s).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}
