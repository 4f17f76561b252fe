import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CSRF_MESSAGE } from '../lib/app-error.ts';
import { SESSION_COOKIE, XSRF_COOKIE } from '../lib/session-token.ts';
import { apiHeaders, createTestApp, type TestApp, withCsrf } from '../test/test-app.ts';
import { SIGNED_WEBHOOK_GUARDS } from './request-guards.ts';

let t: TestApp;
const received: unknown[] = [];

// Stand-ins for real state-changing routes, registered the way modules register theirs.
const echoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/v1/test/echo',
    {
      schema: {
        body: z
          .object({ name: z.string().min(1), nested: z.record(z.string(), z.unknown()).optional() })
          .nullish(),
        response: { 200: z.object({ data: z.object({ received: z.unknown() }) }) },
      },
    },
    async (request) => {
      received.push(request.body);
      return { data: { received: request.body ?? null } };
    },
  );
  app.post(
    '/v1/test/webhook',
    {
      config: { guards: SIGNED_WEBHOOK_GUARDS },
      schema: { response: { 200: z.object({ data: z.object({}) }) } },
    },
    async () => ({ data: {} }),
  );
};

beforeAll(async () => {
  t = await createTestApp();
  // Same guarded context as /v1 in production: reuse buildApp's structure by registering a sibling plugin.
  await t.app.register(async (scope) => {
    const { createRequestGuard } = await import('./request-guards.ts');
    scope.addHook('onRequest', createRequestGuard(t.config, t.app.maintenance, t.app.securityHeaders.api));
    await scope.register(echoRoutes);
  });
});
afterAll(() => t.close());

const errorOf = (body: string) => (JSON.parse(body) as { error: { code: string; message: string } }).error;
/** A GET of `url` with exactly these headers (no API key or X-Requested-With unless given). */
const get = (url: string, headers: Record<string, string>, app = t.app) =>
  app.inject({ method: 'GET', url, headers });
/** POST /v1/test/echo with these headers and, if given, this body. */
const postEcho = (headers: Record<string, string>, payload?: string | object) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/test/echo',
    headers,
    ...(payload === undefined ? {} : { payload }),
  });

/** postEcho from a new browser session, with `contentType` as its Content-Type. */
const postEchoAs = async (contentType: string, payload: string) =>
  postEcho({ ...(await withCsrf(t.app)).headers, 'content-type': contentType }, payload);

