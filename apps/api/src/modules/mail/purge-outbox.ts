import { and, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/mail.ts';

/**
 * Sent and failed messages hold addresses and booking details; once delivered (or given up on) they are only kept
 * long enough to answer "did my e-mail go out?", then deleted. Pending messages are never touched.
 */
export const MAIL_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

export async function purgeOldMail(
  db: Db,
  now = new Date(),
  retentionMs = MAIL_RETENTION_MS,
): Promise<number> {
  const deleted = await db
    .delete(mailOutbox)
    .where(
      and(
        inArray(mailOutbox.status, ['sent', 'failed']),
        lt(mailOutbox.createdAt, new Date(now.getTime() - retentionMs)),
      ),
    )
    .returning({ id: mailOutbox.id });
  return deleted.length;
}
