// @vitest-environment happy-dom

import { loginResponseSchema } from '@links/shared/schemas/auth';
import { savedBookingResponseSchema } from '@links/shared/schemas/bookings';
import { emptyResponseSchema } from '@links/shared/schemas/envelope';
import { challengeResponseSchema } from '@links/shared/schemas/proof-of-work';
import { timeResponseSchema } from '@links/shared/schemas/system';
import { type Challenge, createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_OPERATOR, TEST_SAVED_BOOKING } from '@/test/api-fixtures';
import { answer, type Received, recorded, refuse, useApiServer, v1 } from '@/test/api-server';
import {
  ApiError,
  api,
  apiFetch,
  CSRF_FETCH_FAILED,
  CSRF_UNEXPECTED,
  setApiNavigator,
  userMessage,
} from './api-client';
import { clearMaintenanceNotice, getMaintenanceNotice, MAINTENANCE_MESSAGE } from './maintenance-notice';

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

/** A challenge as GET /v1/challenge serves it (the API copies the signed parameters into a plain object). */
const asServed = (challenge: Challenge) => ({
  challenge: { parameters: { ...challenge.parameters }, signature: challenge.signature ?? '' },
});

/** A reverse proxy's answer in front of the API: not the API's envelope. */
const fromProxy = (status: number, body: string, statusText: string) =>
  new HttpResponse(body, { status, statusText, headers: { 'Content-Type': 'text/html' } });

