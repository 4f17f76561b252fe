import { sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorBody } from '../lib/envelope.ts';

// Never answered with index.html: the API, and missing hashed assets (a stale tab asking for an old bundle must
// get a 404, not HTML parsed as JavaScript).
const API_PREFIXES = ['/v1/', '/admin/', '/csrf/', '/assets/'];
const API_PATHS = new Set(['/v1', '/admin', '/csrf']);

function isApiPath(url: string): boolean {
  const path = url.split('?', 1)[0] ?? url;
  return API_PATHS.has(path) || API_PREFIXES.some((prefix) => path.startsWith(prefix));
}

function wantsHtml(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * Serves the built web app (Vite output): content-hashed files under /assets cached for a year, everything else
 * revalidated, .br/.gz variants when the client accepts them, and index.html for client-side routes.
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string): Promise<void> {
  const assetsDir = `${sep}assets${sep}`;
  const { site, api } = app.securityHeaders;
  await app.register(fastifyStatic, {
    root: webRoot,
    prefix: '/',
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    index: ['index.html'],
    setHeaders: (reply, path) => {
      reply.headers(site);
      reply.header(
        'cache-control',
        path.includes(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });

  app.setNotFoundHandler((request, reply) => {
    if (wantsHtml(request) && !isApiPath(request.url)) {
      return reply.headers(site).header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.headers(api).code(404).send(errorBody('not_found', 'The requested resource was not found.'));
  });
}
