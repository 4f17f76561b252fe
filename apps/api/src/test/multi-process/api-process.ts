import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';

// One API server as its own OS process, run from source (node --import tsx src/server.ts) exactly as `npm run dev`
// runs it: nothing is shared with the test process or with another server but the database.

const SERVER_ENTRY = fileURLToPath(new URL('../../server.ts', import.meta.url));
const CLI_DIR = fileURLToPath(new URL('../../cli/', import.meta.url));
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
/** What each stream keeps for failure messages and log checks (the tail). */
const MAX_KEPT_CHARS = 2_000_000;

export type ApiProcess = {
  name: string;
  /** http://127.0.0.1:<port> */
  url: string;
  pid: number | undefined;
  stdout(): string;
  stderr(): string;
  /** Set once the process has exited. */
  exit(): { code: number | null; signal: NodeJS.Signals | null } | undefined;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves when the process is gone. */
  stop(graceMs?: number): Promise<void>;
};

/** A port nothing listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const running = new Set<ChildProcess>();
// A worker that dies (or a run interrupted) must not leave servers behind holding the database.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

function keep(buffer: { text: string }, chunk: Buffer): void {
  buffer.text += chunk.toString('utf8');
  if (buffer.text.length > MAX_KEPT_CHARS) buffer.text = buffer.text.slice(-MAX_KEPT_CHARS);
}

/**
 * `node --import tsx <args>` with `env` on top of PATH and HOME only: nothing from the test runner (TEST_DB, VITEST_*,
 * NODE_OPTIONS) leaks in, as nothing would in a deployment. Killed if the run ends first; the tail of its output kept.
 */
function spawnFromSource(
  args: string[],
  options: { cwd: string; env: Record<string, string>; stdin: 'ignore' | 'pipe' },
) {
  const child = spawn(process.execPath, ['--import', TSX_LOADER, ...args], {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? options.cwd, ...options.env },
    stdio: [options.stdin, 'pipe', 'pipe'],
  });
  running.add(child);
  const out = { text: '' };
  const err = { text: '' };
  child.stdout?.on('data', (chunk: Buffer) => keep(out, chunk));
  child.stderr?.on('data', (chunk: Buffer) => keep(err, chunk));
  // 'close', not 'exit': by then the process's last output has been read from its pipes.
  const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('close', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    });
  });
  return { child, out, err, closed };
}

/**
 * Starts the server with `env` (on top of PATH and HOME only) on `port` (a free one when not given) and returns at
 * once, without waiting for it to be ready: for a process that is meant to fail at start-up.
 */
export async function spawnApiProcess(options: {
  name: string;
  env: Record<string, string>;
  cwd: string;
  port?: number;
}): Promise<ApiProcess & { gone: Promise<void> }> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const { child, out, err, closed } = spawnFromSource([SERVER_ENTRY], {
    cwd: options.cwd,
    env: { ...options.env, HOST: '127.0.0.1', PORT: String(port) },
    stdin: 'ignore',
  });
  let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  const gone = closed.then((ended) => {
    exited = ended;
  });

  return {
    name: options.name,
    url,
    pid: child.pid,
    gone,
    stdout: () => out.text,
    stderr: () => err.text,
    exit: () => exited,
    async stop(graceMs = 5000) {
      if (exited) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await gone;
      clearTimeout(timer);
    },
  };
}

/**
 * Waits until GET /v1/time answers 200 ('ready') or the process ends ('exited'); throws (stopping it) when neither
 * happens within `timeoutMs`.
 */
export async function readyOrExited(
  apiProcess: ApiProcess,
  options: { apiKey: string; timeoutMs: number },
): Promise<'ready' | 'exited'> {
  const deadline = Date.now() + options.timeoutMs;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (apiProcess.exit()) return 'exited';
    try {
      const response = await fetch(`${apiProcess.url}/v1/time`, {
        headers: { 'x-api-key': options.apiKey, 'x-requested-with': 'XMLHttpRequest' },
        signal: AbortSignal.timeout(2000),
      });
      await response.arrayBuffer();
      if (response.status === 200) return 'ready';
      lastProblem = `GET /v1/time answered ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await apiProcess.stop(1000);
  throw new Error(
    `${apiProcess.name} was not ready within ${options.timeoutMs} ms (${lastProblem})\n${describeProcess(apiProcess)}`,
  );
}

/** Starts the server with `env` (on top of PATH and HOME only) and waits until GET /v1/time answers 200. */
export async function startApiProcess(options: {
  name: string;
  env: Record<string, string>;
  cwd: string;
  apiKey: string;
  readyTimeoutMs: number;
}): Promise<ApiProcess> {
  const apiProcess: ApiProcess = await spawnApiProcess(options);
  const outcome = await readyOrExited(apiProcess, {
    apiKey: options.apiKey,
    timeoutMs: options.readyTimeoutMs,
  });
  if (outcome === 'exited') {
    throw new Error(
      `${options.name} exited before it was ready (${JSON.stringify(apiProcess.exit())})\n${describeProcess(apiProcess)}`,
    );
  }
  return apiProcess;
}

/** The tail of a process's stderr and stdout, for failure messages. */
export function describeProcess(apiProcess: ApiProcess, chars = 4000): string {
  const tail = (text: string) => (text.length > chars ? `...${text.slice(-chars)}` : text) || '(empty)';
  const status = apiProcess.exit() ? `exited ${JSON.stringify(apiProcess.exit())}` : 'running';
  return [
    `--- ${apiProcess.name} (pid ${apiProcess.pid}, ${apiProcess.url}, ${status}) stderr ---`,
    tail(apiProcess.stderr()),
    `--- ${apiProcess.name} stdout ---`,
    tail(apiProcess.stdout()),
  ].join('\n');
}

/** The JSON log lines a process has written so far (pino, one object per line). */
export function logLines(apiProcess: ApiProcess): Array<Record<string, unknown>> {
  const lines: Array<Record<string, unknown>> = [];
  for (const line of apiProcess.stdout().split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      lines.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      // A line cut by the kept-tail limit or by a buffer boundary: not a log entry we can read.
    }
  }
  return lines;
}

export type CliRun = {
  child: ChildProcess;
  /** Resolves when the command has ended, with its exit code and everything it printed. */
  done: Promise<{ code: number | null; stdout: string; stderr: string }>;
};

/**
 * `npm run <name>` as a process of its own (node --import tsx src/cli/<name>.ts) with `env` on top of PATH and
 * HOME only. Standard input stays open for the caller: write to it, and end it (`child.stdin.end()`).
 */
export function spawnCli(
  name: string,
  args: string[],
  options: { cwd: string; env: Record<string, string> },
): CliRun {
  const { child, out, err, closed } = spawnFromSource([`${CLI_DIR}${name}.ts`, ...args], {
    ...options,
    stdin: 'pipe',
  });
  const done = closed.then(({ code }) => ({ code, stdout: out.text, stderr: err.text }));
  return { child, done };
}

/** Runs a command to its end with nothing on standard input. */
export function runCli(name: string, args: string[], options: { cwd: string; env: Record<string, string> }) {
  const run = spawnCli(name, args, options);
  run.child.stdin?.end();
  return run.done;
}
