import { CHALLENGE_REQUIRED, PROOF_OF_WORK_HEADER } from '@links/shared/proof-of-work';
import type { ApiErrorBody, ApiErrorCode } from '@links/shared/schemas/envelope';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { MAINTENANCE_MESSAGE, raiseMaintenanceNotice } from './maintenance-notice';

const API_PREFIX = '/v1';
const CSRF_PATH = '/csrf';
const CSRF_COOKIE = 'XSRF-TOKEN';

export const CSRF_FETCH_FAILED = 'Failed to fetch CSRF token';
export const CSRF_UNEXPECTED = 'An unexpected error occurred while handling the CSRF token';

/** Codes the client raises itself, for failures that never reached an API answer. */
type ClientErrorCode = 'CSRF_FETCH_FAILED' | 'CSRF_UNEXPECTED' | 'MAINTENANCE' | 'challenge_unsolved';

type ClientErrorBody = Omit<ApiErrorBody, 'code'> & { code?: ApiErrorCode | ClientErrorCode };

/** The `{ error: { message, code, fields } }` envelope of a non-ok answer, plus the HTTP status (0: no answer). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode | ClientErrorCode | undefined;
  readonly fields: Record<string, string> | undefined;
  readonly param: string | undefined;

  constructor(status: number, body: ClientErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    this.fields = body.fields;
    this.param = body.param;
  }
}

/** The status of an ApiError raised when no answer came (network down, the anti-forgery call failed). */
export const NO_ANSWER = 0;

/** Failures whose own message a banner does not show: it shows its fallback instead. */
export type MessageRule = {
  /** Statuses whose message is not for this banner: NO_ANSWER where the spec's fallback names the failure, 404 on a
   * save whose booking is gone. */
  ignoreStatuses?: readonly number[];
  /** Show the fallback for any 5xx answer too. */
  ignoreServerErrors?: boolean;
  /** What an answer without a message of its own says, where that differs from the fallback. */
  withoutMessage?: string;
};

/**
 * The one way a banner words a failed call: the message the API (or the client, for a failed anti-forgery call)
 * gave, unless the rule sets it aside; `fallback` for anything else that was thrown.
 */
export function userMessage(error: unknown, fallback: string, rule: MessageRule = {}): string {
  if (!(error instanceof ApiError)) return fallback;
  if (rule.ignoreStatuses?.includes(error.status)) return fallback;
  if (rule.ignoreServerErrors && error.status >= 500) return fallback;
  return error.message.trim() ? error.message : (rule.withoutMessage ?? fallback);
}

/** Per-field messages of a refused call keyed by body path; the field `param` names gets the headline if it has none. */
export function fieldMessages(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const fields: Record<string, string> = { ...error.fields };
  if (error.param && error.message && !fields[error.param]) fields[error.param] = error.message;
  return fields;
}

type Navigate = (to: string) => void;

// The router registers itself here; the client has no React context to navigate with.
let navigateTo: Navigate = (to) => window.location.assign(to);

export function setApiNavigator(navigate: Navigate): void {
  navigateTo = navigate;
}

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

function baseHeaders(): Record<string, string> {
  return { 'X-Api-Key': env.apiKey, 'X-Requested-With': 'XMLHttpRequest' };
}

let pendingCsrf: Promise<string> | null = null;

