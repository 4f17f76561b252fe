import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestDatabase, testConfig } from '../test/test-app.ts';

// As the web build writes them: `/` prerendered into index.html with its stylesheets and its start-up script inline,
// the empty page kept as app-shell.html.
const CSS = 'body{color:#14342b}';
const BOOT = "(()=>{document.documentElement.dataset.boot='1'})()";
const INDEX = `<!doctype html><html><head><style>${CSS}</style><link rel="stylesheet" crossorigin href="/assets/index-abc123.css" disabled></head><body><div id="root" data-prerendered-year="2026"><main>Create experience</main></div><script data-entry="/assets/index-abc123.js">${BOOT}</script></body></html>`;
const SHELL = '<!doctype html><html><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});`;

let dir: string;
let app: Awaited<ReturnType<typeof buildApp>>;
let dispose: () => Promise<void>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'links-web-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), INDEX);
  await writeFile(join(dir, 'app-shell.html'), SHELL);
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

describe('serving the built web app', () => {
  it('serves the prerendered home page for / only, revalidated, with the site CSP', async () => {
    for (const url of ['/', '/?utm_source=mail']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(INDEX);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(String(response.headers['content-security-policy'])).toContain("script-src 'self' 'sha256-");
    }
  });

  it("allows the home page's inline stylesheet and start-up script by their hashes and nothing else inline", async () => {
    const response = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    const directive = (name: string) =>
      String(response.headers['content-security-policy'])
        .split(';')
        .find((text) => text.startsWith(`${name} `));
    const hash = (text: string) => createHash('sha256').update(text).digest('base64');
    expect(directive('style-src')).toBe(`style-src 'self' 'sha256-${hash(CSS)}'`);
    expect(directive('script-src')).toBe(`script-src 'self' 'sha256-${hash(BOOT)}'`);
  });

  it('serves the empty shell, never the home markup, for every other client-side route', async () => {
    for (const url of [
      '/contact-details',
      '/confirmation/ABC123?signature=x',
      '/login',
      '/login/',
      '/staff',
      '/staff/users',
    ]) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(SHELL);
      expect(response.body, url).not.toContain('data-prerendered-year');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(String(response.headers['content-security-policy'])).toContain("script-src 'self' 'sha256-");
    }
  });

  it('answers a path the app has no page for 404, with the app, which draws its error page', async () => {
    for (const url of ['/no-such-page', '/login/extra', '/confirmation/1/2?x=1']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.body, url).toBe(SHELL);
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
