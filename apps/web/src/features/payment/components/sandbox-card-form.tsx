import { useEffect, useId, useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { ApiError, userMessage } from '@/lib/api-client';
import { confirmSandboxIntent } from '../api/sandbox-intents';
import {
  type CardBrand,
  type CardDetails,
  type CardField,
  cardBrand,
  cardDetailsProblems,
  digitsOf,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  SANDBOX_TEST_CARDS,
  sandboxCard,
} from '../card/card-details';
import {
  type CardFormHandle,
  type ConfirmOutcome,
  outcomeOfIntent,
  PAYMENT_MESSAGE_RULE,
} from '../card/confirm-outcome';
import { PAYMENT_MESSAGES } from '../payment-messages';
import styles from './payment.module.css';

const resolver: Resolver<CardDetails> = async (values) => {
  const problems = cardDetailsProblems(values);
  const errors: FieldErrors<CardDetails> = {};
  for (const [field, message] of Object.entries(problems) as [CardField, string][]) {
    errors[field] = { type: 'validate', message };
  }
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};

/** The card's numeric inputs: each typed into its own format (spaced groups, MM / YY, the brand's CVC length). */
const CARD_INPUTS: {
  name: Exclude<CardField, 'name'>;
  label: string;
  autoComplete: string;
  placeholder: (brand: CardBrand) => string;
  maxLength: number;
  format: (value: string, brand: CardBrand) => string;
  wide?: boolean;
  /** Read out with the input: how to type it. */
  hint?: string;
}[] = [
  {
    name: 'number',
    label: 'Card number',
    autoComplete: 'cc-number',
    placeholder: () => '1234 1234 1234 1234',
    maxLength: 23,
    format: formatCardNumber,
    wide: true,
  },
  {
    name: 'expiry',
    label: 'Expiry date',
    autoComplete: 'cc-exp',
    placeholder: () => 'MM / YY',
    maxLength: 7,
    format: formatExpiry,
    hint: 'Month and year, as MM / YY',
  },
  {
    name: 'cvc',
    label: 'Security code (CVC)',
    autoComplete: 'cc-csc',
    placeholder: (brand) => (brand === 'amex' ? '1234' : '123'),
    maxLength: 4,
    format: formatCvc,
  },
];

// The server's field names (sandbox-cards.ts) on this form's fields.
const SERVER_FIELDS: Record<string, CardField> = {
  'card.number': 'number',
  'card.exp_month': 'expiry',
  'card.exp_year': 'expiry',
  'card.cvc': 'cvc',
};

const FIELD_ORDER: CardField[] = ['name', 'number', 'expiry', 'cvc'];

type SandboxCardFormProps = {
  clientSecret: string;
  disabled: boolean;
  /** The form's confirm, once it can take a payment. */
  onHandleChange: (handle: CardFormHandle | null) => void;
};

/**
 * The card form of the sandbox provider, plainly in test mode: no money moves and only Stripe's test numbers
 * do anything. It validates and formats like Stripe's card field and confirms through the sandbox API.
 */
export function SandboxCardForm({ clientSecret, disabled, onHandleChange }: SandboxCardFormProps) {
  const id = useId();
  const [showCards, setShowCards] = useState(true);
  const { register, setValue, getValues, trigger, setError, setFocus, formState, watch } =
    useForm<CardDetails>({
      mode: 'onTouched',
      resolver,
      defaultValues: { name: '', number: '', expiry: '', cvc: '' },
    });
  const { errors } = formState;

  useEffect(() => {
    const focusFirst = (fields: Iterable<CardField>) => {
      const set = new Set(fields);
      const first = FIELD_ORDER.find((field) => set.has(field));
      if (first) setFocus(first);
    };
    const handle: CardFormHandle = {
      async confirm(returnPath): Promise<ConfirmOutcome> {
        if (!(await trigger())) {
          focusFirst(Object.keys(cardDetailsProblems(getValues())) as CardField[]);
          return { kind: 'invalid' };
        }
        try {
          const intent = await confirmSandboxIntent({
            clientSecret,
            card: sandboxCard(getValues()),
            returnUrl: returnPath,
          });
          const redirect = intent.next_action?.redirect_to_url.url;
          if (intent.status === 'requires_action' && redirect) {
            window.location.assign(redirect);
            return { kind: 'redirecting' };
          }
          return outcomeOfIntent(intent);
        } catch (error) {
          if (error instanceof ApiError && error.status === 400 && error.fields) {
            const fields = Object.entries(error.fields).flatMap(([name, message]) => {
              const field = SERVER_FIELDS[name];
              if (!field) return [];
              setError(field, { type: 'server', message: String(message) });
              return [field];
            });
            if (fields.length > 0) {
              focusFirst(fields);
              return { kind: 'invalid' };
            }
          }
          // A decline (402) carries the provider's message for the golfer.
          return {
            kind: 'failed',
            message: userMessage(error, PAYMENT_MESSAGES.submitFailed, PAYMENT_MESSAGE_RULE),
          };
        }
      },
    };
    onHandleChange(handle);
    return () => onHandleChange(null);
  }, [clientSecret, getValues, onHandleChange, setError, setFocus, trigger]);

  const brand = cardBrand(digitsOf(watch('number') ?? ''));
  const describedBy = (field: CardField, extra?: string) =>
    [errors[field] ? `${id}-${field}-error` : null, extra].filter(Boolean).join(' ') || undefined;
  const fieldError = (field: CardField) =>
    errors[field]?.message ? (
      <p id={`${id}-${field}-error`} className={styles['field-error']}>
        {errors[field]?.message}
      </p>
    ) : null;

  return (
    <div className={styles.sandbox}>
      <div className={styles['test-mode']} role="note" aria-labelledby={`${id}-test-title`}>
        <p id={`${id}-test-title`} className={styles['test-mode-title']}>
          <span className={styles['test-badge']}>TEST MODE</span> No real card is charged
        </p>
        <p className={styles['test-mode-text']}>
          Payments here are simulated. Use one of these test cards with any future expiry date and any
          three-digit security code.
        </p>
        <button
          type="button"
          className={styles['test-toggle']}
          aria-expanded={showCards}
          aria-controls={`${id}-test-cards`}
          onClick={() => setShowCards((shown) => !shown)}
        >
          {showCards ? 'Hide test cards' : 'Show test cards'}
        </button>
        <dl id={`${id}-test-cards`} className={styles['test-cards']} hidden={!showCards}>
          {SANDBOX_TEST_CARDS.map((card) => (
            <div key={card.number}>
              <dt>
                <code>{card.number}</code>
              </dt>
              <dd>{card.outcome}</dd>
            </div>
          ))}
        </dl>
      </div>

      <fieldset className={styles.card} disabled={disabled}>
        <legend className={styles.legend}>Card details</legend>
        <div className={`${styles.field} ${styles.wide}`}>
          <label htmlFor={`${id}-name`}>Name on card</label>
          <input
            id={`${id}-name`}
            className={styles.input}
            autoComplete="cc-name"
            maxLength={100}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy('name')}
            {...register('name')}
          />
          {fieldError('name')}
        </div>
        {CARD_INPUTS.map((input) => {
          const hintId = input.hint ? `${id}-${input.name}-hint` : undefined;
          return (
            <div key={input.name} className={input.wide ? `${styles.field} ${styles.wide}` : styles.field}>
              <label htmlFor={`${id}-${input.name}`}>{input.label}</label>
              <input
                id={`${id}-${input.name}`}
                className={`${styles.input} ${styles.mono}`}
                inputMode="numeric"
                autoComplete={input.autoComplete}
                placeholder={input.placeholder(brand)}
                maxLength={input.maxLength}
                aria-invalid={errors[input.name] ? true : undefined}
                aria-describedby={describedBy(input.name, hintId)}
                {...register(input.name, {
                  onChange: (event) => setValue(input.name, input.format(event.target.value, brand)),
                })}
              />
              {input.hint ? (
                <p id={hintId} className="visually-hidden">
                  {input.hint}
                </p>
              ) : null}
              {fieldError(input.name)}
            </div>
          );
        })}
      </fieldset>
    </div>
  );
}
