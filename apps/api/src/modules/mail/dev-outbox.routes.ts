import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from './escape-html.ts';
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
    const entries = await listLocalOutbox(options.dir);
    const rows = entries
      .map(
        (entry) => `<tr>
<td>${escapeHtml(new Date(entry.date).toLocaleString('en-GB', { timeZone: 'Europe/London' }))}</td>
<td>${escapeHtml(entry.to)}</td>
<td><a href="/dev/outbox/${encodeURIComponent(entry.html)}">${escapeHtml(entry.subject)}</a></td>
<td><a href="/dev/outbox/${encodeURIComponent(entry.eml)}">.eml</a></td>
<td>${(entry.attachments ?? [])
          .map(
            (attachment) =>
              `<a href="/dev/outbox/${encodeURIComponent(attachment.file)}">${escapeHtml(attachment.filename)}</a>`,
          )
          .join('<br>')}</td>
</tr>`,
      )
      .join('\n');
    const note =
      options.transportKind === 'smtp'
        ? '<p>SMTP_URL is set, so new mail goes to the SMTP server; this list shows what was written locally before.</p>'
        : '<p>SMTP_URL is not set, so mail is written here instead of being sent.</p>';
    const html = `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local mail outbox</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:32px;color:#17211c;background:#fbf8f2}h1{font-family:Georgia,serif;color:#0f2e22}table{border-collapse:collapse;width:100%;background:#fff}th,td{text-align:left;padding:8px 12px;border-bottom:1px solid #ebe1cb}a{color:#1d5240}</style>
</head><body>
<h1>Local mail outbox</h1>
${note}
${
  entries.length === 0
    ? '<p>No messages yet.</p>'
    : `<table><thead><tr><th>Written</th><th>To</th><th>Subject</th><th>Raw</th><th>Attachments</th></tr></thead><tbody>\n${rows}\n</tbody></table>`
}
</body></html>`;
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
