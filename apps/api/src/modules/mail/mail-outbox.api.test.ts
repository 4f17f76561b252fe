import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, type Database } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { mailOutboxJob } from '../../jobs/mail-outbox.job.ts';
import { createJobScheduler } from '../../jobs/scheduler.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { databaseUrlFor } from '../../test/test-database.ts';
import { enqueueMail } from './enqueue-mail.ts';
import type { MailTransport, OutgoingMail } from './mail-message.ts';
import { processOutbox } from './process-outbox.ts';
import { MAIL_RETENTION_MS, purgeOldMail } from './purge-outbox.ts';
import { createSmtpTransport } from './smtp-transport.ts';
import { renderSampleEmail } from './test/sample-email.tsx';
import { SmtpSink } from './test/smtp-sink.ts';

const PDF = Buffer.from('%PDF-1.4 test confirmation attachment '.repeat(20));

async function message(to = 'golfer@example.com', subject = 'Your tee time is confirmed') {
  const { html, text } = await renderSampleEmail(subject);
  return {
    to,
    subject,
    html,
    text,
    attachments: [
      { filename: 'booking-48213.pdf', contentType: 'application/pdf', content: PDF.toString('base64') },
    ],
  };
}

const rowOf = async (t: TestApp, id: string) => {
  const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) throw new Error('outbox row missing');
  return row;
};

let sink: SmtpSink;
let t: TestApp;

beforeAll(async () => {
  sink = await new SmtpSink().start();
  t = await createTestApp({ smtpUrl: sink.url });
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});

