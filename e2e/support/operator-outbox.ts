import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';

// The e-mails the e2e server sent: it has no SMTP, so each message lands in its local outbox (DATA_DIR/outbox, see
// apps/api/src/modules/mail/local-outbox-transport.ts). start-server.ts writes where that is for its port.

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export function e2eOutboxPointer(rootDir: string, port: string | number): string {
  return join(rootDir, '.cache', `e2e-outbox-${port}.txt`);
}

type OutboxEntry = { id: string; to: string; subject: string; date: string; eml: string; html: string };

async function outboxDir(): Promise<string> {
  const port = process.env.E2E_PORT;
  if (!port) throw new Error('E2E_PORT is not set (playwright.config.ts sets it)');
  return (await readFile(e2eOutboxPointer(root, port), 'utf8')).trim();
}

async function entries(dir: string): Promise<OutboxEntry[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const all = await Promise.all(
    names
      .filter((name) => name.endsWith('.json'))
      .map(async (name) => JSON.parse(await readFile(join(dir, name), 'utf8')) as OutboxEntry),
  );
  return all.sort((a, b) => b.date.localeCompare(a.date));
}

function unescapeHtml(text: string): string {
  return text
    .replaceAll('&amp;', '&')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>');
}

/**
 * Waits for the newest e-mail to `to` sent after `since` whose subject matches, and returns its HTML. The mail
 * worker polls its queue every few seconds, hence the generous wait.
 */
export async function waitForEmail(to: string, subject: RegExp, since: Date): Promise<string> {
  const dir = await outboxDir();
  let found: OutboxEntry | undefined;
  await expect
    .poll(
      async () => {
        found = (await entries(dir)).find(
          (entry) => entry.to.includes(to) && subject.test(entry.subject) && new Date(entry.date) >= since,
        );
        return found !== undefined;
      },
      { message: `an e-mail to ${to} matching ${subject}`, timeout: 20_000, intervals: [250, 500, 1000] },
    )
    .toBe(true);
  return readFile(join(dir, (found as OutboxEntry).html), 'utf8');
}

/** The password reset link (path and query) in a reset e-mail. */
export function resetLinkIn(html: string): string {
  const href = /href="([^"]*\/reset\?t=[^"]+)"/.exec(html)?.[1];
  expect(href, 'the e-mail contains a /reset link').toBeTruthy();
  const url = new URL(unescapeHtml(href as string));
  return `${url.pathname}${url.search}`;
}

/** The signed booking link (path and query) in a payment e-mail's 'View and pay online' button. */
export function bookingLinkIn(html: string): string {
  const href = /href="([^"]*\/confirmation\/\d+\?[^"]+)"/.exec(html)?.[1];
  expect(href, 'the e-mail contains a signed booking link').toBeTruthy();
  const url = new URL(unescapeHtml(href as string));
  return `${url.pathname}${url.search}`;
}
