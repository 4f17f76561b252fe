import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AppConfig, followListeningPort } from './config/env.ts';
import type { Database, Db } from './db/client.ts';
import { registerJobs } from './jobs/index.ts';
import { registerAfterAnswer } from './lib/after-answer.ts';
import { AppError } from './lib/app-error.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { errorBody } from './lib/envelope.ts';
import { MaintenanceSwitch } from './lib/maintenance.ts';
import { checkStorableText } from './lib/storable-text.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { bookingPageRenderer } from './modules/confirmation/booking-page.ts';
import { mailPlugin } from './modules/mail/mail.plugin.ts';
import { paymentProviderPlugin } from './modules/payment-provider/payment-provider.plugin.ts';
import { v1Routes } from './modules/routes.ts';
import { csrfRoutes } from './modules/session/csrf.routes.ts';
import { registerDiaryCache } from './modules/tee-sheet/tee-sheet-cache.ts';
import { capConnectionsPerAddress, requestTimeoutOptions } from './plugins/connection-limits.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { serializeError } from './plugins/log-serializers.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { createRequestGuard } from './plugins/request-guards.ts';
import {
  createRequestIdGenerator,
  lazyChildLogger,
  pathOnly,
  registerRequestLog,
} from './plugins/request-logging.ts';
import { type SecurityHeaders, securityHeaders } from './plugins/security-headers.ts';
import { sessionPlugin } from './plugins/session.ts';
import { registerWebApp, webAppInlineSources } from './plugins/web-app.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    /** The time the rules read (lib/clock.ts); tests pin it per app. */
    clock: Clock;
    database: Database;
    db: Db;
    maintenance: MaintenanceSwitch;
    /** Precomputed helmet headers: `site` for HTML and static files, `api` for JSON answers. */
    securityHeaders: SecurityHeaders;
    /** Every route registered (method and URL pattern), for tests that must cover routes added later. */
    routeList: Array<{ method: string; url: string }>;
  }
}

export const BODY_LIMIT_BYTES = 100 * 1024;

export type BuildAppOptions = {
  config: AppConfig;
  database: Database;
  /** false: silent (tests). true or pino options: one JSON line per request at config.logLevel. */
  logger?: boolean | Record<string, unknown>;
  /** Built web app to serve with an SPA fallback (production). */
  webRoot?: string;
  /** The time the rules read; the system clock unless a test pins one. */
  clock?: Clock;
};

function loggerOptions(config: AppConfig, logger: BuildAppOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  return {
    level: config.logLevel,
    // Belt and braces: nothing below should ever be logged, but if an object carrying them is, it is censored.
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-api-key"]',
        'req.headers["x-xsrf-token"]',
        'res.headers["set-cookie"]',
        'req.query',
        'req.body',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: { method: string; url: string }) => ({
        method: request.method,
        url: pathOnly(request.url),
      }),
      err: serializeError,
    },
    ...(typeof logger === 'object' ? logger : {}),
  };
}

const BYTE_ORDER_MARK = 0xfeff;
const byteOrderMarkError = () =>
  new AppError('invalid_json', 400, 'The request body is not valid JSON: it starts with a byte-order mark.');

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes proxy-addr's hop function (Fastify 5 no longer takes a bare
 * number): the client is the entry `hops` from the right of [socket, ...X-Forwarded-For reversed], whatever the
 * left-most entries a client wrote itself.
 */
export function fastifyTrustProxy(
  setting: AppConfig['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: loggerOptions(config, options.logger),
    // Fastify's default logs two lines per request with the full URL; we log one line ourselves (onResponse).
    logController: new LogController({ disableRequestLogging: true }),
    // Cheap ids (process prefix + counter) and request.log children built only when something logs through them:
    // the hot reads pay for neither (see plugins/request-logging.ts).
    genReqId: createRequestIdGenerator(),
    childLoggerFactory: lazyChildLogger,
    bodyLimit: BODY_LIMIT_BYTES,
    ...requestTimeoutOptions(config),
    // Only behind a proxy that sets X-Forwarded-For: otherwise any client could choose its own request.ip.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  capConnectionsPerAddress(app.server, config);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('clock', options.clock ?? systemClock);
  app.decorate('database', database);
  app.decorate('db', database.db);
  const maintenance = new MaintenanceSwitch(database.db, {
    forced: config.maintenanceForced,
    cacheMs: config.maintenanceCacheMs,
    log: app.log,
  });
  app.decorate('maintenance', maintenance);
  app.addHook('onReady', () => maintenance.start());
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (typeof address === 'object' && address) followListeningPort(config, address);
  });

  const routeList: Array<{ method: string; url: string }> = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      if (method !== 'HEAD') routeList.push({ method, url: route.url });
    }
  });

  // JSON only, with an empty body read as "no body" (the web client sends Content-Type on body-less POSTs),
  // and __proto__ / constructor keys rejected by secure-json-parse before anything can be polluted.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    // secure-json-parse would skip it silently; JSON over HTTP has none (RFC 8259 8.1), so it is refused instead.
    if ((body as string).charCodeAt(0) === BYTE_ORDER_MARK) return done(byteOrderMarkError(), undefined);
    parseJson(request, body as string, (error, value) => {
      if (error) return done(error, undefined);
      const unstorable = checkStorableText(body as string, value);
      if (unstorable) return done(unstorable, undefined);
      done(null, value);
    });
  });

  if (options.logger) registerRequestLog(app);

  registerDiaryCache(app, config.diaryCacheMs);
  registerAfterAnswer(app);
  registerErrorHandler(app);
  const headers = securityHeaders(config, options.webRoot ? webAppInlineSources(options.webRoot) : undefined);
  app.decorate('securityHeaders', headers);
  await registerOpenApi(app);
  await app.register(sessionPlugin);
  await app.register(paymentProviderPlugin);
  await app.register(mailPlugin);

  await app.register(adminRoutes, { prefix: '/admin' });

  // Everything the browser calls sits behind the request guard (API key, requested-with, maintenance, JSON,
  // CSRF); per-route exemptions live in each route's config.guards.
  await app.register(async (guarded) => {
    guarded.addHook('onRequest', createRequestGuard(config, maintenance, headers.api));
    await guarded.register(csrfRoutes);
    await guarded.register(
      async (v1) => {
        for (const routes of v1Routes) await v1.register(routes);
      },
      { prefix: '/v1' },
    );
  });

  if (options.webRoot) {
    await registerWebApp(app, options.webRoot, bookingPageRenderer(app, options.webRoot));
  } else {
    app.setNotFoundHandler((_request, reply) => {
      reply.headers(headers.api);
      reply.code(404).send(errorBody('not_found', 'The requested resource was not found.'));
    });
  }

  registerJobs(app);

  return app;
}