describe('API key', () => {
  it('rejects a missing key with 401 and the error envelope', async () => {
    const response = await get('/v1/time', { 'x-requested-with': 'XMLHttpRequest' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: { code: 'api_key_invalid', message: 'A valid API key is required in the X-Api-Key header.' },
    });
  });

  it('rejects a wrong key, also on /csrf', async () => {
    for (const url of ['/v1/time', '/csrf']) {
      const response = await get(url, apiHeaders({ 'x-api-key': 'nope' }));
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('accepts each configured key', async () => {
    const multi = await createTestApp({ apiKeys: ['first-key', 'second-key'] });
    try {
      for (const key of ['first-key', 'second-key']) {
        const response = await get('/v1/time', apiHeaders({ 'x-api-key': key }), multi.app);
        expect(response.statusCode).toBe(200);
      }
    } finally {
      await multi.close();
    }
  });
});

describe('X-Requested-With', () => {
  it('is required with a clear message', async () => {
    const response = await get('/v1/time', { 'x-api-key': 'test-api-key' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.body)).toEqual({
      code: 'requested_with_missing',
      message: 'Requests must send the header X-Requested-With: XMLHttpRequest.',
    });
  });
});

describe('CSRF', () => {
  it('GET /csrf sets a signed HttpOnly session cookie and a readable XSRF-TOKEN', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/csrf', headers: apiHeaders() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: {} });
    const session = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE);
    const xsrf = response.cookies.find((cookie) => cookie.name === XSRF_COOKIE);
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session?.value).toMatch(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9+/_-]+$/);
    expect(xsrf).toMatchObject({ sameSite: 'Lax', path: '/' });
    expect(xsrf?.httpOnly).toBeFalsy();
    expect(session?.secure).toBeFalsy();
  });

  it('keeps an existing session and re-issues the same token', async () => {
    const first = await withCsrf(t.app);
    const again = await get('/csrf', apiHeaders({ cookie: first.cookie }));
    expect(again.cookies.find((cookie) => cookie.name === SESSION_COOKIE)).toBeUndefined();
    expect(again.cookies.find((cookie) => cookie.name === XSRF_COOKIE)?.value).toBe(first.token);
  });

  it('marks cookies Secure when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({ publicUrl: 'https://book.example.com', secureCookies: true });
    try {
      const response = await secure.app.inject({ method: 'GET', url: '/csrf', headers: apiHeaders() });
      expect(response.cookies.every((cookie) => cookie.secure === true)).toBe(true);
    } finally {
      await secure.close();
    }
  });

  it('lets a POST with the session token through', async () => {
    const csrf = await withCsrf(t.app);
    const response = await postEcho(csrf.headers, { name: 'Ada' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { received: { name: 'Ada' } } });
  });

  it.each([
    ['no token header', async () => ({ ...(await withCsrf(t.app)).headers, 'x-xsrf-token': '' })],
    ['a wrong token', async () => ({ ...(await withCsrf(t.app)).headers, 'x-xsrf-token': 'x'.repeat(43) })],
    [
      'no session cookie',
      async () => {
        const { cookie: _cookie, ...headers } = (await withCsrf(t.app)).headers;
        return headers;
      },
    ],
    [
      "another session's token",
      async () => {
        const mine = await withCsrf(t.app);
        const theirs = await withCsrf(t.app);
        return { ...mine.headers, 'x-xsrf-token': theirs.token };
      },
    ],
    [
      'a tampered session cookie',
      async () => {
        const csrf = await withCsrf(t.app);
        const tampered = csrf.cookie.replace(
          /links_sid=([^.;]+)/,
          (_match, id: string) => `links_sid=${id.slice(0, -2)}AA`,
        );
        return { ...csrf.headers, cookie: tampered };
      },
    ],
  ])('rejects a POST with %s (403)', async (_label, headers) => {
    const response = await postEcho(await headers(), { name: 'Ada' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: { code: 'csrf_invalid', message: CSRF_MESSAGE } });
  });

  it('does not apply to signed webhook routes (declared per route)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/test/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('request bodies', () => {
  it('answers malformed JSON with 400 and the envelope', async () => {
    const csrf = await withCsrf(t.app);
    const response = await postEcho(csrf.headers, '{"name": "Ada",');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'invalid_json', message: 'The request body is not valid JSON.' },
    });
  });

  it.each([
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/json; charset=latin1',
  ])('answers Content-Type %s with 415', async (contentType) => {
    const response = await postEchoAs(contentType, 'name=Ada');
    expect(response.statusCode).toBe(415);
    expect(errorOf(response.body)).toEqual({
      code: 'unsupported_media_type',
      message: 'The request body must be JSON (Content-Type: application/json).',
    });
  });

  it('answers a body without Content-Type with 415', async () => {
    const { 'content-type': _omit, ...headers } = (await withCsrf(t.app)).headers;
    const response = await postEcho(headers, '{"name":"Ada"}');
    expect(response.statusCode).toBe(415);
  });

  it.each([
    'application/json; charset=utf-8',
    'Application/JSON; Charset=UTF-8',
    'application/json;charset="utf-8"',
  ])('accepts %s', async (contentType) => {
    const response = await postEchoAs(contentType, '{"name":"Ada"}');
    expect(response.statusCode).toBe(200);
  });

  it('accepts a body-less POST with or without the JSON content type', async () => {
    const csrf = await withCsrf(t.app);
    const { 'content-type': _omit, ...withoutType } = csrf.headers;
    for (const headers of [csrf.headers, withoutType]) {
      const response = await postEcho(headers);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ data: { received: null } });
    }
  });

  it('answers a body over 100 KB with 413', async () => {
    const csrf = await withCsrf(t.app);
    const response = await postEcho(csrf.headers, JSON.stringify({ name: 'x'.repeat(101 * 1024) }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: { code: 'payload_too_large', message: 'The request body is too large.' },
    });
  });

  it('answers schema violations with 400 and a message per field', async () => {
    const csrf = await withCsrf(t.app);
    const response = await postEcho(csrf.headers, { name: '', nested: 'no' });
    expect(response.statusCode).toBe(400);
    const error = response.json().error as { code: string; message: string; fields: Record<string, string> };
    expect(error.code).toBe('validation_failed');
    expect(error.message).toMatch(/not valid/);
    expect(Object.keys(error.fields).sort()).toEqual(['name', 'nested']);
  });

  it('never lets __proto__ or constructor keys pollute objects', async () => {
    const csrf = await withCsrf(t.app);
    for (const payload of [
      '{"name":"Ada","__proto__":{"polluted":true}}',
      '{"name":"Ada","nested":{"__proto__":{"polluted":true}}}',
      '{"name":"Ada","constructor":{"prototype":{"polluted":true}}}',
    ]) {
      const response = await postEcho(csrf.headers, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('invalid_json');
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });
});
