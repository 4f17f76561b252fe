import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { memoised } from './memoised.ts';

/**
 * The response serialiser of fastify-type-provider-zod runs the zod schema and JSON.stringify on every call. A body
 * that is the same for many requests (cached reference data) is better checked and serialised once: this does
 * exactly what the serialiser does (encode with the route's schema, then stringify), and a body that does not match
 * its schema fails here, as a 500, just as it would in the serialiser.
 */
export function serializeWithSchema<T extends z.ZodType>(schema: T, value: z.output<T>): string {
  const result = z.safeEncode(schema, value);
  if (!result.success) {
    throw new Error('The response does not match its schema.', { cause: result.error });
  }
  return JSON.stringify(result.data);
}

/**
 * Memoises a serialised body per source object (the cached rows array of a reference-data loader), so it is
 * rebuilt exactly when the cache loads new rows and garbage-collected with the old ones.
 */
export function serializedPer<K extends object>(build: (source: K) => string): (source: K) => string {
  return memoised(build, new WeakMap<K, string>());
}

/** Fastify sends a string with a JSON content type as it is, without running the route's serialiser again. */
export function sendSerialized(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
