import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { apiHeaders, createTestDatabase, testConfig } from '../test/test-app.ts';
import { createRequestIdGenerator } from './request-logging.ts';

type LogLine = Record<string, unknown>;

describe('request logs', () => {
  const lines: LogLine[] = [];
  let app: FastifyInstance;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    const test = await createTestDatabase();
    dispose = test.dispose;
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        for (const text of String(chunk).split('\n')) if (text) lines.push(JSON.parse(text) as LogLine);
        callback();
      },
    });
    app = await buildApp({
      config: testConfig({ logLevel: 'info' }),
      database: test.database,
      logger: { stream },
    });
    // A route that logs through request.log, as the error handler and some routes do.
    app.get('/logs-through-request-log', async (request) => {
      request.log.warn({ detail: 'something' }, 'a route line');
      return { data: true };
    });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await dispose();
  });

  it('writes one line per request with id, method, route, status and time, never the query string', async () => {
    lines.length = 0;
    const response = await app.inject({
      method: 'GET',
      url: '/v1/time?pin=123456&signature=secret',
      headers: apiHeaders(),
    });
    expect(response.statusCode).toBe(200);
    const requestLines = lines.filter((line) => line.msg === 'request');
    expect(requestLines).toHaveLength(1);
    const [line] = requestLines;
    expect(line).toMatchObject({ method: 'GET', url: '/v1/time', status: 200, level: 30 });
    expect(typeof line?.reqId).toBe('string');
    expect(typeof line?.ms).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('123456');
    expect(JSON.stringify(lines)).not.toContain('secret');
  });

  it('logs refusals too, with the route pattern rather than the path', async () => {
    lines.length = 0;
    const response = await app.inject({ method: 'GET', url: '/v1/courses/999/diary?start_date=x' });
    expect(response.statusCode).toBe(401);
    expect(lines.filter((line) => line.msg === 'request')).toEqual([
      expect.objectContaining({ url: '/v1/courses/:id/diary', status: 401 }),
    ]);
  });

  it('binds the request id to lines written through request.log', async () => {
    lines.length = 0;
    await app.inject({ method: 'GET', url: '/logs-through-request-log' });
    const routeLine = lines.find((line) => line.msg === 'a route line');
    const requestLine = lines.find((line) => line.msg === 'request');
    expect(routeLine).toMatchObject({ level: 40, detail: 'something' });
    expect(routeLine?.reqId).toBeDefined();
    expect(routeLine?.reqId).toBe(requestLine?.reqId);
  });
});

describe('request ids', () => {
  it('are unique within a process and differ between processes (generators)', () => {
    const first = createRequestIdGenerator();
    const second = createRequestIdGenerator();
    const ids = new Set([first(), first(), first(), second(), second()]);
    expect(ids.size).toBe(5);
  });
});
