// @vitest-environment happy-dom

import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  api,
  apiErrorMessage,
  apiFetch,
  CSRF_FETCH_FAILED,
  CSRF_UNEXPECTED,
  setApiNavigator,
} from './api-client';
import { clearMaintenanceNotice, getMaintenanceNotice, MAINTENANCE_MESSAGE } from './maintenance-notice';

type Call = { url: string; init: RequestInit | undefined };

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

// The client reads the XSRF-TOKEN cookie directly, so the tests must write real cookies.
function setCookie(value: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the code under test reads document.cookie.
  document.cookie = value;
}

function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) setCookie(`${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`);
  }
}

function headerOf(call: Call | undefined, name: string): string | null {
  return new Headers(call?.init?.headers).get(name);
}

describe('api client', () => {
  let calls: Call[];
  let respond: (url: string, init?: RequestInit) => Response | Promise<Response>;
  const navigate = vi.fn();

  beforeEach(() => {
    calls = [];
    clearCookies();
    clearMaintenanceNotice();
    navigate.mockReset();
    setApiNavigator(navigate);
    window.history.replaceState(null, '', '/');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        calls.push({ url, init });
        return respond(url, init);
      }),
    );
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('solves the browser check the API asks for and sends the call once more with its proof', async () => {
    setCookie('XSRF-TOKEN=token; path=/');
    const secret = 'test-signature-secret';
    // A real challenge, as the API signs one (cheap: the counter is small).
    const challenge = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: 10,
      counter: 40,
      deriveKey,
      hmacSignatureSecret: secret,
    });
    let bookingCalls = 0;
    respond = (url) => {
      if (url === '/v1/challenge') return json(200, { data: { challenge } });
      bookingCalls += 1;
      return bookingCalls === 1
        ? json(403, { error: { code: 'challenge_required', message: 'check first' } })
        : json(200, { data: { booking_id: 7 } });
    };
    await expect(api.post('/bookings', { golfers: [] })).resolves.toEqual({ booking_id: 7 });
    expect(calls.map((call) => call.url)).toEqual(['/v1/bookings', '/v1/challenge', '/v1/bookings']);
    expect(headerOf(calls[0], 'X-Proof-Of-Work')).toBeNull();
    const proof = headerOf(calls[2], 'X-Proof-Of-Work');
    const payload = JSON.parse(atob(proof ?? '')) as { challenge: typeof challenge; solution: never };
    expect(calls[2]?.init?.body).toBe(JSON.stringify({ golfers: [] }));
    const verified = await verifySolution({ ...payload, deriveKey, hmacSignatureSecret: secret });
    expect(verified.verified).toBe(true);
  });

  it('asks for the check once: a second refusal reaches the caller', async () => {
    setCookie('XSRF-TOKEN=token; path=/');
    const challenge = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: 10,
      counter: 5,
      deriveKey,
      hmacSignatureSecret: 'secret',
    });
    respond = (url) =>
      url === '/v1/challenge'
        ? json(200, { data: { challenge } })
        : json(403, { error: { code: 'challenge_required', message: 'check first' } });
    await expect(api.post('/bookings', {})).rejects.toMatchObject({
      status: 403,
      code: 'challenge_required',
    });
    expect(calls.filter((call) => call.url === '/v1/bookings')).toHaveLength(2);
  });

  it('sends the API key, requested-with marker, JSON type and, on a write, the CSRF cookie value', async () => {
    setCookie('XSRF-TOKEN=token%2Babc; path=/');
    respond = () => json(200, { data: { ok: true } });

    const data = await api.post<{ ok: boolean }>('/logout');

    expect(data).toEqual({ ok: true });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/v1/logout');
    expect(calls[0]?.init?.credentials).toBe('same-origin');
    expect(headerOf(calls[0], 'X-Api-Key')).toBe('dev-web-public-key');
    expect(headerOf(calls[0], 'X-Requested-With')).toBe('XMLHttpRequest');
    expect(headerOf(calls[0], 'Content-Type')).toBe('application/json');
    expect(headerOf(calls[0], 'X-XSRF-TOKEN')).toBe('token+abc');
  });

  it('sends a read without the CSRF token and without fetching GET /csrf first', async () => {
    respond = () => json(200, { data: { server_time: '2026-01-01T00:00:00.000Z' } });

    const data = await api.get<{ server_time: string }>('/time');

    expect(data).toEqual({ server_time: '2026-01-01T00:00:00.000Z' });
    expect(calls.map((call) => call.url)).toEqual(['/v1/time']);
    expect(headerOf(calls[0], 'X-Api-Key')).toBe('dev-web-public-key');
    expect(headerOf(calls[0], 'X-XSRF-TOKEN')).toBeNull();
  });

  it('fetches GET /csrf first when the cookie is missing, once for concurrent calls', async () => {
    respond = (url) => {
      if (url === '/csrf') {
        setCookie('XSRF-TOKEN=fresh; path=/');
        return json(200, { data: {} });
      }
      return json(200, { data: { ok: true } });
    };

    await Promise.all([
      api.post('/login', { username: 'a', password: 'b' }),
      api.patch('/account', { company_name: 'c' }),
    ]);

    const csrfCalls = calls.filter((call) => call.url === '/csrf');
    expect(csrfCalls).toHaveLength(1);
    expect(headerOf(csrfCalls[0], 'X-Api-Key')).toBe('dev-web-public-key');
    expect(headerOf(csrfCalls[0], 'X-Requested-With')).toBe('XMLHttpRequest');
    expect(csrfCalls[0]?.init?.credentials).toBe('same-origin');
    const login = calls.find((call) => call.url === '/v1/login');
    expect(headerOf(login, 'X-XSRF-TOKEN')).toBe('fresh');
    expect(login?.init?.method).toBe('POST');
    expect(login?.init?.body).toBe(JSON.stringify({ username: 'a', password: 'b' }));
  });

  it('reports a CSRF fetch that fails or answers non-ok', async () => {
    respond = () => {
      throw new TypeError('network down');
    };
    await expect(api.post('/logout')).rejects.toMatchObject({ message: CSRF_FETCH_FAILED });

    respond = () => json(500, { error: { message: 'boom' } });
    await expect(api.post('/logout')).rejects.toMatchObject({ message: CSRF_FETCH_FAILED, status: 500 });
    expect(calls.some((call) => call.url.startsWith('/v1'))).toBe(false);
  });

  it('reports a CSRF answer that sets no token', async () => {
    respond = () => json(200, { data: {} });
    await expect(api.post('/logout')).rejects.toMatchObject({ message: CSRF_UNEXPECTED });
  });

  it('throws the error envelope of a non-ok answer as an ApiError', async () => {
    setCookie('XSRF-TOKEN=t; path=/');
    respond = () =>
      json(422, {
        error: {
          message: 'Invalid details',
          code: 'VALIDATION',
          fields: { email: ['Required'] },
          param: 'email',
        },
      });

    const error = await api.post('/user/details', {}).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      message: 'Invalid details',
      code: 'VALIDATION',
      fields: { email: ['Required'] },
      param: 'email',
    });
    expect(getMaintenanceNotice()).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('makes no message up from the status text when the answer carries none, so callers show their fallback', async () => {
    setCookie('XSRF-TOKEN=t; path=/');
    respond = () => new Response('<html>', { status: 502, statusText: 'Bad Gateway' });
    const error = await api.get('/courses').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 502, message: '' });
    expect(apiErrorMessage(error, 'Please try again.')).toBe('Please try again.');
    respond = () => json(500, { statusCode: 500, error: 'Internal Server Error' });
    const bare = await api.get('/courses').catch((caught: unknown) => caught);
    expect(bare).toMatchObject({ status: 500, message: '' });
    expect(apiErrorMessage(new TypeError('Failed to fetch'), 'Please try again.')).toBe('Please try again.');
    expect(apiErrorMessage(new ApiError(409, { message: 'Taken' }), 'Please try again.')).toBe('Taken');
  });

  it('turns 503 into the maintenance notice and a redirect home', async () => {
    setCookie('XSRF-TOKEN=t; path=/');
    window.history.replaceState(null, '', '/contact-details');
    respond = () => json(503, { error: { message: 'Down', code: 'MAINTENANCE' } });

    await expect(api.get('/courses')).rejects.toMatchObject({ status: 503, message: MAINTENANCE_MESSAGE });

    expect(getMaintenanceNotice()).toBe(MAINTENANCE_MESSAGE);
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('does not navigate on 503 when already home', async () => {
    setCookie('XSRF-TOKEN=t; path=/');
    respond = () => json(503, {});
    await expect(api.get('/courses')).rejects.toBeInstanceOf(ApiError);
    expect(getMaintenanceNotice()).toBe(MAINTENANCE_MESSAGE);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('stays on the maintenance page on 503 (its own calls must not send the visitor away)', async () => {
    setCookie('XSRF-TOKEN=t; path=/');
    window.history.replaceState(null, '', '/maintenance');
    respond = () => json(503, {});
    await expect(api.get('/user')).rejects.toMatchObject({ status: 503 });
    expect(navigate).not.toHaveBeenCalled();
    window.history.replaceState(null, '', '/');
  });

  it('adds query parameters and leaves status handling to callers of apiFetch', async () => {
    setCookie('XSRF-TOKEN=t; path=/');
    respond = () => json(503, {});
    const response = await apiFetch('/players', { query: { types: '1,3', skip: undefined } });
    expect(response.status).toBe(503);
    expect(calls[0]?.url).toBe('/v1/players?types=1%2C3');
    expect(getMaintenanceNotice()).toBeNull();
  });
});
