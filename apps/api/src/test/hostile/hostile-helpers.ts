import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

// Helpers for the hostile-input tests: what "nothing changed" means, and the error envelope every refusal carries.

/** Tables a request could write to on the booking, payment, mail and account paths (not the rate-limit counters). */
const WATCHED_TABLES = [
  'bookings',
  'booking_rounds',
  'booking_golfers',
  'payment_intents',
  'payment_refunds',
  'mail_outbox',
  'operators',
  'operator_sessions',
  'password_reset_tokens',
  'settings',
] as const;

/** Every row of every watched table, as JSON text: equal snapshots mean nothing was written. */
export async function databaseSnapshot(database: Database): Promise<Record<string, string>> {
  const snapshot: Record<string, string> = {};
  for (const table of WATCHED_TABLES) {
    const result = await database.db.execute<{ content: string }>(
      sql.raw(`select coalesce(json_agg(t order by t::text)::text, '[]') as content from ${table} t`),
    );
    snapshot[table] = result.rows[0]?.content ?? '[]';
  }
  return snapshot;
}

export type ErrorEnvelope = { error: { code: string; message: string; fields?: Record<string, string> } };

/** The body parsed as the error envelope, failing loudly when it is anything else. */
export function errorEnvelope(body: string): ErrorEnvelope['error'] {
  const parsed = JSON.parse(body) as Partial<ErrorEnvelope>;
  if (!parsed.error || typeof parsed.error.code !== 'string' || typeof parsed.error.message !== 'string') {
    throw new Error(`not an error envelope: ${body.slice(0, 300)}`);
  }
  return parsed.error;
}

/** '{"a":{"a":...}}' nested `depth` levels deep. */
export function deeplyNested(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}
