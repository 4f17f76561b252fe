import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { SESSION_COOKIE } from '../lib/session-token.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type SwaggerRoute = { method: string | string[]; config?: { guards?: Record<string, false | undefined> } };

/**
 * Security requirements per operation, derived from the same route config the guards read, so the document
 * cannot disagree with what the server enforces.
 */
function securityFor(route: SwaggerRoute, url: string): Array<Record<string, string[]>> | undefined {
  if (url.startsWith('/admin')) return [{ adminToken: [] }];
  const guards = route.config?.guards ?? {};
  const requirement: Record<string, string[]> = {};
  if (guards.apiKey !== false) requirement.apiKey = [];
  if (guards.requestedWith !== false) requirement.requestedWith = [];
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (guards.csrf !== false && methods.some((method) => STATE_CHANGING.has(method))) {
    requirement.csrfToken = [];
    requirement.sessionCookie = [];
  }
  return Object.keys(requirement).length > 0 ? [requirement] : [];
}

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Links booking portal API',
        version: '1.0.0',
        description:
          'Responses are `{ "data": ... }` or `{ "error": { "message", "code", "fields"? } }`. State-changing calls ' +
          'need the XSRF token from `GET /csrf` echoed in `X-XSRF-TOKEN` and a JSON body (`Content-Type: ' +
          'application/json`). While maintenance is on, every /v1 call answers 503 with code `maintenance`.',
      },
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
          requestedWith: {
            type: 'apiKey',
            in: 'header',
            name: 'X-Requested-With',
            description: 'Must be `XMLHttpRequest`.',
          },
          csrfToken: {
            type: 'apiKey',
            in: 'header',
            name: 'X-XSRF-TOKEN',
            description: 'The value of the `XSRF-TOKEN` cookie set by `GET /csrf`.',
          },
          sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
          adminToken: { type: 'http', scheme: 'bearer', description: 'ADMIN_TOKEN' },
        },
      },
    },
    transform: (document) => {
      const transformed = jsonSchemaTransform(document);
      const security = securityFor(document.route as SwaggerRoute, document.url);
      return { ...transformed, schema: { ...transformed.schema, ...(security ? { security } : {}) } };
    },
  });
}
