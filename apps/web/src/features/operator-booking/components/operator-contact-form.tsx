import type {
  OperatorPaymentMethod,
  OperatorPaymentOption,
  PaymentSchedule,
} from '@links/shared/payment-terms';
import {
  type OperatorPlayerDetails,
  type OperatorPlayerDetailsInput,
  operatorPlayerDetailsSchema,
} from '@links/shared/schemas/operator-contact-details';
import { type ReactNode, useEffect } from 'react';
import { type Path, useWatch } from 'react-hook-form';
import { CountrySelectField } from '@/components/ui/country-select-field';
import { CheckboxField, FieldGrid, TextField } from '@/components/ui/form-field';
import { useZodForm } from '@/components/ui/use-zod-form';
import { env } from '@/config/env';
import { StepSection } from '@/features/booking-flow/components/step-section';
import { PAYMENT_RULES } from '../operator-payment-copy';
import styles from './operator-contact-form.module.css';
import { PaymentMethodOptions } from './payment-method-options';

/** What the form edits; the payment method is '' until one is chosen. */
export type OperatorFormValues = {
  first_name: string;
  surname: string;
  lead_player_country_code: string;
  payment_method: '' | 'online' | 'deposit' | 'offline';
  terms_and_conditions_agreed: boolean;
};

export type OperatorContactFormProps = {
  id: string;
  initialValues: OperatorFormValues;
  options: readonly OperatorPaymentOption[];
  payablePence: number;
  depositPercent: number;
  /** What each method would record if chosen now (from the shared rule), for the dates in each option. */
  schedules: Partial<Record<OperatorPaymentMethod, PaymentSchedule>>;
  /** Every edit, for the booking state's 500 ms autosave. */
  onValuesChange: (values: OperatorFormValues) => void;
  onValidityChange: (valid: boolean) => void;
  onSubmit: (details: OperatorPlayerDetails) => void;
  /** Field messages the server sent back, keyed by field name. */
  serverErrors?: Partial<Record<keyof OperatorFormValues, string>> | undefined;
  /** Beside the sections, inside the form (the booking summary and the submit button). */
  aside?: ReactNode;
};

/** Spec section 2, step 2 for a tour operator: lead player, country, terms and the payment method. */
export function OperatorContactForm({
  id,
  initialValues,
  options,
  payablePence,
  depositPercent,
  schedules,
  onValuesChange,
  onValidityChange,
  onSubmit,
  serverErrors,
  aside,
}: OperatorContactFormProps) {
  const form = useZodForm<OperatorFormValues, OperatorPlayerDetails>(
    operatorPlayerDetailsSchema,
    initialValues,
  );
  const { register, handleSubmit, control, setError, setValue, getValues, field } = form;
  const { errors, isValid } = form.formState;

  const values = useWatch({ control }) as OperatorFormValues;
  useEffect(() => onValuesChange(values), [values, onValuesChange]);
  useEffect(() => onValidityChange(isValid), [isValid, onValidityChange]);

  // A method that became unavailable (a date moved inside 30 days) must not stay chosen.
  const chosen = getValues('payment_method');
  useEffect(() => {
    const option = options.find((candidate) => candidate.method === chosen);
    if (chosen !== '' && (!option || option.disabled)) {
      setValue('payment_method', '', { shouldValidate: false });
    }
  }, [options, chosen, setValue]);

  useEffect(() => {
    if (!serverErrors) return;
    for (const [field, message] of Object.entries(serverErrors)) {
      if (message) setError(field as Path<OperatorFormValues>, { type: 'server', message });
    }
  }, [serverErrors, setError]);

  return (
    <form
      id={id}
      className={styles.layout}
      onSubmit={handleSubmit((details) => onSubmit(details as OperatorPlayerDetails))}
      noValidate
      aria-label="Tour operator contact details"
    >
      <div className={styles.sections}>
        <StepSection
          number={1}
          title="Lead player"
          description="The golfer we ask for when your group checks in on the day."
        >
          <FieldGrid>
            <TextField label="First name" autoComplete="off" {...field('first_name')} />
            <TextField label="Surname" autoComplete="off" {...field('surname')} />
            <CountrySelectField
              defaultValue={initialValues.lead_player_country_code}
              {...field('lead_player_country_code')}
            />
          </FieldGrid>
        </StepSection>

        <StepSection
          number={2}
          title="Payment"
          description="Choose how your company will pay for this booking."
        >
          <div className={styles.stack}>
            <PaymentMethodOptions
              options={options}
              payablePence={payablePence}
              depositPercent={depositPercent}
              schedules={schedules}
              error={errors.payment_method?.message}
              registration={register('payment_method')}
            />
            <div className={styles.rules}>
              <h3 className={styles['rules-title']}>Tour operator payment terms</h3>
              <ul>
                {PAYMENT_RULES.map((rule) => (
                  <li key={rule}>{rule}</li>
                ))}
              </ul>
            </div>
            <CheckboxField
              label={
                <>
                  I agree to the{' '}
                  <a href={env.termsUrl} target="_blank" rel="noopener noreferrer">
                    terms and conditions
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                  , including the tour operator payment terms above.
                </>
              }
              {...field('terms_and_conditions_agreed')}
            />
          </div>
        </StepSection>
      </div>
      {aside}
    </form>
  );
}

export type { OperatorPlayerDetailsInput };
