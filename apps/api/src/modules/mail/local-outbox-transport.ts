import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { MailTransport, OutgoingMail } from './mail-message.ts';
import { toNodemailerMessage } from './nodemailer-message.ts';

/** Index entry written beside each message, for GET /dev/outbox. */
export type LocalOutboxEntry = {
  id: string;
  to: string;
  subject: string;
  date: string;
  eml: string;
  html: string;
  /** Each attachment, decoded into its own file ('<base>-1.att'), so a calendar file or PDF can be opened as is. */
  attachments?: Array<{ filename: string; contentType: string; file: string }>;
};

/** File names the outbox writes: '<timestamp>-<uuid>.<ext>' and '<timestamp>-<uuid>-<n>.att'. Nothing else is served. */
export const LOCAL_OUTBOX_FILE = /^\d{8}T\d{6}Z-[0-9a-f-]{36}(\.(eml|html|json)|-\d{1,2}\.att)$/;

function stamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** Writes a file whole or not at all, so the listing never shows a half-written message. */
async function writeAtomically(path: string, content: string | Buffer): Promise<void> {
  const temporary = `${path}.tmp`;
  await writeFile(temporary, content);
  await rename(temporary, path);
}

/**
 * The local outbox for development and tests without SMTP: each message as a standard .eml (exactly what SMTP would
 * carry, built by nodemailer's stream transport), a .html copy to open in a browser, each attachment decoded into
 * its own .att file, and a small .json index entry.
 */
export function createLocalOutboxTransport(dir: string, from: string): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'local',
    from,
    async send(mail: OutgoingMail) {
      const info = await composer.sendMail(toNodemailerMessage(mail));
      const base = `${stamp(new Date())}-${mail.id}`;
      await mkdir(dir, { recursive: true });
      await writeAtomically(join(dir, `${base}.eml`), info.message as Buffer);
      await writeAtomically(join(dir, `${base}.html`), mail.html);
      const attachments = await Promise.all(
        mail.attachments.map(async (attachment, index) => {
          const file = `${base}-${index + 1}.att`;
          await writeAtomically(join(dir, file), Buffer.from(attachment.content, 'base64'));
          return { filename: attachment.filename, contentType: attachment.contentType, file };
        }),
      );
      const entry: LocalOutboxEntry = {
        id: mail.id,
        to: mail.to,
        subject: mail.subject,
        date: new Date().toISOString(),
        eml: `${base}.eml`,
        html: `${base}.html`,
        attachments,
      };
      await writeAtomically(join(dir, `${base}.json`), JSON.stringify(entry, null, 2));
    },
    async close() {
      composer.close();
    },
  };
}

/** The messages in a local outbox, newest first. A missing directory is an empty outbox. */
export async function listLocalOutbox(dir: string): Promise<LocalOutboxEntry[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const entries = await Promise.all(
    names
      .filter((name) => LOCAL_OUTBOX_FILE.test(name) && name.endsWith('.json'))
      .map(async (name) => JSON.parse(await readFile(join(dir, name), 'utf8')) as LocalOutboxEntry),
  );
  return entries.sort((a, b) => b.date.localeCompare(a.date));
}
