import { formatMoney } from '@links/shared/money';
import type { Confirmation } from '@links/shared/schemas/confirmation';
import {
  type DuePaymentIntent,
  MIN_DUE_PAYMENT_PENCE,
  poundsToPence,
  type RecordDuePaymentBody,
  type StartDuePaymentBody,
} from '@links/shared/schemas/due-payments';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { type CardFormHandle, PAYMENT_MESSAGE_RULE } from '@/features/payment/card/confirm-outcome';
import { useProviderReturn } from '@/features/payment/card/use-provider-return';
import { SandboxCardForm } from '@/features/payment/components/sandbox-card-form';
import { PAYMENT_MESSAGES } from '@/features/payment/payment-messages';
import { useHydrated } from '@/hooks/use-hydrated';
import { api, userMessage } from '@/lib/api-client';
import styles from './pay-due.module.css';
import { DUE_RETURN_PARAM } from './pay-due-return';

// Issue 24: paying what is due on a confirmed booking (the rest of a deposit, or the balance) by card, from the
// booking page: the tour operator signed in, or anyone who opened the signed link of a reminder e-mail. Its own chunk
// (with the card form), loaded only for a booking that owes something.

const StripeCardForm = lazy(() => import('@/features/payment/components/stripe-card-form'));

const bookingPath = (bookingNumber: string, tail: string) =>
  `/bookings/${encodeURIComponent(bookingNumber)}/${tail}`;

function startDuePayment(body: StartDuePaymentBody) {
  return api.post<DuePaymentIntent>(bookingPath(body.booking_id, 'due-payments'), body);
}

function recordDuePayment(body: RecordDuePaymentBody) {
  return api.post<Confirmation>(bookingPath(body.booking_id, 'due-payments/record'), body);
}

const toPounds = (pence: number) => (pence / 100).toFixed(2);

type Stage =
  | { kind: 'amount' }
  | { kind: 'card'; intent: DuePaymentIntent }
  | { kind: 'recording' }
  | { kind: 'paid'; amount: number };

type PayDueProps = {
  confirmation: Confirmation;
  onPaid: (confirmation: Confirmation) => void;
};

