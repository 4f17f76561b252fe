import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { renderDevOutboxPage } from './dev-outbox-page.tsx';
import { LOCAL_OUTBOX_FILE, listLocalOutbox } from './local-outbox-transport.ts';

// Development only (never registered in production): read the local outbox in a browser. E-mail HTML is styled
// inline, so these pages get their own CSP that allows inline styles and images but never scripts or forms.
const DEV_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data: https: http:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export async function devOutboxRoutes(
  app: FastifyInstance,
  options: { dir: string; transportKind: 'smtp' | 'local' },
): Promise<void> {
  const headers = {
    'content-security-policy': DEV_PAGE_CSP,
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
  };

  app.get('/dev/outbox', async (_request, reply) => {
    const html = await renderDevOutboxPage(await listLocalOutbox(options.dir), options.transportKind);
    return reply.headers(headers).type('text/html; charset=utf-8').send(html);
  });

  app.get('/dev/outbox/:file', async (request, reply) => {
    const { file } = request.params as { file: string };
    // The pattern is the only way in: no path separators, no dot segments, only files the outbox wrote.
    if (!LOCAL_OUTBOX_FILE.test(file) || file.endsWith('.json')) {
      return reply.headers(headers).code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    let content: Buffer;
    try {
      content = await readFile(join(options.dir, file));
    } catch {
      return reply.headers(headers).code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    const type = file.endsWith('.html') ? 'text/html; charset=utf-8' : 'text/plain; charset=utf-8';
    return reply.headers(headers).type(type).send(content);
  });
}
