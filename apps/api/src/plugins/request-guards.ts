import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { AppConfig } from '../config/env.ts';
import { AppError, CSRF_MESSAGE, MAINTENANCE_MESSAGE } from '../lib/app-error.ts';
import type { MaintenanceSwitch } from '../lib/maintenance.ts';
import { createCsrfTokenCheck, createSecretMatcher, XSRF_HEADER } from '../lib/session-token.ts';

/**
 * Per-route opt-outs from the guards that protect `/v1` and `/csrf`. Declared in the route's `config`, so an
 * exemption is visible where the route is defined and nowhere else.
 */
export type RouteGuards = {
  apiKey?: false;
  requestedWith?: false;
  csrf?: false;
  maintenance?: false;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    guards?: RouteGuards;
  }
}

/** Signed webhooks (the payment provider) authenticate by signature, not by our browser headers. */
export const SIGNED_WEBHOOK_GUARDS: RouteGuards = { apiKey: false, requestedWith: false, csrf: false };

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const apiKeyError = () =>
  new AppError('api_key_invalid', 401, 'A valid API key is required in the X-Api-Key header.');
const requestedWithError = () =>
  new AppError(
    'requested_with_missing',
    400,
    'Requests must send the header X-Requested-With: XMLHttpRequest.',
  );
const maintenanceError = () => new AppError('maintenance', 503, MAINTENANCE_MESSAGE);
const csrfError = () => new AppError('csrf_invalid', 403, CSRF_MESSAGE);
const mediaTypeError = () =>
  new AppError(
    'unsupported_media_type',
    415,
    'The request body must be JSON (Content-Type: application/json).',
  );

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * State-changing requests carry JSON or nothing. Accepts `application/json` with an optional utf-8 charset in any
 * letter case; a request without a body may omit the header.
 */
export function checkJsonContentType(request: FastifyRequest): AppError | undefined {
  if (!STATE_CHANGING.has(request.method)) return undefined;
  const contentType = request.headers['content-type'];
  if (contentType === undefined) {
    const length = request.headers['content-length'];
    const hasBody =
      request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
    return hasBody ? mediaTypeError() : undefined;
  }
  const [mediaType, ...parameters] = contentType.split(';');
  if (mediaType?.trim().toLowerCase() !== 'application/json') return mediaTypeError();
  for (const parameter of parameters) {
    const [name, value] = parameter.split('=');
    if (name?.trim().toLowerCase() !== 'charset') continue;
    const charset = value?.trim().replace(/^"|"$/g, '').toLowerCase();
    if (charset !== 'utf-8' && charset !== 'utf8') return mediaTypeError();
  }
  return undefined;
}

/**
 * One onRequest hook for everything the browser-facing API checks (and its security headers), cheapest first: API key, requested-with
 * marker, maintenance (a cached boolean), JSON content type, CSRF token. Callback style: no promise on the
 * hot path unless the maintenance flag has to be read from the database.
 */
export function createRequestGuard(
  config: AppConfig,
  maintenance: MaintenanceSwitch,
  securityHeaders: Record<string, string>,
): onRequestHookHandler {
  const isApiKey = createSecretMatcher(config.apiKeys);
  const isValidCsrfToken = createCsrfTokenCheck(config.sessionSecret);

  const afterMaintenance = (request: FastifyRequest): AppError | undefined => {
    const contentTypeError = checkJsonContentType(request);
    if (contentTypeError) return contentTypeError;
    if (
      STATE_CHANGING.has(request.method) &&
      request.routeOptions.config.guards?.csrf !== false &&
      !isValidCsrfToken(request.sessionId, firstHeader(request.headers[XSRF_HEADER]))
    ) {
      return csrfError();
    }
    return undefined;
  };

  return function requestGuard(request, reply, done) {
    // First, so that refusals (401, 403, 503 ...) carry them too.
    reply.headers(securityHeaders);
    const guards = request.routeOptions.config.guards;
    if (guards?.apiKey !== false && !isApiKey(firstHeader(request.headers['x-api-key']))) {
      return done(apiKeyError());
    }
    if (
      guards?.requestedWith !== false &&
      firstHeader(request.headers['x-requested-with'])?.toLowerCase() !== 'xmlhttprequest'
    ) {
      return done(requestedWithError());
    }
    if (guards?.maintenance === false) return done(afterMaintenance(request));
    const inMaintenance = maintenance.isOn();
    if (inMaintenance === true) return done(maintenanceError());
    if (inMaintenance === false) return done(afterMaintenance(request));
    inMaintenance.then(
      (on) => done(on ? maintenanceError() : afterMaintenance(request)),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    );
  };
}