describe('mail outbox over real SMTP', () => {
  it('delivers a queued message with subject, HTML, text and attachment, and marks it sent', async () => {
    const { id } = await enqueueMail(t.app.db, await message());
    expect(t.app.mail.transport.kind).toBe('smtp');
    const result = await t.app.jobs.runOnce('mail-outbox');
    expect(result).toMatchObject({ claimed: 1, sent: 1, retrying: 0, failed: 0 });

    const mail = sink.received.at(-1);
    expect(mail?.to).toEqual(['golfer@example.com']);
    expect(mail?.from).toBe('bookings@example.com');
    const raw = mail?.raw ?? '';
    expect(raw).toMatch(/^Subject: Your tee time is confirmed\r?$/m);
    expect(raw).toMatch(/^Message-ID: <[0-9a-f-]{36}@example\.com>\r?$/m);
    expect(raw).toMatch(/Content-Type: text\/plain/);
    expect(raw).toMatch(/Content-Type: text\/html/);
    expect(raw).toContain('See you on the first tee.');
    expect(raw).toMatch(/Content-Type: application\/pdf; name=booking-48213\.pdf/);
    expect(raw.replace(/\r?\n/g, '')).toContain(PDF.toString('base64'));

    const row = await rowOf(t, id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect((await t.app.jobs.runOnce('mail-outbox')).claimed).toBe(0);
  });

  it('keeps a message pending with the attempt counted while SMTP is down, and delivers it when it is back', async () => {
    const port = sink.port;
    const transport = createSmtpTransport(sink.url, 'Links Golf Resort <bookings@links-resort.example>');
    const { id } = await enqueueMail(t.app.db, await message('outage@example.com', 'Sent after the outage'));
    // Due from the database's clock at enqueueing, to the microsecond; a `new Date()` taken in the same millisecond
    // is up to 1 ms earlier, and the row was then not yet due (seen once in CI on PostgreSQL: claimed 0).
    const now = new Date((await rowOf(t, id)).nextAttemptAt.getTime() + 1);
    await sink.stop();
    try {
      const down = await processOutbox(t.app.db, transport, { now });
      expect(down).toMatchObject({ claimed: 1, sent: 0, retrying: 1 });
      const pending = await rowOf(t, id);
      expect(pending).toMatchObject({ status: 'pending', attempts: 1 });
      expect(pending.nextAttemptAt.getTime()).toBe(now.getTime() + 30_000);
      expect(pending.lastError).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
      expect(pending.lastError).not.toContain('outage@example.com');
    } finally {
      await sink.start(port);
    }
    expect((await processOutbox(t.app.db, transport, { now: new Date(now.getTime() + 1000) })).claimed).toBe(
      0,
    );
    const back = await processOutbox(t.app.db, transport, { now: new Date(now.getTime() + 31_000) });
    expect(back).toMatchObject({ claimed: 1, sent: 1 });
    expect(await rowOf(t, id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(sink.received.filter((mail) => mail.to.includes('outage@example.com'))).toHaveLength(1);
    await transport.close();
  });

  it('backs off exponentially and gives up after the maximum attempts', async () => {
    const failing: MailTransport = {
      kind: 'smtp',
      from: 'x@links-resort.example',
      send: async () => {
        throw Object.assign(new Error('550 5.1.1 <nobody@example.com>: Recipient address rejected'), {
          code: 'EENVELOPE',
          responseCode: 550,
        });
      },
      close: async () => undefined,
    };
    const { id } = await enqueueMail(t.app.db, await message('nobody@example.com', 'Never arrives'));
    let now = new Date(Date.now() + 60_000);
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await processOutbox(t.app.db, failing, { now, maxAttempts: 4, baseDelayMs: 1000 });
      const row = await rowOf(t, id);
      if (row.status === 'pending') delays.push(row.nextAttemptAt.getTime() - now.getTime());
      now = new Date(row.nextAttemptAt.getTime() + 1);
    }
    expect(delays).toEqual([1000, 2000, 4000]);
    const row = await rowOf(t, id);
    expect(row).toMatchObject({ status: 'failed', attempts: 4 });
    expect(row.lastError).toBe('EENVELOPE 550 550 5.1.1 <[address]>: Recipient address rejected');
  });

  it('writes nothing for a change that rolls back', async () => {
    const before = await t.app.db.select({ count: sql<number>`count(*)::int` }).from(mailOutbox);
    await expect(
      t.app.db.transaction(async (tx) => {
        await enqueueMail(tx, await message('rollback@example.com'));
        throw new Error('booking confirmation failed');
      }),
    ).rejects.toThrow('booking confirmation failed');
    const after = await t.app.db.select({ count: sql<number>`count(*)::int` }).from(mailOutbox);
    expect(after[0]?.count).toBe(before[0]?.count);
  });

  it('refuses malformed messages before writing anything', async () => {
    await expect(enqueueMail(t.app.db, { ...(await message()), to: 'not an address' })).rejects.toThrow();
    await expect(
      enqueueMail(t.app.db, { ...(await message()), subject: 'Hi\r\nBcc: victim@example.com' }),
    ).rejects.toThrow();
    await expect(
      enqueueMail(t.app.db, {
        ...(await message()),
        attachments: [{ filename: '../../etc/passwd', contentType: 'text/plain', content: 'aGk=' }],
      }),
    ).rejects.toThrow();
  });

  it('runs in the background and stops cleanly', async () => {
    const { id } = await enqueueMail(t.app.db, await message('worker@example.com', 'From the worker'));
    const intervalsMs = { ...t.config.jobs.intervalsMs, 'mail-outbox': 25 };
    const scheduler = createJobScheduler({
      app: t.app,
      config: { ...t.config, jobs: { runInBackground: true, intervalsMs } },
      log: t.app.log,
      jobs: { 'mail-outbox': mailOutboxJob },
    });
    scheduler.start();
    try {
      await expect
        .poll(async () => (await rowOf(t, id)).status, { timeout: 10_000, interval: 50 })
        .toBe('sent');
    } finally {
      await scheduler.stop();
    }
  });
});

describe('retention', () => {
  it('deletes sent and failed mail after the retention period and never touches pending mail', async () => {
    const old = new Date(Date.now() - MAIL_RETENTION_MS - 60_000);
    const ids = await Promise.all(
      (['sent', 'failed', 'pending'] as const).map(async (status) => {
        const { id } = await enqueueMail(t.app.db, await message(`${status}@example.com`, `Old ${status}`));
        await t.app.db.update(mailOutbox).set({ status, createdAt: old }).where(eq(mailOutbox.id, id));
        return id;
      }),
    );
    const recent = await enqueueMail(t.app.db, await message('recent@example.com'));
    await t.app.db.update(mailOutbox).set({ status: 'sent' }).where(eq(mailOutbox.id, recent.id));

    expect(await purgeOldMail(t.app.db)).toBe(2);
    const left = await t.app.db.select({ id: mailOutbox.id }).from(mailOutbox);
    const leftIds = left.map((row) => row.id);
    expect(leftIds).not.toContain(ids[0]);
    expect(leftIds).not.toContain(ids[1]);
    expect(leftIds).toContain(ids[2]);
    expect(leftIds).toContain(recent.id);
    await t.app.db.delete(mailOutbox).where(eq(mailOutbox.id, ids[2] ?? ''));
  });
});

describe('several workers on one database', () => {
  it('never send a row twice', async () => {
    const count = 40;
    for (let index = 0; index < count; index += 1) {
      await enqueueMail(t.app.db, await message(`many${index}@example.com`, `Message ${index}`));
    }
    // A second connection pool stands in for a second API instance (PostgreSQL); PGlite has one connection.
    let second: Database | undefined;
    if (t.database.kind === 'postgres') {
      const result = await t.app.db.execute<{ name: string }>(sql`select current_database() as name`);
      second = createPostgresDatabase(databaseUrlFor(String(result.rows[0]?.name)), 5);
    }
    const sends: string[] = [];
    const slowTransport: MailTransport = {
      kind: 'local',
      from: 'bookings@links-resort.example',
      send: async (mail: OutgoingMail) => {
        sends.push(mail.id);
        await new Promise((resolve) => setTimeout(resolve, 2 + Math.random() * 8));
      },
      close: async () => undefined,
    };
    try {
      const first = t.app.db;
      const other = second?.db ?? t.app.db;
      const now = new Date(Date.now() + 120_000);
      const worker = async (db: typeof first) => {
        for (;;) {
          const result = await processOutbox(db, slowTransport, { now, batchSize: 3 });
          if (result.claimed === 0) return;
        }
      };
      await Promise.all([worker(first), worker(other), worker(first), worker(other)]);
    } finally {
      await second?.close();
    }
    expect(new Set(sends).size).toBe(sends.length);
    const pending = await t.app.db
      .select({ count: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(eq(mailOutbox.status, 'pending'));
    expect(pending[0]?.count).toBe(0);
    expect(sends.length).toBeGreaterThanOrEqual(count);
  });
});

describe('local outbox (no SMTP_URL)', () => {
  let dir: string;
  let local: TestApp;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'links-outbox-'));
    local = await createTestApp({ dataDir: dir, smtpUrl: undefined });
  });
  afterAll(async () => {
    await local.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('writes each message as a readable .eml and .html and lists them at /dev/outbox', async () => {
    expect(local.app.mail.transport.kind).toBe('local');
    const { id } = await enqueueMail(local.app.db, await message('reader@example.com', 'Read me <locally>'));
    expect((await local.app.jobs.runOnce('mail-outbox')).sent).toBe(1);

    const files = (await readdir(join(dir, 'outbox'))).sort();
    expect(files).toHaveLength(4);
    const attachment = files.find((file) => file.endsWith('-1.att')) ?? '';
    expect(await readFile(join(dir, 'outbox', attachment))).toEqual(PDF);
    const eml = files.find((file) => file.endsWith('.eml')) ?? '';
    const html = files.find((file) => file.endsWith('.html')) ?? '';
    expect(eml).toContain(id);
    const raw = await readFile(join(dir, 'outbox', eml), 'utf8');
    expect(raw).toMatch(/^Subject: Read me <locally>$/m);
    expect(raw).toMatch(/^To: reader@example\.com$/m);
    expect(raw).toContain('booking-48213.pdf');
    expect(await readFile(join(dir, 'outbox', html), 'utf8')).toBe(
      (await message('reader@example.com', 'Read me <locally>')).html,
    );

    const list = await local.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('Read me &lt;locally&gt;');
    expect(list.body).toContain(`href="/dev/outbox/${html}"`);
    expect(list.body).toContain(`<a href="/dev/outbox/${attachment}">booking-48213.pdf</a>`);
    // No script may run on these pages: default-src 'none' and no script-src.
    expect(String(list.headers['content-security-policy'])).toMatch(/^default-src 'none';(?!.*script-src)/);
  });

  it('serves only the files it wrote', async () => {
    const list = await local.app.inject({ method: 'GET', url: '/dev/outbox' });
    const href = /href="(\/dev\/outbox\/[^"]+\.html)"/.exec(list.body)?.[1] ?? '';
    const page = await local.app.inject({ method: 'GET', url: href });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('See you on the first tee.');
    expect(String(page.headers['content-security-policy'])).toContain("default-src 'none'");
    for (const url of [
      '/dev/outbox/..%2F..%2Fetc%2Fpasswd',
      '/dev/outbox/x.json',
      '/dev/outbox/20260101T000000Z-00000000-0000-0000-0000-000000000000.html',
    ]) {
      expect((await local.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});
