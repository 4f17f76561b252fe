import {
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useReducer,
  useRef,
  useState,
} from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { userMessage } from '@/lib/api-client';
import { usePaymentConfig } from '../api/get-payment-config';
import { recordPayment } from '../api/record-payment';
import { type CardFormHandle, PAYMENT_MESSAGE_RULE } from '../card/confirm-outcome';
import { useProviderReturn } from '../card/use-provider-return';
import { PAYMENT_MESSAGES, payButtonLabel } from '../payment-messages';
import { canSubmitPayment, initialPaymentState, paymentReducer } from '../state/payment-state';
import styles from './payment.module.css';
import { SandboxCardForm } from './sandbox-card-form';

const StripeCardForm = lazy(() => import('./stripe-card-form'));

export type PaymentStepProps = {
  bookingId: number | null;
  /** booking.payment_intent from step 2. */
  clientSecret: string | null;
  amount: number;
  /** The booking number the intent was made for (its metadata), for the confirmation fallback. */
  bookingNumber: string | null;
  newsletter: boolean;
  countdownStarted: boolean;
  bookingExpired: boolean;
  /** Where the provider returns after 3-D Secure: this page. */
  returnPath: string;
  termsUrl: string;
  summary: ReactNode;
  /** The payment is recorded: show the booking. */
  onPaid: (confirmationUrl: string) => void;
  /** Lets the provider take the browser to 3-D Secure without the leave-page warning (false to restore it). */
  allowLeavingPage?: (allowed: boolean) => void;
  /** The way back to step 2, shown under the pay button while no payment is under way. */
  back?: ReactNode;
};

/** Step 3: the card form of the configured provider, the terms, the pay button and every state around them. */
export function PaymentStep(props: PaymentStepProps) {
  const { countdownStarted, bookingExpired, summary } = props;
  if (!countdownStarted && !bookingExpired) return <PaymentSkeleton />;
  return (
    <div className={styles.layout}>
      <section className={styles.aside} aria-label="Booking summary">
        {summary}
      </section>
      <div className={styles.main}>
        <PaymentForm {...props} />
      </div>
    </div>
  );
}

function PaymentSkeleton() {
  return (
    <div className={styles.layout} aria-busy="true">
      <span className="visually-hidden" role="status">
        Loading your payment
      </span>
      <div className={`${styles.aside} ${styles.skeleton} ${styles['skeleton-summary']}`} />
      <div className={styles.main}>
        <div className={`${styles.skeleton} ${styles['skeleton-form']}`} />
        <div className={`${styles.skeleton} ${styles['skeleton-button']}`} />
      </div>
    </div>
  );
}

