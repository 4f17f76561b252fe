import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Appearance } from '@stripe/stripe-js';
import { useEffect, useMemo, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { getStripe } from '../api/stripe';
import { type CardFormHandle, outcomeOfIntent } from '../card/confirm-outcome';
import { PAYMENT_MESSAGES } from '../payment-messages';

// Loaded only when the server takes payments through Stripe (its own chunk: Stripe.js never weighs on `/`).

const appearance: Appearance = {
  theme: 'stripe',
  variables: {
    colorPrimary: '#1d5240',
    colorText: '#17211c',
    colorDanger: '#8a1f22',
    fontFamily: 'Inter, system-ui, sans-serif',
    borderRadius: '8px',
  },
};

type StripeCardFormProps = {
  publishableKey: string;
  clientSecret: string;
  onHandleChange: (handle: CardFormHandle | null) => void;
};

export default function StripeCardForm({
  publishableKey,
  clientSecret,
  onHandleChange,
}: StripeCardFormProps) {
  const stripe = useMemo(() => getStripe(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripe} options={{ clientSecret, appearance, loader: 'auto' }}>
      <PaymentElementForm onHandleChange={onHandleChange} />
    </Elements>
  );
}

function PaymentElementForm({ onHandleChange }: Pick<StripeCardFormProps, 'onHandleChange'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (!stripe || !elements || !ready) return;
    const handle: CardFormHandle = {
      async confirm(returnPath) {
        // Shows the Payment Element's own field messages first.
        const submitted = await elements.submit();
        if (submitted.error) return { kind: 'invalid' };
        const result = await stripe.confirmPayment({
          elements,
          confirmParams: { return_url: new URL(returnPath, window.location.origin).toString() },
          redirect: 'if_required',
        });
        if (result.error) {
          if (result.error.type === 'validation_error') return { kind: 'invalid' };
          return { kind: 'failed', message: result.error.message || PAYMENT_MESSAGES.processFailed };
        }
        return outcomeOfIntent(result.paymentIntent);
      },
    };
    onHandleChange(handle);
    return () => onHandleChange(null);
  }, [stripe, elements, ready, onHandleChange]);

  return (
    <>
      {ready ? null : <Spinner label="Loading the secure card form" />}
      <PaymentElement options={{ layout: 'tabs' }} onReady={() => setReady(true)} />
    </>
  );
}
