import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { operatorSessions, paymentIntents } from '../db/schema/index.ts';

// Tests only: the rows a test reads back to see what the requests it made stored.

/** The sessions stored for an operator, wherever they signed in. */
export function operatorSessionsOf(db: DbOrTx, operatorId: number) {
  return db.select().from(operatorSessions).where(eq(operatorSessions.operatorId, operatorId));
}

/** The payment intents stored for a booking. */
export function paymentIntentsOf(db: DbOrTx, bookingId: number) {
  return db.select().from(paymentIntents).where(eq(paymentIntents.bookingId, bookingId));
}