async function requestCsrfToken(): Promise<string> {
  let response: Response;
  try {
    response = await fetch(CSRF_PATH, { headers: baseHeaders(), credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, { message: CSRF_FETCH_FAILED, code: 'CSRF_FETCH_FAILED' });
  }
  // Always read the body, refusals too: an unread response stays open in the browser (and keeps the network busy).
  const body = (await response.json().catch(() => null)) as { data?: { token?: unknown } } | null;
  if (response.status === 503) handleMaintenance();
  if (!response.ok)
    throw new ApiError(response.status, { message: CSRF_FETCH_FAILED, code: 'CSRF_FETCH_FAILED' });
  const fromCookie = readCookie(CSRF_COOKIE);
  if (fromCookie) return fromCookie;
  // The cookie may be unreadable (e.g. blocked); accept a token echoed in the body as a fallback.
  const fromBody = body?.data?.token;
  if (typeof fromBody === 'string' && fromBody) return fromBody;
  throw new ApiError(response.status, { message: CSRF_UNEXPECTED, code: 'CSRF_UNEXPECTED' });
}

/** Returns the anti-forgery token, fetching GET /csrf once when the cookie is missing. Only writes send it. */
export async function getCsrfToken(): Promise<string> {
  const existing = readCookie(CSRF_COOKIE);
  if (existing) return existing;
  pendingCsrf ??= requestCsrfToken().finally(() => {
    pendingCsrf = null;
  });
  return pendingCsrf;
}

function handleMaintenance(): void {
  // The maintenance page itself makes calls (the header's session check) while the service is down: leaving it would
  // make the page unusable exactly when it is needed.
  const here = window.location.pathname;
  if (here === paths.maintenance.path) return;
  raiseMaintenanceNotice();
  if (here !== paths.home.path) navigateTo(paths.home.getHref());
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  query?: Record<string, string | number | boolean | undefined>;
  /** A solved browser check (X-Proof-Of-Work), sent when the API asked for one. */
  proofOfWork?: string;
};

function buildUrl(path: string, query: RequestOptions['query']): string {
  const url = `${API_PREFIX}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

/**
 * The raw call with every header the API requires, without status handling. Used where a status is
 * itself the answer (the maintenance check reads 503 as "still down").
 *
 * A read carries no anti-forgery token: the API checks it on state-changing calls only (its request guard), so
 * a first visit's reads (the session check, the booking behind a signed link) do not wait for GET /csrf first.
 */
export async function apiFetch(path: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = {
    ...baseHeaders(),
    'Content-Type': 'application/json',
    Accept: 'application/json',
  };
  const method = options.method ?? 'GET';
  if (method !== 'GET') headers['X-XSRF-TOKEN'] = await getCsrfToken();
  if (options.proofOfWork) headers[PROOF_OF_WORK_HEADER] = options.proofOfWork;
  const init: RequestInit = { method, headers, credentials: 'same-origin' };
  if (options.body !== undefined) init.body = JSON.stringify(options.body);
  if (options.signal) init.signal = options.signal;
  return fetch(buildUrl(path, options.query), init);
}

async function readErrorBody(response: Response): Promise<ClientErrorBody> {
  const body = (await response.json().catch(() => null)) as { error?: Partial<ApiErrorBody> } | null;
  const error = body?.error;
  if (error && typeof error.message === 'string') {
    return {
      message: error.message,
      ...(error.code ? { code: error.code } : {}),
      ...(error.fields ? { fields: error.fields } : {}),
      ...(error.param ? { param: error.param } : {}),
    };
  }
  // No message of its own (a proxy's error page, an empty body): none is made up from the HTTP status text, so each
  // banner shows its own fallback of spec section 8 rather than 'Internal Server Error'.
  return { message: '' };
}

/** What a failed load says when the answer had no message of its own: every such banner has a 'Try again' button. */
export const LOAD_FAILED_FALLBACK = 'Please try again.';

/**
 * Calls `/v1{path}` and returns the `data` of the envelope. 503 raises the maintenance notice and
 * sends the visitor home; a hold above normal use that the API answers 403 challenge_required is solved in the
 * browser (the solver is loaded only then) and sent once more; any other non-ok answer throws its `ApiError`.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await apiFetch(path, options);
  if (response.status === 503) {
    // Read, as every answer is: an unread one stays open in the browser (during maintenance Lighthouse waited 45 s
    // for the page to finish loading).
    await response.text().catch(() => '');
    handleMaintenance();
    throw new ApiError(503, { message: MAINTENANCE_MESSAGE, code: 'MAINTENANCE' });
  }
  if (!response.ok) {
    const error = await readErrorBody(response);
    if (response.status === 403 && error.code === CHALLENGE_REQUIRED && !options.proofOfWork) {
      const { solveBrowserCheck } = await import('./browser-check/solve-browser-check');
      return apiRequest<T>(path, { ...options, proofOfWork: await solveBrowserCheck() });
    }
    throw new ApiError(response.status, error);
  }
  if (response.status === 204) return undefined as T;
  const body = (await response.json().catch(() => null)) as { data?: T } | null;
  return body?.data as T;
}

export const api = {
  get: <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  patch: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
};
