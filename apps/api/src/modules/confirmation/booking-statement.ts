import type { Confirmation } from '@links/shared/schemas/confirmation';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { paymentIntents, paymentRefunds, recordedPayments, staffRefunds } from '../../db/schema/index.ts';

// A booking's statement (issue 24): every payment and refund, as the booker's confirmation page and the staff's
// booking page show it. Read from the money's own records, never from the booking's running totals.

type Statement = NonNullable<Confirmation['statement']>;

const RECORDED: Record<string, string> = {
  phone: 'Payment by phone',
  desk: 'Payment at the desk',
  bank_transfer: 'Payment by bank transfer',
};

export async function bookingStatement(db: DbOrTx, bookingId: number): Promise<Statement> {
  const [cards, recorded, refunds, waiting] = await Promise.all([
    db
      .select({ at: paymentIntents.createdAt, amount: paymentIntents.amount })
      .from(paymentIntents)
      .where(and(eq(paymentIntents.bookingId, bookingId), eq(paymentIntents.status, 'succeeded'))),
    db
      .select({
        at: recordedPayments.recordedAt,
        amount: recordedPayments.amountPence,
        method: recordedPayments.method,
      })
      .from(recordedPayments)
      .where(eq(recordedPayments.bookingId, bookingId)),
    db
      .select({ at: paymentRefunds.createdAt, amount: paymentRefunds.amount, status: paymentRefunds.status })
      .from(paymentRefunds)
      .innerJoin(paymentIntents, eq(paymentIntents.id, paymentRefunds.paymentIntentId))
      .where(eq(paymentIntents.bookingId, bookingId))
      .orderBy(asc(paymentRefunds.createdAt)),
    // Asked for by staff and not yet sent to the card provider (the reconciliation job retries it).
    db
      .select({ at: staffRefunds.createdAt, amount: staffRefunds.amountPence })
      .from(staffRefunds)
      .where(and(eq(staffRefunds.bookingId, bookingId), eq(staffRefunds.status, 'pending'))),
  ]);
  const lines: Statement = [
    ...cards.map((card) => ({
      at: card.at.toISOString(),
      kind: 'card_payment' as const,
      description: 'Card payment',
      amount: card.amount,
      pending: false,
    })),
    ...recorded.map((payment) => ({
      at: payment.at.toISOString(),
      kind: 'recorded_payment' as const,
      description: RECORDED[payment.method] ?? 'Payment',
      amount: payment.amount,
      pending: false,
    })),
    ...refunds
      .filter((refund) => refund.status !== 'failed' && refund.status !== 'canceled')
      .map((refund) => ({
        at: refund.at.toISOString(),
        kind: 'refund' as const,
        description: 'Refund to the card',
        amount: -refund.amount,
        pending: refund.status !== 'succeeded',
      })),
    ...waiting.map((refund) => ({
      at: refund.at.toISOString(),
      kind: 'refund' as const,
      description: 'Refund to the card',
      amount: -refund.amount,
      pending: true,
    })),
  ];
  return lines.sort((a, b) => a.at.localeCompare(b.at));
}
