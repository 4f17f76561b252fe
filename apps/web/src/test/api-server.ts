import { type ApiErrorBody, errorEnvelopeSchema } from '@links/shared/schemas/envelope';
import { HttpResponse, type HttpResponseResolver, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, onTestFinished } from 'vitest';
import type { z } from 'zod';

/**
 * The API as the web's tests meet it: a mock service worker on the network layer, so the real client (headers,
 * anti-forgery token, envelopes, maintenance and browser-check handling) runs unchanged. Each test adds its
 * handlers with `apiServer.use(...)`; a call nobody answers fails the test, and every answer is checked against the
 * shared schema the API serialises with, so a stub cannot drift from the contract.
 */
export const apiServer = setupServer();

// Taken before any test fakes the clock: the pause below must pass in real time.
const realSetTimeout = globalThis.setTimeout;
/** Long enough for the calls a render started before it was unmounted to reach the server. */
const lateCallsPause = () => new Promise((resolve) => realSetTimeout(resolve, 20));

/**
 * Starts the server for the calling test file and stops it after the file. Each test starts without the previous
 * one's handlers; they are kept until then, and each test ends with a short pause, because a render's last calls can
 * reach the server a moment after the test has unmounted it: they must meet their own test's handlers, not the next
 * test's (whose call lists they would join).
 */
export function useApiServer(): typeof apiServer {
  const unanswered: string[] = [];
  beforeAll(() =>
    apiServer.listen({
      onUnhandledFrame: async ({ frame, defaults }) => {
        const { request } = frame.data as { request?: Request };
        unanswered.push(request ? `${request.method} ${request.url}` : frame.protocol);
        defaults.error();
        // The call fails (MSW answers 500), and so does the test once it has ended (below).
        throw new Error('No handler answers this call');
      },
    }),
  );
  beforeEach(() => apiServer.resetHandlers());
  // Registered first, so it runs after the test file's own afterEach (cleanup, real timers).
  afterEach(async () => {
    await lateCallsPause();
    const calls = unanswered.splice(0);
    if (calls.length > 0) throw new Error(`No handler answered ${calls.join(', ')}`);
  });
  afterAll(() => apiServer.close());
  return apiServer;
}

/** A 200 answer whose body the route's response schema accepts (the schema throws here if it does not). */
export function answer<S extends z.ZodType>(
  schema: S,
  body: z.input<S>,
  init?: ResponseInit,
): HttpResponse<never> {
  return HttpResponse.json(schema.parse(body) as never, init);
}

/** A refusal in the error envelope, with a code from the one shared list. */
export function refuse(status: number, error: ApiErrorBody): HttpResponse<never> {
  return HttpResponse.json(errorEnvelopeSchema.parse({ error }) as never, { status });
}

/** The API path of a handler: the client calls `/v1/...` on the page's own origin. */
export const v1 = (path: string) => `*/v1${path}`;

/**
 * Every request that reaches the network from now until the test ends, answered or not, as 'METHOD url': for
 * tests that check that nothing was sent.
 */
export function requestLog(): string[] {
  const log: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    log.push(`${request.method} ${request.url}`);
  };
  apiServer.events.on('request:start', listener);
  onTestFinished(() => apiServer.events.removeListener('request:start', listener));
  return log;
}

/** What a handler received, for tests that check the calls made: method, path with query, headers and JSON body. */
export type Received = { method: string; url: string; headers: Headers; body: unknown };

/** The answer of a recording handler: it may read what was received too. */
type Respond = (
  info: Parameters<HttpResponseResolver>[0],
  call: Received,
) => Response | undefined | Promise<Response | undefined>;

/**
 * A resolver that records each call into `calls` before `respond` answers it:
 * `http.post(v1('/login'), recorded(calls, () => answer(loginResponseSchema, ...)))`.
 */
export function recorded(calls: Received[], respond: Respond): HttpResponseResolver {
  return async (info) => {
    const call = await received(info.request);
    calls.push(call);
    return respond(info, call);
  };
}

/**
 * An answer held back until the test lets it go, to see what the page shows while its request is pending: each
 * request hands `onHeld` the function that releases it, and `respond` answers once it is called.
 */
export function held(respond: Respond, onHeld: (release: () => void) => void): Respond {
  return async (info, call) => {
    await new Promise<void>((resolve) => onHeld(resolve));
    return respond(info, call);
  };
}

export async function received(request: Request): Promise<Received> {
  const url = new URL(request.url);
  const text = await request.clone().text();
  return {
    method: request.method,
    url: `${url.pathname}${url.search}`,
    headers: request.headers,
    body: text ? JSON.parse(text) : undefined,
  };
}

/**
 * A GET to another site (not the API): happy-dom sends a CORS preflight before every cross-origin call, whatever its
 * mode, so the address answers that as well as the call.
 */
export function crossOrigin(url: string, resolver: HttpResponseResolver) {
  return [
    http.options(
      url,
      () => new HttpResponse(null, { status: 204, headers: { 'Access-Control-Allow-Origin': '*' } }),
    ),
    http.get(url, resolver),
  ];
}
