import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { userMessage } from '@/lib/api-client';
import { usePaymentConfig } from '../api/get-payment-config';
import { retrieveSandboxIntent } from '../api/sandbox-intents';
import { retrieveStripeIntent } from '../api/stripe';
import { PAYMENT_MESSAGES } from '../payment-messages';
import { type ConfirmOutcome, outcomeOfIntent, PAYMENT_MESSAGE_RULE } from './confirm-outcome';

/** The query parameters a provider adds when it sends the browser back after 3-D Secure. */
export const PROVIDER_RETURN_PARAMS = [
  'payment_intent',
  'payment_intent_client_secret',
  'redirect_status',
] as const;

type ProviderReturn = {
  /** False when the return is not this form's to read (another form's marker, or none in the address). */
  enabled: boolean;
  /** Parameters taken out of the address with the provider's own (a form's marker). */
  extraParams?: readonly string[];
  /** The intent is being read again: lock the form. */
  onChecking: () => void;
  /** What the provider says the intent came to, read from the provider, never from the address. */
  onOutcome: (outcome: ConfirmOutcome, amount: number) => Promise<void> | void;
  /** Reading it failed: the message to show. */
  onFailed: (message: string) => void;
  onSettled?: () => void;
};

/**
 * The way back from 3-D Secure (spec section 2: the page reads payment_intent_client_secret): once per secret, the
 * secret leaves the address bar, the intent is read again from the configured provider, and its outcome handed over.
 */
export function useProviderReturn(options: ProviderReturn) {
  const config = usePaymentConfig();
  const [searchParams, setSearchParams] = useSearchParams();
  const handlers = useRef(options);
  handlers.current = options;
  const returnSecret = options.enabled ? searchParams.get('payment_intent_client_secret') : null;
  const mode = config.data?.mode;
  const publishableKey = config.data?.publishable_key ?? null;
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!returnSecret || !mode || handled.current === returnSecret) return;
    handled.current = returnSecret;
    const extra = handlers.current.extraParams ?? [];
    setSearchParams(
      (params) => {
        for (const name of [...PROVIDER_RETURN_PARAMS, ...extra]) params.delete(name);
        return params;
      },
      { replace: true },
    );
    handlers.current.onChecking();
    const retrieve =
      mode === 'stripe' && publishableKey
        ? retrieveStripeIntent(publishableKey, returnSecret)
        : retrieveSandboxIntent(returnSecret);
    void retrieve
      .then((intent) => handlers.current.onOutcome(outcomeOfIntent(intent), intent.amount))
      .catch((error: unknown) =>
        handlers.current.onFailed(userMessage(error, PAYMENT_MESSAGES.processFailed, PAYMENT_MESSAGE_RULE)),
      )
      .finally(() => handlers.current.onSettled?.());
  }, [returnSecret, mode, publishableKey, setSearchParams]);
  return config;
}
