import type { DataOf } from '@links/shared/schemas/envelope';
import type {
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  HTTPMethods,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A route that answers 200 `{ data }`: what the OpenAPI document says of it, and the options Fastify reads. */
export type DataRouteSpec = {
  config?: FastifyContextConfig;
  bodyLimit?: number;
  summary: string;
  description?: string;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  /** The 200 answer's schema, `{ data }`. */
  response: z.ZodType;
  /** The error answers the document lists, by status. */
  errors?: Record<number, z.ZodType>;
};

type SchemaOf<S, K extends 'params' | 'querystring' | 'body'> = S extends { [key in K]: infer T }
  ? T
  : undefined;

/** The request as Fastify types it for the spec's schemas: zod's output of the params, query and body. */
export type DataRouteRequest<S extends DataRouteSpec> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  { params: SchemaOf<S, 'params'>; querystring: SchemaOf<S, 'querystring'>; body: SchemaOf<S, 'body'> },
  ZodTypeProvider
>;

/** The use case behind a route: it answers only the data, the envelope is the same for every route. */
export type DataHandler<S extends DataRouteSpec> = (
  request: DataRouteRequest<S>,
  reply: FastifyReply,
) => DataOf<S['response']> | Promise<DataOf<S['response']>>;

/** Answers about a session or what it may open must never be kept by the browser or a proxy. */
export function noStore(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store');
}

type Register = <S extends DataRouteSpec>(url: string, spec: S, handle: DataHandler<S>) => void;

/**
 * Registers a module's `{ data }` routes under its OpenAPI tags, so each is its spec and the call that answers it.
 * Routes that answer another status, a file or pre-built JSON keep Fastify's own registration.
 */
export function dataRoutes(
  app: ZodApp,
  tags: string[],
): Record<'get' | 'post' | 'put' | 'patch' | 'delete', Register> {
  const register =
    (method: HTTPMethods): Register =>
    (url, { config, bodyLimit, response, errors, ...schema }, handle) => {
      // The spec's own types are checked where it is written (Register); here it is any route's schema.
      app.route<RouteGenericInterface, FastifyContextConfig, FastifySchema>({
        method,
        url,
        ...(config && { config }),
        ...(bodyLimit !== undefined && { bodyLimit }),
        schema: { ...schema, tags, response: { 200: response, ...errors } },
        handler: async (request, reply) => ({ data: await handle(request as never, reply) }),
      });
    };
  return {
    get: register('GET'),
    post: register('POST'),
    put: register('PUT'),
    patch: register('PATCH'),
    delete: register('DELETE'),
  };
}
