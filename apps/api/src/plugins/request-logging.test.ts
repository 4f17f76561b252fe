import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { type RequestLine, requestLineWriter } from './request-logging.ts';

function capture(options: pino.LoggerOptions = {}) {
  const lines: string[] = [];
  const stream = { write: (text: string) => void lines.push(...text.split('\n').filter(Boolean)) };
  const log = pino({ level: 'info', ...options }, stream) as unknown as FastifyBaseLogger;
  return { log, lines };
}

const LINE: RequestLine = {
  reqId: '1f2e3d4c-2s',
  method: 'GET',
  url: '/v1/courses/:id/diary',
  status: 200,
  ms: 0.4,
};

/** Without the time field, which differs by the millisecond between two writes. */
const timeless = (text: string) => text.replace(/"time":\d+,/, '');

describe('the request line writer', () => {
  it('writes byte for byte what pino writes for the same line (the app logger options)', () => {
    const options: pino.LoggerOptions = {
      redact: { paths: ['req.headers.cookie', 'req.query'], censor: '[redacted]' },
    };
    const fast = capture(options);
    const slow = capture(options);
    const viaPino = vi.spyOn(fast.log, 'info');
    requestLineWriter(fast.log)(LINE);
    // The fast path, not pino's: the point of the writer.
    expect(viaPino).not.toHaveBeenCalled();
    slow.log.info(LINE, 'request');
    expect(fast.lines).toHaveLength(1);
    expect(timeless(fast.lines[0] as string)).toBe(timeless(slow.lines[0] as string));
    expect(JSON.parse(fast.lines[0] as string)).toMatchObject({ ...LINE, level: 30, msg: 'request' });
  });

  it('escapes what it writes: a path with quotes and control characters stays one valid JSON line', () => {
    const { log, lines } = capture();
    requestLineWriter(log)({ ...LINE, url: '/no-route/"\\\n\u0001', ms: Number.NaN });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] as string)).toMatchObject({ url: '/no-route/"\\\n\u0001', ms: null });
  });

  it('respects the level: nothing below warn is written at warn', () => {
    const { log, lines } = capture({ level: 'warn' });
    requestLineWriter(log)(LINE);
    expect(lines).toEqual([]);
  });

  it('leaves unusual loggers to pino (a mixin, a custom message key)', () => {
    const mixed = capture({ mixin: () => ({ region: 'eu' }) });
    requestLineWriter(mixed.log)(LINE);
    expect(JSON.parse(mixed.lines[0] as string)).toMatchObject({ region: 'eu', reqId: LINE.reqId });
    const keyed = capture({ messageKey: 'message' });
    requestLineWriter(keyed.log)(LINE);
    expect(JSON.parse(keyed.lines[0] as string)).toMatchObject({ message: 'request' });
  });
});
