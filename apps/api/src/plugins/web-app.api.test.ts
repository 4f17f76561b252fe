import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestDatabase, testConfig } from '../test/test-app.ts';

// As the web build writes them: `/` prerendered into index.html with its stylesheets and its start-up script inline,
// other pages prerendered into pages/<name>.html (the same start-up script, their own stylesheets too), the error
// page into pages/404.html, and the empty page kept as app-shell.html (its stylesheet inline too).
const CSS = 'body{color:#14342b}';
const LOGIN_CSS = '.login{color:#b08d3e}';
const BOOT = "(()=>{document.documentElement.dataset.boot='1'})()";
const page = (styles: string[], main: string) =>
  `<!doctype html><html><head>${styles.map((css) => `<style>${css}</style>`).join('')}</head><body><div id="root" data-prerendered-year="2026"><main>${main}</main></div><script data-entry="/assets/index-abc123.js">${BOOT}</script></body></html>`;
const INDEX = page([CSS], 'Create experience');
const LOGIN = page([CSS, LOGIN_CSS], 'Tour Operator Login');
const NOT_FOUND = page([CSS], 'A swing and a miss!');
const SHELL = `<!doctype html><html><head><style>${CSS}</style></head><body><div id="root"></div></body></html>`;
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});`;

let dir: string;
let app: Awaited<ReturnType<typeof buildApp>>;
let dispose: () => Promise<void>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'links-web-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), INDEX);
  await writeFile(join(dir, 'app-shell.html'), SHELL);
  await mkdir(join(dir, 'pages'));
  await writeFile(join(dir, 'pages/login.html'), LOGIN);
  await writeFile(join(dir, 'pages/404.html'), NOT_FOUND);
  await writeFile(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(join(dir, 'assets/index-abc123.js'), SCRIPT);
  await writeFile(join(dir, 'assets/index-abc123.js.br'), brotliCompressSync(SCRIPT));
  const test = await createTestDatabase();
  dispose = test.dispose;
  app = await buildApp({ config: testConfig(), database: test.database, logger: false, webRoot: dir });
});

afterAll(async () => {
  await app.close();
  await dispose();
  await rm(dir, { recursive: true, force: true });
});

/** Each of `urls` answers `page` (prerendered, or the shell), revalidated on every visit; answers their responses. */
async function expectPage(urls: string[], page: string) {
  const responses = [];
  for (const url of urls) {
    const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*' } });
    expect(response.statusCode, url).toBe(200);
    expect(response.body, url).toBe(page);
    expect(response.headers['cache-control']).toBe('no-cache');
    responses.push(response);
  }
  return responses;
}

describe('serving the built web app', () => {
  it('serves the prerendered home page for / only, revalidated, with the site CSP', async () => {
    for (const response of await expectPage(['/', '/?utm_source=mail'], INDEX)) {
      expect(String(response.headers['content-security-policy'])).toContain("script-src 'self' 'sha256-");
    }
  });

  it("allows the pages' inline stylesheets and start-up script by their hashes and nothing else inline", async () => {
    const hash = (text: string) => createHash('sha256').update(text).digest('base64');
    for (const url of ['/', '/login', '/contact-details']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      const directive = (name: string) =>
        String(response.headers['content-security-policy'])
          .split(';')
          .find((text) => text.startsWith(`${name} `));
      expect(directive('style-src'), url).toBe(
        `style-src 'self' 'sha256-${hash(CSS)}' 'sha256-${hash(LOGIN_CSS)}'`,
      );
      expect(directive('script-src'), url).toBe(`script-src 'self' 'sha256-${hash(BOOT)}'`);
    }
  });

  it('serves a prerendered page for its own address only, query or not', async () => {
    await expectPage(['/login', '/login?from=header'], LOGIN);
  });

  it('serves the empty shell, never a prerendered page, for every other client-side route', async () => {
    const routes = [
      '/contact-details',
      '/confirmation/ABC123?signature=x',
      '/login/',
      '/forgot-password',
      '/staff',
      '/staff/users',
    ];
    for (const response of await expectPage(routes, SHELL)) {
      expect(response.body).not.toContain('data-prerendered-year');
      expect(String(response.headers['content-security-policy'])).toContain("script-src 'self' 'sha256-");
    }
  });

  it('answers a path the app has no page for 404, with its prerendered error page', async () => {
    for (const url of ['/no-such-page', '/login/extra', '/confirmation/1/2?x=1', '/404']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.body, url).toBe(NOT_FOUND);
      expect(String(response.headers['content-security-policy'])).toContain("script-src 'self' 'sha256-");
    }
    const head = await app.inject({ method: 'HEAD', url: '/no-such-page', headers: { accept: 'text/html' } });
    expect(head.statusCode).toBe(404);
  });

  it('serves hashed assets for a year, precompressed when the client accepts it', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const plain = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('revalidates unhashed files', async () => {
    const response = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers API paths and non-HTML requests with the JSON 404, never index.html', async () => {
    for (const url of ['/v1/nothing', '/csrf/x', '/admin/nothing', '/assets/missing.js']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({
        error: { code: 'not_found', message: 'The requested resource was not found.' },
      });
    }
    const image = await app.inject({ method: 'GET', url: '/missing.png', headers: { accept: 'image/png' } });
    expect(image.statusCode).toBe(404);
    const post = await app.inject({ method: 'POST', url: '/somewhere', headers: { accept: 'text/html' } });
    expect(post.statusCode).toBe(404);
  });
});
