import type { PaymentIntent } from './payment-provider.ts';

export type PaymentIntentUpdate = {
  /** 'webhook': a verified provider event; 'sandbox': the sandbox card form or 3-D Secure page changed it. */
  source: 'webhook' | 'sandbox';
  /** The webhook event id, when the update came from one. */
  eventId?: string;
};

export type PaymentIntentListener = (
  intent: PaymentIntent,
  update: PaymentIntentUpdate,
) => Promise<void> | void;

/**
 * The seam between payments and bookings: the payments module reports the provider's truth about an intent and
 * the booking engine (which subscribes when it registers) decides what that means for the booking.
 *
 * Delivery is at least once: the same intent may be reported more than once (a webhook and the sandbox, a
 * provider retry), so listeners must be idempotent. It is never backwards: an intent reported as succeeded or
 * canceled is never reported in another state afterwards.
 */
export class PaymentEvents {
  readonly #listeners = new Set<PaymentIntentListener>();

  /** Subscribes; returns the unsubscribe function. */
  onPaymentIntentUpdated(listener: PaymentIntentListener): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  get listenerCount(): number {
    return this.#listeners.size;
  }

  /** Runs every listener in subscription order; the first failure rejects (a webhook then answers 500 and is retried). */
  async emitPaymentIntentUpdated(intent: PaymentIntent, update: PaymentIntentUpdate): Promise<void> {
    for (const listener of [...this.#listeners]) await listener(intent, update);
  }
}
