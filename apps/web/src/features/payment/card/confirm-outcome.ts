import { type MessageRule, NO_ANSWER } from '@/lib/api-client';
import type { ProviderPaymentIntent } from '../api/sandbox-intents';
import { PAYMENT_MESSAGES } from '../payment-messages';

/** What confirming a card payment came to, whichever provider took it. */
export type ConfirmOutcome =
  | { kind: 'succeeded'; paymentIntent: string }
  /** The browser is leaving for the bank's 3-D Secure page; the outcome arrives on the way back. */
  | { kind: 'redirecting' }
  | { kind: 'failed'; message: string }
  /** The card details need correcting; the form shows what and where. */
  | { kind: 'invalid' };

/** The card form's side of the submission: the page holds the terms and the pay button. */
export type CardFormHandle = {
  confirm: (returnPath: string) => Promise<ConfirmOutcome>;
};

/** The fields both the sandbox's and Stripe.js's intents have. */
type IntentView = {
  id: string;
  status: ProviderPaymentIntent['status'] | (string & {});
  last_payment_error?: { message?: string | null | undefined } | null;
};

/** Spec section 4: only a succeeded intent is recorded; anything else shows the provider's reason. */
export function outcomeOfIntent(intent: IntentView): ConfirmOutcome {
  if (intent.status === 'succeeded') return { kind: 'succeeded', paymentIntent: intent.id };
  const message = intent.last_payment_error?.message;
  return { kind: 'failed', message: message || PAYMENT_MESSAGES.processFailed };
}

/** A payment banner shows the spec's fallback when no answer came. */
export const PAYMENT_MESSAGE_RULE: MessageRule = { ignoreStatuses: [NO_ANSWER] };
