import { and, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { processedWebhookEvents } from '../../db/schema/payments.ts';

/** A handler that has held an event this long is presumed dead (crashed instance); its claim may be taken over. */
export const STALE_CLAIM_MS = 5 * 60 * 1000;

export type WebhookClaim = 'claimed' | 'processed' | 'in_progress';

/** Claims an event id for processing. Exactly one concurrent caller gets 'claimed' for a given id. */
export async function claimWebhookEvent(
  db: DbOrTx,
  event: { id: string; type: string },
): Promise<WebhookClaim> {
  const [inserted] = await db
    .insert(processedWebhookEvents)
    .values({ id: event.id, type: event.type, status: 'processing' })
    .onConflictDoNothing()
    .returning({ id: processedWebhookEvents.id });
  if (inserted) return 'claimed';
  const [retaken] = await db
    .update(processedWebhookEvents)
    .set({ receivedAt: sql`now()` })
    .where(
      and(
        eq(processedWebhookEvents.id, event.id),
        eq(processedWebhookEvents.status, 'processing'),
        lt(processedWebhookEvents.receivedAt, sql`now() - make_interval(secs => ${STALE_CLAIM_MS / 1000})`),
      ),
    )
    .returning({ id: processedWebhookEvents.id });
  if (retaken) return 'claimed';
  const [existing] = await db
    .select({ status: processedWebhookEvents.status })
    .from(processedWebhookEvents)
    .where(eq(processedWebhookEvents.id, event.id));
  // Deleted between our insert and select (its handler failed): the provider will retry, as for in_progress.
  return existing?.status === 'processed' ? 'processed' : 'in_progress';
}

export async function markWebhookEventProcessed(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(processedWebhookEvents)
    .set({ status: 'processed', processedAt: sql`now()` })
    .where(eq(processedWebhookEvents.id, id));
}

/** Forgets a claim whose handling failed, so the provider's retry processes the event again. */
export async function releaseWebhookEvent(db: DbOrTx, id: string): Promise<void> {
  await db
    .delete(processedWebhookEvents)
    .where(and(eq(processedWebhookEvents.id, id), eq(processedWebhookEvents.status, 'processing')));
}
