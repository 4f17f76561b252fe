import type {
  OperatorPaymentMethod,
  OperatorPaymentOption,
  PaymentSchedule,
} from '@links/shared/payment-terms';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { paymentMethodCopy } from '../operator-payment-copy';
import styles from './operator-contact-form.module.css';

type PaymentMethodOptionsProps = {
  options: readonly OperatorPaymentOption[];
  payablePence: number;
  depositPercent: number;
  schedules: Partial<Record<OperatorPaymentMethod, PaymentSchedule>>;
  error?: string | undefined;
  registration: UseFormRegisterReturn<'payment_method'>;
};

/**
 * The payment method radio group: online (recommended), deposit (if offered) and pay later, each with what this
 * booking pays now and the date of each later payment.
 */
export function PaymentMethodOptions({
  options,
  payablePence,
  depositPercent,
  schedules,
  error,
  registration,
}: PaymentMethodOptionsProps) {
  return (
    <fieldset className={styles.methods} aria-describedby={error ? 'payment-method-error' : undefined}>
      <legend className={styles.legend}>Payment method</legend>
      {options.map((option) => {
        const copy = paymentMethodCopy(
          option.method,
          payablePence,
          depositPercent,
          option.disabled ? undefined : schedules[option.method],
        );
        const id = `payment-method-${option.method}`;
        return (
          <div key={option.method} className={styles.method} data-disabled={option.disabled}>
            <input
              id={id}
              type="radio"
              value={option.method}
              disabled={option.disabled}
              aria-describedby={`${id}-text`}
              {...registration}
            />
            <label htmlFor={id} className={styles['method-label']}>
              <span className={styles['method-title']}>
                {copy.title}
                {option.recommended ? <span className={styles.badge}>Recommended</span> : null}
                {option.disabledLabel ? (
                  <span className={`${styles.badge} ${styles['badge-muted']}`}>{option.disabledLabel}</span>
                ) : null}
              </span>
              <span id={`${id}-text`} className={styles['method-text']}>
                {copy.description}
              </span>
            </label>
          </div>
        );
      })}
      {error ? (
        <p id="payment-method-error" className={styles.error}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
