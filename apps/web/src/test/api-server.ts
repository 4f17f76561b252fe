import { type ApiErrorBody, errorEnvelopeSchema } from '@links/shared/schemas/envelope';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { z } from 'zod';

/**
 * The API as the web's tests meet it: a mock service worker on the network layer, so the real client (headers,
 * anti-forgery token, envelopes, maintenance and browser-check handling) runs unchanged. Each test adds its
 * handlers with `apiServer.use(...)`; a call nobody answers fails the test, and every answer is checked against the
 * shared schema the API serialises with, so a stub cannot drift from the contract.
 */
export const apiServer = setupServer();

/**
 * Starts the server for the calling test file and stops it after the file. Each test starts without the previous
 * one's handlers; they are kept until then because a render's last calls can start a tick after a test ends.
 */
export function useApiServer(): typeof apiServer {
  beforeAll(() => apiServer.listen({ onUnhandledFrame: 'error' }));
  beforeEach(() => apiServer.resetHandlers());
  afterAll(async () => {
    // The last test's late calls meet its handlers rather than the real network.
    await new Promise((resolve) => setTimeout(resolve, 20));
    apiServer.close();
  });
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
