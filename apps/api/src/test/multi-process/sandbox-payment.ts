import { expect } from 'vitest';
import { CONTACT_DETAILS } from '../../modules/confirmation/confirmation-test-helpers.ts';
import type { ApiProcess } from './api-process.ts';
import type { Browser, HttpAnswer } from './browser.ts';

/** Fails the test with the start of the answer's body when its status is not `status`. */
export function expectStatus(answer: HttpAnswer, status: number, what: string): void {
  expect(answer.status, `${what}: ${answer.text.slice(0, 500)}`).toBe(status);
}

/**
 * Pays a held booking the way a golfer does, each step on the other process than the last: the contact details on
 * B, the sandbox's succeeding card on A, the payment recorded on B. Fails the test when a step is refused.
 */
export async function payHeldBooking(
  golfer: Browser,
  [A, B]: [ApiProcess, ApiProcess],
  bookingId: number,
  email: string,
): Promise<void> {
  const saved = await golfer.call(B, 'PATCH', `/v1/bookings/${bookingId}/details`, {
    ...CONTACT_DETAILS,
    email_address: email,
  });
  expectStatus(saved, 200, 'contact details on B');
  const intent = (saved.json as { data: { payment_intent: { id: string; client_secret: string } } }).data
    .payment_intent;
  const paid = await golfer.call(A, 'POST', `/v1/sandbox/payment_intents/${intent.id}/confirm`, {
    client_secret: intent.client_secret,
    card: {
      number: '4242 4242 4242 4242',
      exp_month: 12,
      exp_year: new Date().getUTCFullYear() + 2,
      cvc: '123',
    },
    return_url: '/confirmation/pending',
  });
  expectStatus(paid, 200, 'card payment on A');
  const recorded = await golfer.call(B, 'PATCH', `/v1/bookings/${bookingId}/payment`, {
    booking_id: bookingId,
    payment_intent: intent.id,
    newsletter: false,
  });
  expectStatus(recorded, 200, 'payment recorded on B');
}
