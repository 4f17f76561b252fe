import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import type { MailTransport } from './mail-message.ts';

export type ProcessOutboxOptions = {
  /** The worker's clock (tests move it); defaults to now. */
  now?: Date;
  batchSize?: number;
  /** How long a claimed row is reserved for this worker; after that (a crash) another worker may retry it. */
  leaseMs?: number;
  /** Attempts before a row is marked failed. */
  maxAttempts?: number;
  /** Back-off after the first failed attempt; doubles each time up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
};

export type ProcessOutboxResult = { claimed: number; sent: number; retrying: number; failed: number };

export const OUTBOX_DEFAULTS = {
  batchSize: 20,
  leaseMs: 5 * 60 * 1000,
  maxAttempts: 10,
  baseDelayMs: 30 * 1000,
  maxDelayMs: 60 * 60 * 1000,
} as const;

/** Exponential back-off: base, 2 x base, 4 x base ... capped. `attempts` counts the attempt that just failed. */
export function retryDelayMs(attempts: number, baseDelayMs: number, maxDelayMs: number): number {
  return Math.min(baseDelayMs * 2 ** Math.max(0, attempts - 1), maxDelayMs);
}

const EMAIL_ADDRESS = /[^\s<>"'@]+@[^\s<>"'@]+/g;

/** What is kept of a send error: its code, the server's status and a message with any address removed. */
export function describeMailError(error: unknown): string {
  const { code, responseCode, message } = (error ?? {}) as {
    code?: unknown;
    responseCode?: unknown;
    message?: unknown;
  };
  const parts = [
    typeof code === 'string' ? code : undefined,
    typeof responseCode === 'number' ? String(responseCode) : undefined,
    typeof message === 'string'
      ? message.replace(EMAIL_ADDRESS, '[address]').replace(/\s+/g, ' ').slice(0, 200)
      : undefined,
  ].filter((part): part is string => part !== undefined && part !== '');
  return parts.length > 0 ? parts.join(' ') : 'unknown error';
}

/**
 * Sends the outbox rows that are due. Rows are claimed with one UPDATE over a `FOR UPDATE SKIP LOCKED` selection that
 * also counts the attempt and moves next_attempt_at to the end of a lease, so any number of workers (instances) can
 * run at once: each row is claimed by one of them, and none holds a transaction open while talking to SMTP. The
 * outcome is written only if the row still carries this claim's attempt count (a fencing token), so a worker that
 * outlived its lease cannot overwrite a newer attempt.
 */
export async function processOutbox(
  db: Db,
  transport: MailTransport,
  options: ProcessOutboxOptions = {},
): Promise<ProcessOutboxResult> {
  const settings = { ...OUTBOX_DEFAULTS, ...options };
  const now = options.now ?? new Date();
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
    .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.createdAt))
    .limit(settings.batchSize)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + settings.leaseMs),
    })
    .where(and(inArray(mailOutbox.id, due), eq(mailOutbox.status, 'pending')))
    .returning();

  const result: ProcessOutboxResult = { claimed: claimed.length, sent: 0, retrying: 0, failed: 0 };
  for (const row of claimed) {
    const fence = and(
      eq(mailOutbox.id, row.id),
      eq(mailOutbox.attempts, row.attempts),
      eq(mailOutbox.status, 'pending'),
    );
    try {
      await transport.send({
        id: row.id,
        from: transport.from,
        to: row.to,
        subject: row.subject,
        html: row.html,
        text: row.text,
        attachments: row.attachments,
      });
      await db.update(mailOutbox).set({ status: 'sent', sentAt: new Date(), lastError: null }).where(fence);
      result.sent += 1;
    } catch (error) {
      const lastError = describeMailError(error);
      if (row.attempts >= settings.maxAttempts) {
        await db.update(mailOutbox).set({ status: 'failed', lastError }).where(fence);
        result.failed += 1;
      } else {
        const delay = retryDelayMs(row.attempts, settings.baseDelayMs, settings.maxDelayMs);
        await db
          .update(mailOutbox)
          .set({ nextAttemptAt: new Date(now.getTime() + delay), lastError })
          .where(fence);
        result.retrying += 1;
      }
    }
  }
  return result;
}