export default function PayDue({ confirmation, onPaid }: PayDueProps) {
  const hydrated = useHydrated();
  const bookingNumber = confirmation.booking_number;
  const due = confirmation.totals.due;
  const [stage, setStage] = useState<Stage>({ kind: 'amount' });
  const [amountText, setAmountText] = useState(toPounds(due));
  const [amountError, setAmountError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [handle, setHandle] = useState<CardFormHandle | null>(null);
  const [searchParams] = useSearchParams();
  const submitting = useRef(false);
  const resultRef = useRef<HTMLDivElement>(null);
  const least = Math.min(due, MIN_DUE_PAYMENT_PENCE);

  const record = useCallback(
    async (paymentIntent: string, amount: number) => {
      setStage({ kind: 'recording' });
      try {
        const updated = await recordDuePayment({ booking_id: bookingNumber, payment_intent: paymentIntent });
        setStage({ kind: 'paid', amount });
        onPaid(updated);
      } catch (error) {
        setStage({ kind: 'amount' });
        setFailure(userMessage(error, PAYMENT_MESSAGES.submitFailed, PAYMENT_MESSAGE_RULE));
      }
    },
    [bookingNumber, onPaid],
  );

  // The way back from 3-D Secure, when it is this form's (its marker in the address).
  const config = useProviderReturn({
    enabled: searchParams.has(DUE_RETURN_PARAM),
    extraParams: [DUE_RETURN_PARAM],
    onChecking: () => setStage({ kind: 'recording' }),
    onOutcome: async (outcome, amount) => {
      if (outcome.kind === 'succeeded') return record(outcome.paymentIntent, amount);
      setStage({ kind: 'amount' });
      if (outcome.kind === 'failed') setFailure(outcome.message);
    },
    onFailed: (message) => {
      setStage({ kind: 'amount' });
      setFailure(message);
    },
  });

  useEffect(() => {
    if (stage.kind === 'paid' || failure) resultRef.current?.focus();
  }, [stage.kind, failure]);

  async function openPayment(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting.current) return;
    const amount = poundsToPence(amountText);
    if (amount === null || amount <= 0)
      return setAmountError('Please enter the amount in pounds, for example 120.00.');
    if (amount > due) return setAmountError(`You can pay at most ${formatMoney(due)}, the amount due.`);
    if (amount < least) return setAmountError(`Please pay at least ${formatMoney(least)}.`);
    setAmountError(undefined);
    setFailure(null);
    submitting.current = true;
    setPending(true);
    try {
      const intent = await startDuePayment({ booking_id: bookingNumber, amount });
      setStage({ kind: 'card', intent });
    } catch (error) {
      setFailure(userMessage(error, PAYMENT_MESSAGES.submitFailed, PAYMENT_MESSAGE_RULE));
    } finally {
      submitting.current = false;
      setPending(false);
    }
  }

  async function pay(event: React.FormEvent<HTMLFormElement>, intent: DuePaymentIntent) {
    event.preventDefault();
    if (submitting.current || !handle) return;
    submitting.current = true;
    setPending(true);
    setFailure(null);
    try {
      const returnPath = `${window.location.pathname}?${DUE_RETURN_PARAM}=1`;
      const outcome = await handle.confirm(returnPath);
      if (outcome.kind === 'succeeded') await record(outcome.paymentIntent, intent.amount);
      else if (outcome.kind === 'failed') setFailure(outcome.message);
    } catch (error) {
      setFailure(userMessage(error, PAYMENT_MESSAGES.submitFailed, PAYMENT_MESSAGE_RULE));
    } finally {
      submitting.current = false;
      setPending(false);
    }
  }

  let body: ReactNode;
  if (stage.kind === 'recording') {
    body = <Spinner label="Checking your payment…" />;
  } else if (stage.kind === 'card') {
    const { intent } = stage;
    let cardForm: ReactNode;
    if (!config.data) {
      cardForm = <Spinner label="Loading the secure card form" />;
    } else if (config.data.mode === 'stripe' && config.data.publishable_key) {
      cardForm = (
        <Suspense fallback={<Spinner label="Loading the secure card form" />}>
          <StripeCardForm
            publishableKey={config.data.publishable_key}
            clientSecret={intent.client_secret}
            onHandleChange={setHandle}
          />
        </Suspense>
      );
    } else {
      cardForm = (
        <SandboxCardForm clientSecret={intent.client_secret} disabled={pending} onHandleChange={setHandle} />
      );
    }
    body = (
      <form
        noValidate
        aria-label="Card payment"
        className={styles.form}
        onSubmit={(event) => void pay(event, intent)}
      >
        {cardForm}
        <div className={styles.actions}>
          <Button type="submit" size="lg" disabled={pending || !handle} aria-busy={pending || undefined}>
            {pending ? 'Processing your payment…' : `Pay ${formatMoney(intent.amount)}`}
          </Button>
          <Button
            variant="secondary"
            disabled={pending}
            onClick={() => {
              setHandle(null);
              setStage({ kind: 'amount' });
            }}
          >
            Change the amount
          </Button>
        </div>
      </form>
    );
  } else {
    body = (
      <form noValidate className={styles.form} onSubmit={(event) => void openPayment(event)}>
        <TextField
          label="Amount to pay (£)"
          error={amountError}
          hint={`The whole ${formatMoney(due)} now due, or part of it (at least ${formatMoney(least)}).`}
          fieldClassName={styles.field}
          inputMode="decimal"
          autoComplete="off"
          value={amountText}
          onChange={(event) => setAmountText(event.target.value)}
        />
        <div className={styles.actions}>
          {/* Disabled until hydrated: on the server-rendered page the browser would submit the amount itself. */}
          <Button type="submit" size="lg" disabled={pending || !hydrated} aria-busy={pending || undefined}>
            {pending ? 'Opening the payment…' : 'Continue to card payment'}
          </Button>
        </div>
      </form>
    );
  }

  return (
    <div className={styles.pay}>
      <div ref={resultRef} tabIndex={-1} className={styles.result}>
        {stage.kind === 'paid' ? (
          <Alert type="success" title="Thank you: your payment has been received">
            <p>
              {formatMoney(stage.amount)} has been added to booking {bookingNumber}. A receipt is on its way
              by e-mail.
            </p>
          </Alert>
        ) : null}
        {failure ? (
          <Alert type="error" title={PAYMENT_MESSAGES.errorTitle} onDismiss={() => setFailure(null)}>
            <p>{failure}</p>
          </Alert>
        ) : null}
      </div>
      {due > 0 ? body : null}
      <p className={styles.note}>
        Paid by card in this browser only: we never charge a card without you. Payments are non-refundable and
        non-transferable.
      </p>
    </div>
  );
}
