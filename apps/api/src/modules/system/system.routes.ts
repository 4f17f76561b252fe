import { maintenanceResponseSchema, timeResponseSchema } from '@links/shared/schemas/system';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendSerialized } from '../../lib/prebuilt-json.ts';

// The shared schema keeps server_time a plain string (it is always Date#toISOString): a datetime regex would be
// checked on every call of the hottest route for nothing. The format is still documented.
export const timeResponse = timeResponseSchema;
/**
 * The hottest route's body, without the zod serialiser's per-call parse (a test holds it to the schema). Built by
 * JSON.stringify rather than a template: that gives one flat string, which Fastify and Node measure and encode by
 * their fast path, where a concatenated one takes the slow path twice per answer.
 */
export function timeBody(now: Date): string {
  return JSON.stringify({ data: { server_time: now.toISOString() } });
}

/**
 * timeBody of the current millisecond, built once per millisecond: a busy server answers many calls within one, and
 * Date#toISOString was a measurable part of this route's time. The answer is exactly what a fresh build would give.
 */
export function currentTimeBody(): () => string {
  let builtAt = Number.NaN;
  let body = '';
  return () => {
    const now = Date.now();
    if (now !== builtAt) {
      builtAt = now;
      body = timeBody(new Date(now));
    }
    return body;
  };
}

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const timeNow = currentTimeBody();
  app.get(
    '/time',
    {
      schema: {
        summary: 'Server clock, for correcting the client clock',
        tags: ['system'],
        response: { 200: timeResponse },
      },
    },
    async (_request, reply) => sendSerialized(reply, timeNow()),
  );

  // The request guard answers 503 while maintenance is on, so reaching the handler means it is off.
  app.get(
    '/maintenance',
    {
      schema: {
        summary: 'Maintenance status: 200 when the service is up, 503 (code maintenance) while it is down',
        tags: ['system'],
        response: { 200: maintenanceResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: { maintenance: false as const } };
    },
  );

  app.get(
    '/openapi.json',
    {
      schema: {
        summary: 'This OpenAPI document (generated from the zod schemas that validate each route)',
        tags: ['system'],
        response: { 200: z.record(z.string(), z.unknown()) },
      },
    },
    async () => app.swagger() as unknown as Record<string, unknown>,
  );
};
