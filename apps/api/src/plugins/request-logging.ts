import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

/**
 * Request ids: a random prefix per process and a counter. Unique across instances (the prefix) and within one (the
 * counter), which is all a log correlation id needs; a UUID per request cost the hot path a CSPRNG call for nothing.
 * Not a secret and never used as one.
 */
export function createRequestIdGenerator(): () => string {
  const prefix = randomBytes(4).toString('hex');
  let counter = 0;
  return () => {
    counter += 1;
    return `${prefix}-${counter.toString(36)}`;
  };
}

/**
 * The per-request logger Fastify hands to `request.log`, creating pino's child (with the request id bound) only
 * when something actually logs through it: most requests log nothing but the one request line, which is written
 * through the parent with the id in the line itself, so they never pay for a child logger.
 */
class LazyRequestLogger {
  #child: FastifyBaseLogger | undefined;
  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get logger(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }

  get level(): string {
    return this.#child?.level ?? this.options.level ?? this.parent.level;
  }
  set level(level: string) {
    this.logger.level = level;
  }
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
  fatal(...args: unknown[]): void {
    (this.logger.fatal as (...a: unknown[]) => void)(...args);
  }
  error(...args: unknown[]): void {
    (this.logger.error as (...a: unknown[]) => void)(...args);
  }
  warn(...args: unknown[]): void {
    (this.logger.warn as (...a: unknown[]) => void)(...args);
  }
  info(...args: unknown[]): void {
    (this.logger.info as (...a: unknown[]) => void)(...args);
  }
  debug(...args: unknown[]): void {
    (this.logger.debug as (...a: unknown[]) => void)(...args);
  }
  trace(...args: unknown[]): void {
    (this.logger.trace as (...a: unknown[]) => void)(...args);
  }
  silent(): void {}
}

export function lazyChildLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyRequestLogger(parent, bindings, options) as unknown as FastifyBaseLogger;
}

// Query strings carry signatures, PINs and reset tokens, so only the path is ever logged.
export function pathOnly(url: string): string {
  const queryStart = url.indexOf('?');
  return queryStart === -1 ? url : url.slice(0, queryStart);
}

/**
 * One structured line per request, after the answer: request id, method, route pattern (never the query string or
 * a body), status and time. Written through the app's logger directly, so no per-request child logger is built.
 */
export function registerRequestLog(app: FastifyInstance): void {
  const log = app.log;
  app.addHook('onResponse', (request, reply, done) => {
    log.info(
      {
        reqId: request.id,
        method: request.method,
        url: request.routeOptions.url ?? pathOnly(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
    done();
  });
}
