import type { CreateIntentInput } from '../payment-provider.ts';

/** What the booking engine asks a provider for: `amount` pence in pounds for a booking, once per idempotency key. */
export const intentInput = (
  bookingId: number,
  amount: number,
  idempotencyKey = `booking:${bookingId}:payment:1`,
): CreateIntentInput => ({ amount, currency: 'gbp', bookingId, idempotencyKey });
