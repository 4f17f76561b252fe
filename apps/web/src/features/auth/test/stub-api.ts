import { vi } from 'vitest';

export type ApiCall = { url: string; method: string; body: unknown };
export type ApiAnswer = (call: ApiCall) => Response | Promise<Response> | undefined;

/**
 * Replaces fetch with `answer` (404 when it returns nothing) and records every call. The anti-forgery cookie is
 * set so the client does not fetch /csrf first.
 */
export function stubApi(answer: ApiAnswer): ApiCall[] {
  // biome-ignore lint/suspicious/noDocumentCookie: the API client reads this very cookie; happy-dom has no Cookie Store.
  document.cookie = 'XSRF-TOKEN=test-token';
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = {
        url: String(input),
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      return (await answer(call)) ?? Response.json({ error: { message: 'Not found' } }, { status: 404 });
    }),
  );
  return calls;
}

export function apiError(status: number, message: string, code?: string): Response {
  return Response.json({ error: { message, ...(code ? { code } : {}) } }, { status });
}
