import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createLogDestination } from './log-destination.ts';

function recordingSink() {
  const writes: string[] = [];
  const calls: string[] = [];
  return {
    writes,
    calls,
    write(chunk: string) {
      writes.push(chunk);
      calls.push('write');
    },
    flush() {
      calls.push('flush');
    },
    flushSync() {
      calls.push('flushSync');
    },
  };
}

const line = (n: number) => `{"msg":"request","n":${n}}\n`;

describe('createLogDestination', () => {
  it('holds lines until minLength characters have gathered, then hands them over as one chunk, in order', () => {
    const sink = recordingSink();
    const destination = createLogDestination(sink, 3 * line(1).length);
    destination.write(line(1));
    destination.write(line(2));
    expect(sink.writes).toEqual([]);
    destination.write(line(3));
    expect(sink.writes).toEqual([line(1) + line(2) + line(3)]);
    destination.write(line(4));
    expect(sink.writes).toHaveLength(1);
  });

  it('flush hands over what is held before asking the sink to write it out', () => {
    const sink = recordingSink();
    const destination = createLogDestination(sink, 4096);
    destination.write(line(1));
    destination.flush();
    expect(sink.writes).toEqual([line(1)]);
    expect(sink.calls).toEqual(['write', 'flush']);
  });

  it('flushSync does the same with the sink’s synchronous flush (shutdown), and an empty flush writes nothing', () => {
    const sink = recordingSink();
    const destination = createLogDestination(sink, 4096);
    destination.flushSync();
    expect(sink.calls).toEqual(['flushSync']);
    destination.write(line(1));
    destination.write(line(2));
    destination.flushSync();
    expect(sink.writes).toEqual([line(1) + line(2)]);
    expect(sink.calls).toEqual(['flushSync', 'write', 'flushSync']);
  });

  it('keeps every line through pino unchanged', async () => {
    const { default: pino } = await import('pino');
    const sink = recordingSink();
    const destination = createLogDestination(sink, 10_000);
    const logger = pino({ base: null, timestamp: false }, destination);
    logger.info({ n: 1 }, 'first');
    logger.warn('second');
    destination.flush();
    expect(
      sink.writes
        .join('')
        .trim()
        .split('\n')
        .map((text) => JSON.parse(text)),
    ).toEqual([
      { level: 30, n: 1, msg: 'first' },
      { level: 40, msg: 'second' },
    ]);
  });
});

describe('createStdoutLogDestination', () => {
  const moduleUrl = new URL('./log-destination.ts', import.meta.url).href;
  const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

  /** Runs `ending` in a fresh Node process right after a line is logged, and returns what reached stdout. */
  const runUntilExit = (ending: string) => {
    const script = [
      "import pino from 'pino';",
      `import { createStdoutLogDestination } from ${JSON.stringify(moduleUrl)};`,
      'const logger = pino({ base: null, timestamp: false }, createStdoutLogDestination());',
      "logger.info('a held line');",
      ending,
    ].join('\n');
    return spawnSync(process.execPath, ['--import', tsxLoader, '--input-type=module', '-e', script], {
      // pino resolves from the API workspace, where the server finds it.
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      encoding: 'utf8',
      timeout: 30_000,
    });
  };

  it.each([
    ['an uncaught exception', "setTimeout(() => { throw new Error('crash'); }, 0);", 1],
    ['process.exit()', 'setTimeout(() => process.exit(3), 0);', 3],
  ])('writes the lines it holds before the process ends by %s', (_, ending, status) => {
    const child = runUntilExit(ending);
    expect(child.status, child.stderr).toBe(status);
    expect(child.stdout).toBe('{"level":30,"msg":"a held line"}\n');
  });

  it('writes a fatal line before pino returns, so an exit straight after it loses nothing', () => {
    const child = runUntilExit("logger.fatal('cannot go on'); process.exit(1);");
    expect(child.status, child.stderr).toBe(1);
    expect(child.stdout).toBe('{"level":30,"msg":"a held line"}\n{"level":60,"msg":"cannot go on"}\n');
  });
});