describe('api client', () => {
  const server = useApiServer();
  let calls: Received[];
  const navigate = vi.fn();

  /** Answers `path` (any method) with `respond`, recording what each call sent. */
  function serve(path: string, respond: () => Response) {
    server.use(http.all(path, recorded(calls, respond)));
  }
  const csrfPath = '*/csrf';

  beforeEach(() => {
    calls = [];
    clearCookies();
    clearMaintenanceNotice();
    navigate.mockReset();
    setApiNavigator(navigate);
    window.history.replaceState(null, '', '/');
  });

  afterEach(() => {
    vi.restoreAllMocks();
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
    serve(v1('/challenge'), () => answer(challengeResponseSchema, { data: asServed(challenge) }));
    let bookingCalls = 0;
    serve(v1('/bookings'), () => {
      bookingCalls += 1;
      return bookingCalls === 1
        ? refuse(403, { code: 'challenge_required', message: 'check first' })
        : answer(savedBookingResponseSchema, { data: TEST_SAVED_BOOKING });
    });
    await expect(api.post('/bookings', { golfers: [] })).resolves.toEqual(TEST_SAVED_BOOKING);
    expect(calls.map((call) => call.url)).toEqual(['/v1/bookings', '/v1/challenge', '/v1/bookings']);
    expect(calls[0]?.headers.get('X-Proof-Of-Work')).toBeNull();
    const proof = calls[2]?.headers.get('X-Proof-Of-Work');
    const payload = JSON.parse(atob(proof ?? '')) as { challenge: typeof challenge; solution: never };
    expect(calls[2]?.body).toEqual({ golfers: [] });
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
    serve(v1('/challenge'), () => answer(challengeResponseSchema, { data: asServed(challenge) }));
    serve(v1('/bookings'), () => refuse(403, { code: 'challenge_required', message: 'check first' }));
    await expect(api.post('/bookings', {})).rejects.toMatchObject({
      status: 403,
      code: 'challenge_required',
    });
    expect(calls.filter((call) => call.url === '/v1/bookings')).toHaveLength(2);
  });

  it('sends the API key, requested-with marker, JSON type and, on a write, the CSRF cookie value', async () => {
    setCookie('XSRF-TOKEN=token%2Babc; path=/');
    serve(v1('/logout'), () => answer(emptyResponseSchema, { data: {} }));
    // happy-dom does not put the credentials mode on the wire: the spy passes each call on and keeps its options.
    const fetchSpy = vi.spyOn(globalThis, 'fetch');

    const data = await api.post('/logout');

    expect(data).toEqual({});
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/v1/logout');
    expect(fetchSpy.mock.calls[0]?.[1]?.credentials).toBe('same-origin');
    expect(calls[0]?.headers.get('X-Api-Key')).toBe('dev-web-public-key');
    expect(calls[0]?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]?.headers.get('X-XSRF-TOKEN')).toBe('token+abc');
  });

  it('sends a read without the CSRF token and without fetching GET /csrf first', async () => {
    serve(v1('/time'), () =>
      answer(timeResponseSchema, { data: { server_time: '2026-01-01T00:00:00.000Z' } }),
    );

    const data = await api.get<{ server_time: string }>('/time');

    expect(data).toEqual({ server_time: '2026-01-01T00:00:00.000Z' });
    expect(calls.map((call) => call.url)).toEqual(['/v1/time']);
    expect(calls[0]?.headers.get('X-Api-Key')).toBe('dev-web-public-key');
    expect(calls[0]?.headers.get('X-XSRF-TOKEN')).toBeNull();
  });

  it('fetches GET /csrf first when the cookie is missing, once for concurrent calls', async () => {
    serve(csrfPath, () => {
      // The API sets the cookie on this answer.
      setCookie('XSRF-TOKEN=fresh; path=/');
      return answer(emptyResponseSchema, { data: {} });
    });
    serve(v1('/login'), () => answer(loginResponseSchema, { data: TEST_OPERATOR }));
    serve(v1('/account'), () => answer(emptyResponseSchema, { data: {} }));
    // happy-dom does not put the credentials mode on the wire: the spy passes each call on and keeps its options.
    const fetchSpy = vi.spyOn(globalThis, 'fetch');

    await Promise.all([
      api.post('/login', { username: 'a', password: 'b' }),
      api.patch('/account', { company_name: 'c' }),
    ]);

    const csrfCalls = calls.filter((call) => call.url === '/csrf');
    expect(csrfCalls).toHaveLength(1);
    expect(csrfCalls[0]?.headers.get('X-Api-Key')).toBe('dev-web-public-key');
    expect(csrfCalls[0]?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(fetchSpy.mock.calls.find(([url]) => url === '/csrf')?.[1]?.credentials).toBe('same-origin');
    const login = calls.find((call) => call.url === '/v1/login');
    expect(login?.headers.get('X-XSRF-TOKEN')).toBe('fresh');
    expect(login?.method).toBe('POST');
    expect(login?.body).toEqual({ username: 'a', password: 'b' });
  });

  it('reports a CSRF fetch that fails or answers non-ok', async () => {
    serve(v1('/logout'), () => answer(emptyResponseSchema, { data: {} }));
    serve(csrfPath, () => HttpResponse.error());
    await expect(api.post('/logout')).rejects.toMatchObject({ message: CSRF_FETCH_FAILED });

    serve(csrfPath, () => refuse(500, { code: 'internal_error', message: 'boom' }));
    await expect(api.post('/logout')).rejects.toMatchObject({ message: CSRF_FETCH_FAILED, status: 500 });
    expect(calls.map((call) => call.url)).toEqual(['/csrf', '/csrf']);
  });

  it('reports a CSRF answer that sets no token', async () => {
    serve(csrfPath, () => answer(emptyResponseSchema, { data: {} }));
    await expect(api.post('/logout')).rejects.toMatchObject({ message: CSRF_UNEXPECTED });
  });

  it('throws the error envelope of a non-ok answer as an ApiError', async () => {
    setCookie('XSRF-TOKEN=t; path=/');
    serve(v1('/user/details'), () =>
      refuse(422, {
        message: 'Invalid details',
        code: 'validation_failed',
        fields: { email: 'Required' },
        param: 'email',
      }),
    );

    const error = await api.post('/user/details', {}).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      message: 'Invalid details',
      code: 'validation_failed',
      fields: { email: 'Required' },
      param: 'email',
    });
    expect(getMaintenanceNotice()).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('makes no message up from the status text when the answer carries none, so callers show their fallback', async () => {
    setCookie('XSRF-TOKEN=t; path=/');
    serve(v1('/courses'), () => fromProxy(502, '<html>', 'Bad Gateway'));
    const error = await api.get('/courses').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 502, message: '' });
    expect(userMessage(error, 'Please try again.')).toBe('Please try again.');
    // A framework's bare error object, not the API's envelope.
    serve(v1('/courses'), () =>
      HttpResponse.json({ statusCode: 500, error: 'Internal Server Error' }, { status: 500 }),
    );
    const bare = await api.get('/courses').catch((caught: unknown) => caught);
    expect(bare).toMatchObject({ status: 500, message: '' });
    expect(userMessage(new TypeError('Failed to fetch'), 'Please try again.')).toBe('Please try again.');
    expect(userMessage(new ApiError(409, { message: 'Taken' }), 'Please try again.')).toBe('Taken');
  });

  it('turns 503 into the maintenance notice and a redirect home', async () => {
    setCookie('XSRF-TOKEN=t; path=/');
    window.history.replaceState(null, '', '/contact-details');
    serve(v1('/courses'), () => refuse(503, { message: 'Down', code: 'maintenance' }));

    await expect(api.get('/courses')).rejects.toMatchObject({ status: 503, message: MAINTENANCE_MESSAGE });

    expect(getMaintenanceNotice()).toBe(MAINTENANCE_MESSAGE);
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('does not navigate on 503 when already home', async () => {
    setCookie('XSRF-TOKEN=t; path=/');
    serve(v1('/courses'), () => fromProxy(503, '', 'Service Unavailable'));
    await expect(api.get('/courses')).rejects.toBeInstanceOf(ApiError);
    expect(getMaintenanceNotice()).toBe(MAINTENANCE_MESSAGE);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('stays on the maintenance page on 503 (its own calls must not send the visitor away)', async () => {
    setCookie('XSRF-TOKEN=t; path=/');
    window.history.replaceState(null, '', '/maintenance');
    serve(v1('/user'), () => refuse(503, { message: 'Down', code: 'maintenance' }));
    await expect(api.get('/user')).rejects.toMatchObject({ status: 503 });
    expect(navigate).not.toHaveBeenCalled();
    window.history.replaceState(null, '', '/');
  });

  it('adds query parameters and leaves status handling to callers of apiFetch', async () => {
    setCookie('XSRF-TOKEN=t; path=/');
    serve(v1('/players'), () => refuse(503, { message: 'Down', code: 'maintenance' }));
    const response = await apiFetch('/players', { query: { types: '1,3', skip: undefined } });
    expect(response.status).toBe(503);
    expect(calls[0]?.url).toBe('/v1/players?types=1%2C3');
    expect(getMaintenanceNotice()).toBeNull();
  });
});