function PaymentForm({
  bookingId,
  clientSecret,
  amount,
  bookingNumber,
  newsletter,
  bookingExpired,
  returnPath,
  termsUrl,
  onPaid,
  allowLeavingPage,
  back,
}: PaymentStepProps) {
  const config = usePaymentConfig();
  const [payment, dispatch] = useReducer(paymentReducer, bookingId, initialPaymentState);
  const [handle, setHandle] = useState<CardFormHandle | null>(null);
  const [termsAgreed, setTermsAgreed] = useState(false);
  const [termsError, setTermsError] = useState(false);
  // Set synchronously, so a second click in the same tick cannot start a second payment.
  const submitting = useRef(false);
  const errorRef = useRef<HTMLDivElement>(null);
  const termsRef = useRef<HTMLInputElement>(null);
  const termsId = useId();
  const expired = bookingExpired || payment.isExpired;

  const record = useCallback(
    async (paymentIntent: string) => {
      dispatch({ type: 'processed', paymentIntent });
      if (bookingId === null) {
        dispatch({ type: 'failed', message: PAYMENT_MESSAGES.submitFailed });
        return;
      }
      try {
        const recorded = await recordPayment({
          booking_id: bookingId,
          payment_intent: paymentIntent,
          newsletter,
        });
        onPaid(
          recorded.confirmation_url || (bookingNumber ? `/confirmation/${bookingNumber}` : '/confirmation'),
        );
      } catch (error) {
        dispatch({
          type: 'failed',
          message: userMessage(error, PAYMENT_MESSAGES.submitFailed, PAYMENT_MESSAGE_RULE),
        });
      }
    },
    [bookingId, bookingNumber, newsletter, onPaid],
  );

  // The way back from 3-D Secure (spec section 2: the area reads payment_intent_client_secret).
  useProviderReturn({
    enabled: true,
    onChecking: () => {
      submitting.current = true;
      dispatch({ type: 'redirect-checking' });
    },
    onOutcome: async (outcome) => {
      if (outcome.kind === 'succeeded') await record(outcome.paymentIntent);
      else if (outcome.kind === 'failed') dispatch({ type: 'failed', message: outcome.message });
    },
    onFailed: (message) => dispatch({ type: 'failed', message }),
    onSettled: () => {
      submitting.current = false;
    },
  });

  useEffect(() => {
    if (payment.paymentError) errorRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [payment.paymentError]);

  const formReady = handle !== null || payment.paymentProcessed;
  const canSubmit = canSubmitPayment(payment, { formReady, bookingExpired: expired });

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting.current || !canSubmit) return;
    if (!termsAgreed) {
      setTermsError(true);
      termsRef.current?.focus();
      return;
    }
    submitting.current = true;
    dispatch({ type: 'submitted' });
    try {
      // Taken already (recording it failed last time): only the record is left to do.
      if (payment.paymentProcessed && payment.paymentIntent) {
        await record(payment.paymentIntent);
        return;
      }
      if (!handle) return;
      // The provider may take the browser to the bank's 3-D Secure page from inside confirm.
      allowLeavingPage?.(true);
      const outcome = await handle.confirm(returnPath);
      if (outcome.kind !== 'redirecting') allowLeavingPage?.(false);
      switch (outcome.kind) {
        case 'succeeded':
          await record(outcome.paymentIntent);
          break;
        case 'failed':
          dispatch({ type: 'failed', message: outcome.message });
          break;
        case 'invalid':
          dispatch({ type: 'stopped' });
          break;
        case 'redirecting':
          // The page is leaving for 3-D Secure; the form stays locked until it has gone.
          return;
      }
    } catch (error) {
      allowLeavingPage?.(false);
      dispatch({
        type: 'failed',
        message: userMessage(error, PAYMENT_MESSAGES.submitFailed, PAYMENT_MESSAGE_RULE),
      });
    } finally {
      submitting.current = false;
    }
  }

  if (!clientSecret && !expired) {
    return (
      <Alert type="error" title={PAYMENT_MESSAGES.missingSecretTitle}>
        <p>{PAYMENT_MESSAGES.missingSecret}</p>
      </Alert>
    );
  }

  const busy = payment.isPaymentSubmitted || payment.paymentLoading;
  let cardForm: ReactNode;
  if (config.isError) {
    cardForm = (
      <Alert type="error" title={PAYMENT_MESSAGES.errorTitle}>
        <p>{PAYMENT_MESSAGES.processFailed}</p>
        <Button variant="secondary" size="sm" onClick={() => void config.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (!config.data || !clientSecret) {
    cardForm = <div className={`${styles.skeleton} ${styles['skeleton-form']}`} aria-hidden="true" />;
  } else if (config.data.mode === 'stripe' && config.data.publishable_key) {
    cardForm = (
      <Suspense fallback={<Spinner label="Loading the secure card form" />}>
        <StripeCardForm
          publishableKey={config.data.publishable_key}
          clientSecret={clientSecret}
          onHandleChange={setHandle}
        />
      </Suspense>
    );
  } else {
    cardForm = (
      <SandboxCardForm
        clientSecret={clientSecret}
        disabled={busy || expired || payment.paymentProcessed}
        onHandleChange={setHandle}
      />
    );
  }

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label="Card payment"
    >
      <div className={styles.panel}>
        <h2 className={styles['panel-title']}>Pay by card</h2>
        <div className={styles['form-area']}>
          <div inert={expired || undefined} aria-hidden={expired || undefined}>
            {cardForm}
          </div>
          {expired ? <TimeLimitOverlay /> : null}
        </div>
      </div>

      {expired ? (
        <Alert type="error">
          <p>{PAYMENT_MESSAGES.timeLimitNotice}</p>
        </Alert>
      ) : null}

      {payment.paymentError ? (
        <div ref={errorRef}>
          <Alert
            type="error"
            title={PAYMENT_MESSAGES.errorTitle}
            onDismiss={() => dispatch({ type: 'error-dismissed' })}
          >
            <p>{payment.paymentError}</p>
          </Alert>
        </div>
      ) : null}

      <div className={styles.terms}>
        <div className={styles.checkbox}>
          <input
            ref={termsRef}
            id={termsId}
            type="checkbox"
            checked={termsAgreed}
            disabled={expired}
            aria-invalid={termsError && !termsAgreed ? true : undefined}
            aria-describedby={termsError && !termsAgreed ? `${termsId}-error` : undefined}
            onChange={(event) => {
              setTermsAgreed(event.target.checked);
              setTermsError(!event.target.checked);
            }}
          />
          <label htmlFor={termsId}>
            I agree to the{' '}
            <a href={termsUrl} target="_blank" rel="noreferrer">
              terms and conditions<span className="visually-hidden"> (opens in a new tab)</span>
            </a>{' '}
            of this booking.
          </label>
        </div>
        {termsError && !termsAgreed ? (
          <p id={`${termsId}-error`} className={styles['field-error']}>
            {PAYMENT_MESSAGES.termsRequired}
          </p>
        ) : null}
      </div>

      {/* Spec section 2: the footer action is hidden once the booking has expired. */}
      {expired ? null : (
        <Button type="submit" size="lg" block disabled={!canSubmit} aria-busy={busy || undefined}>
          {busy ? (
            <>
              <Spinner size="sm" variant="light" />
              {payment.paymentLoading ? 'Checking your payment…' : 'Processing your payment…'}
            </>
          ) : (
            payButtonLabel(amount)
          )}
        </Button>
      )}
      {expired || busy ? null : back}
      {expired ? null : (
        <p className={styles.note}>
          Your tee times stay reserved for you while you pay. Your booking is confirmed, and e-mailed to you,
          as soon as the payment is taken.
        </p>
      )}
    </form>
  );
}

function TimeLimitOverlay() {
  return (
    <div className={styles.overlay}>
      <p className={styles['overlay-title']}>{PAYMENT_MESSAGES.timeLimitTitle}</p>
    </div>
  );
}
