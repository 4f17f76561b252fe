import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { isSitePage } from '@links/shared/site-pages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../lib/envelope.ts';
import { type InlineSources, inlineSources, NO_INLINE } from './security-headers.ts';

// Never answered with index.html: the API, and missing hashed assets (a stale tab asking for an old bundle must
// get a 404, not HTML parsed as JavaScript).
const API_PREFIXES = ['/v1/', '/admin/', '/csrf/', '/assets/'];
const API_PATHS = new Set(['/v1', '/admin', '/csrf']);

/** The web build's folder for the API (the booking page's server render and template): never served. */
export const WEB_SERVER_DIR = 'server';

/** A page the server renders for this request (the booking opened by its link), or null for the usual file. */
export type BookingPageRenderer = (request: FastifyRequest, reply: FastifyReply) => Promise<string | null>;

function isApiPath(url: string): boolean {
  const path = url.split('?', 1)[0] ?? url;
  return API_PATHS.has(path) || API_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/**
 * The web build prerenders `/` into index.html (docs/decisions/007-prerendered-home.md) and keeps the empty page
 * as app-shell.html: every page it does not prerender gets the shell, never another page's markup. A build
 * without the shell (older, or the dev fixtures) has only the empty index.html.
 */
export const APP_SHELL_FILE = 'app-shell.html';

/**
 * The other pages the build prerenders (decision 013), one file each: pages/<name>.html is the page at `/<name>`,
 * pages/404.html the error page for an address the site has no page for.
 */
const PAGES_DIR = 'pages';
const NOT_FOUND_PAGE = '404';

/** The prerendered pages of the build in `webRoot`, by the address each is for ('/login' → 'pages/login.html'). */
function prerenderedPages(webRoot: string): Map<string, string> {
  const dir = join(webRoot, PAGES_DIR);
  const pages = new Map<string, string>();
  if (!existsSync(dir)) return pages;
  for (const name of readdirSync(dir)) {
    const page = /^([a-z0-9-]+)\.html$/.exec(name)?.[1];
    if (page) pages.set(page === NOT_FOUND_PAGE ? NOT_FOUND_PAGE : `/${page}`, `${PAGES_DIR}/${name}`);
  }
  return pages;
}

/** Every HTML page the site may send: the prerendered ones, index.html, the shell and the booking page's template. */
function servedPages(webRoot: string): string[] {
  return [
    'index.html',
    APP_SHELL_FILE,
    ...prerenderedPages(webRoot).values(),
    join(WEB_SERVER_DIR, 'booking.html'),
  ]
    .map((file) => join(webRoot, file))
    .filter((file) => existsSync(file));
}

/**
 * The CSP sources of the inline stylesheets and scripts of every page the site sends (the prerendered pages carry
 * their stylesheets and start-up script inline), for the site's security headers: read once at start-up, as the
 * files are fixed for the process's life. One policy for every page: each allows what any page has inline.
 */
export function webAppInlineSources(webRoot: string): InlineSources {
  const pages = servedPages(webRoot).map((file) => inlineSources(readFileSync(file, 'utf8')));
  if (pages.length === 0) return NO_INLINE;
  const union = (pick: (sources: InlineSources) => readonly string[]) => [...new Set(pages.flatMap(pick))];
  return { styles: union((sources) => sources.styles), scripts: union((sources) => sources.scripts) };
}

function wantsHtml(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * Serves the built web app (Vite output): content-hashed files under /assets cached for a year, everything else
 * revalidated, .br/.gz variants when the client accepts them, index.html (prerendered, its stylesheets inline and
 * allowed in the site CSP by webAppInlineSources) for `/`, each other prerendered page for its own address, exactly
 * (`/login`, not `/login/`), and the empty shell for every other client-side route.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webRoot: string,
  renderBookingPage: BookingPageRenderer | null = null,
): Promise<void> {
  const assetsDir = `${sep}assets${sep}`;
  const { site, api } = app.securityHeaders;
  const shell = existsSync(join(webRoot, APP_SHELL_FILE)) ? APP_SHELL_FILE : 'index.html';
  const pages = prerenderedPages(webRoot);
  await app.register(fastifyStatic, {
    root: webRoot,
    prefix: '/',
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    index: ['index.html'],
    // dist/server is the API's own (the booking page's render and template), never a file to send.
    allowedPath: (path) => !path.startsWith(`/${WEB_SERVER_DIR}/`),
    setHeaders: (reply, path) => {
      reply.headers(site);
      reply.header(
        'cache-control',
        path.includes(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (wantsHtml(request) && !isApiPath(request.url)) {
      // A booking opened by its e-mailed link arrives drawn (decision 017); it holds the booking: never stored.
      const bookingPage = renderBookingPage ? await renderBookingPage(request, reply) : null;
      if (bookingPage !== null) {
        return reply
          .code(200)
          .headers(site)
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(bookingPage);
      }
      // A path the app has no page for still gets the app (it draws its error page), but with the true status.
      const path = request.url.split('?', 1)[0] ?? request.url;
      const known = isSitePage(path);
      const file = (known ? pages.get(path) : pages.get(NOT_FOUND_PAGE)) ?? shell;
      return reply
        .code(known ? 200 : 404)
        .headers(site)
        .header('cache-control', 'no-cache')
        .sendFile(file);
    }
    return reply.headers(api).code(404).send(errorBody('not_found', 'The requested resource was not found.'));
  });
}
