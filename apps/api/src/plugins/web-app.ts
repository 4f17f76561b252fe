import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { isSitePage } from '@links/shared/site-pages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorBody } from '../lib/envelope.ts';
import { type InlineSources, inlineSources, NO_INLINE } from './security-headers.ts';

// Never answered with index.html: the API, and missing hashed assets (a stale tab asking for an old bundle must
// get a 404, not HTML parsed as JavaScript).
const API_PREFIXES = ['/v1/', '/admin/', '/csrf/', '/assets/'];
const API_PATHS = new Set(['/v1', '/admin', '/csrf']);

function isApiPath(url: string): boolean {
  const path = url.split('?', 1)[0] ?? url;
  return API_PATHS.has(path) || API_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/**
 * The web build prerenders `/` into index.html (docs/decisions/007-prerendered-home.md) and keeps the empty page
 * as app-shell.html: every other client-side route must get the shell, never the home page's markup. A build
 * without the shell (older, or the dev fixtures) has only the empty index.html.
 */
export const APP_SHELL_FILE = 'app-shell.html';

/**
 * The CSP sources of the inline stylesheets and scripts of the built index.html (the prerendered home page), for the
 * site's security headers: read once at start-up, as the files are fixed for the process's life.
 */
export function webAppInlineSources(webRoot: string): InlineSources {
  const index = join(webRoot, 'index.html');
  return existsSync(index) ? inlineSources(readFileSync(index, 'utf8')) : NO_INLINE;
}

function wantsHtml(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * Serves the built web app (Vite output): content-hashed files under /assets cached for a year, everything else
 * revalidated, .br/.gz variants when the client accepts them, index.html (prerendered, its stylesheets inline and
 * allowed in the site CSP by webAppInlineSources) for `/` and the empty shell for every other client-side route.
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string): Promise<void> {
  const assetsDir = `${sep}assets${sep}`;
  const { site, api } = app.securityHeaders;
  const shell = existsSync(join(webRoot, APP_SHELL_FILE)) ? APP_SHELL_FILE : 'index.html';
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
      // A path the app has no page for still gets the app (it draws its error page), but with the true status.
      const page = isSitePage(request.url.split('?', 1)[0] ?? request.url);
      return reply
        .code(page ? 200 : 404)
        .headers(site)
        .header('cache-control', 'no-cache')
        .sendFile(shell);
    }
    return reply.headers(api).code(404).send(errorBody('not_found', 'The requested resource was not found.'));
  });
}
