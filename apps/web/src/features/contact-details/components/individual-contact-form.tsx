import type { IndividualPlayerDetails } from '@links/shared/schemas/contact-details';
import { useCallback, useEffect, useId, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { AddressFields, type AddressLine } from '@/components/ui/address-fields';
import {
  FieldError,
  FieldFrame,
  FieldGrid,
  fieldDescribedBy,
  fieldStyles,
  TextField,
} from '@/components/ui/form-field';
import { env } from '@/config/env';
import { useBookingShell } from '@/features/booking-flow/components/booking-shell-context';
import { StepSection } from '@/features/booking-flow/components/step-section';
import { StepTwoContinue } from '@/features/booking-flow/components/step-two-continue';
import { useSaveStepTwo } from '@/features/booking-flow/hooks/use-save-step-two';
import { useBooking } from '@/features/booking-flow/state/booking-context';
import { PhoneInput } from '@/features/phone-input/components/phone-input';
import { isCountryCode, listPhoneCountries } from '@/features/phone-input/phone-format';
import { IP_LOOKUP_FAILED, useIpCountry } from '../api/get-ip-country';
import {
  formValuesFromState,
  type IndividualFormValues,
  isIndividualField,
  playerDetailsFromForm,
} from '../individual-form-values';
import { individualDetailsResolver } from '../individual-resolver';
import { BookingSummary } from './booking-summary';
import styles from './individual-contact-choices.module.css';
import layout from './individual-contact-form.module.css';

/** Spec section 9: form edits reach booking state after this pause. */
export const AUTOSAVE_DELAY_MS = 500;
export const CONTINUE_TO_PAYMENT = 'Continue to payment';
const TITLES = ['Mr', 'Mrs', 'Miss', 'Ms', 'Mx', 'Dr'] as const;
/** 'Are you the lead player?': each answer's value, and its words. */
const PLAYER_TYPE_CHOICES = [
  ['lead_player', 'Yes, I am the lead player', 'I am playing and will check the group in.'],
  ['booking_player', 'No, I am booking for someone else', 'Tell us who will lead the group.'],
] as const;

function CountryOptions({ placeholder }: { placeholder: string }) {
  return (
    <>
      <option value="">{placeholder}</option>
      {listPhoneCountries().map((country) => (
        <option key={country.code} value={country.code}>
          {country.name}
        </option>
      ))}
    </>
  );
}

/** Step 2 for a visitor (spec section 5, 'Individual contact form'). */
export function IndividualContactForm() {
  const { state, dispatch } = useBooking();
  const { loading } = useBookingShell();
  const ip = useIpCountry();
  const id = useId();
  const fieldId = (name: keyof IndividualFormValues) => `${id}-${name}`;

  const form = useForm<IndividualFormValues, unknown, IndividualPlayerDetails>({
    resolver: individualDetailsResolver,
    mode: 'onTouched',
    defaultValues: formValuesFromState(state.playerDetails),
  });
  const {
    register,
    control,
    handleSubmit,
    setValue,
    getValues,
    setError,
    watch,
    formState: { errors, isValid },
  } = form;
  const playerType = watch('player_type');
  const phoneCountry = watch('telephone_country_code');

  // Country and the phone's country code default to the visitor's country, unless already chosen.
  useEffect(() => {
    // Only a country the lists offer (libphonenumber's): a region they lack leaves the choice to the visitor.
    if (!ip.country || !isCountryCode(ip.country)) return;
    for (const field of ['country', 'telephone_country_code'] as const) {
      if (getValues(field) === '') setValue(field, ip.country, { shouldValidate: true });
    }
  }, [ip.country, getValues, setValue]);

  // Spec section 2: edits are copied to booking state after a 500 ms pause (so a reload keeps them).
  const isValidRef = useRef(isValid);
  isValidRef.current = isValid;
  // Leaving the page (Back, the step bar) inside the pause copies the last edits at once rather than drop them.
  useEffect(() => {
    let timer: number | undefined;
    const copyToState = () => {
      timer = undefined;
      dispatch({
        type: 'player-details/set',
        details: playerDetailsFromForm(getValues(), isValidRef.current),
      });
    };
    const subscription = watch(() => {
      window.clearTimeout(timer);
      timer = window.setTimeout(copyToState, AUTOSAVE_DELAY_MS);
    });
    return () => {
      subscription.unsubscribe();
      if (timer !== undefined) {
        window.clearTimeout(timer);
        copyToState();
      }
    };
  }, [watch, getValues, dispatch]);

  const placeFieldErrors = useCallback(
    (fields: Record<string, string>) => {
      const unplaced: string[] = [];
      for (const [path, message] of Object.entries(fields)) {
        if (isIndividualField(path)) setError(path, { type: 'server', message }, { shouldFocus: false });
        else unplaced.push(message);
      }
      return unplaced;
    },
    [setError],
  );
  const save = useSaveStepTwo<IndividualPlayerDetails>({
    errorCode: 'ERR-022',
    onFieldErrors: placeFieldErrors,
  });
  const onSubmit = handleSubmit(async (body) => {
    dispatch({ type: 'player-details/set', details: playerDetailsFromForm(getValues(), true) });
    await save(body);
  });

  const text = (name: keyof IndividualFormValues) => {
    const error = errors[name]?.message;
    return {
      id: fieldId(name),
      className: fieldStyles.input,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': fieldDescribedBy(fieldId(name), error),
      ...register(name),
    } as const;
  };
  const select = (name: keyof IndividualFormValues) => ({
    ...text(name),
    className: `${fieldStyles.input} ${fieldStyles.select}`,
  });
  // A field's id and message (what its FieldFrame takes), and with its registration what a TextField takes.
  const frame = (name: keyof IndividualFormValues) => ({ id: fieldId(name), error: errors[name]?.message });
  const field = (name: keyof IndividualFormValues) => ({ ...frame(name), ...register(name) });
  const line = (name: keyof IndividualFormValues, label: string): AddressLine => ({
    ...frame(name),
    label,
    input: register(name),
  });
  const playerTypeError = errors.player_type?.message;
  const canContinue = isValid && !loading;
  const continueHintId = `${id}-continue-hint`;

  return (
    <form className={layout.layout} onSubmit={onSubmit} noValidate aria-label="Contact details">
      <div className={layout.sections}>
        <StepSection
          number={1}
          title="Lead player"
          description="The lead player checks in for the group on the day."
        >
          <fieldset className={styles.fieldset} data-invalid={playerTypeError ? true : undefined}>
            <legend className={styles.legend}>Are you the lead player?</legend>
            <div className={styles.choices}>
              {PLAYER_TYPE_CHOICES.map(([value, title, text]) => (
                <label key={value} className={styles.choice}>
                  <input
                    type="radio"
                    value={value}
                    aria-describedby={fieldDescribedBy(fieldId('player_type'), playerTypeError)}
                    {...register('player_type')}
                  />
                  <span>
                    <span className={styles['choice-title']}>{title}</span>
                    <span className={styles['choice-text']}>{text}</span>
                  </span>
                </label>
              ))}
            </div>
            <FieldError id={fieldId('player_type')} error={playerTypeError} />
          </fieldset>
          {playerType === 'booking_player' ? (
            <div className={`${fieldStyles.grid} ${styles['lead-player']}`}>
              <TextField label="Lead player's name" autoComplete="off" {...field('lead_player_name')} />
              <FieldFrame label="Lead player's country" {...frame('lead_player_country_code')}>
                <select {...select('lead_player_country_code')}>
                  <CountryOptions placeholder="Select a country" />
                </select>
              </FieldFrame>
            </div>
          ) : null}
        </StepSection>

        <StepSection
          number={2}
          title="Your contact details"
          description="Your confirmation and booking PIN are sent to this email address."
        >
          <FieldGrid>
            <FieldFrame label="Title" optional wide {...frame('title')}>
              <select
                {...select('title')}
                className={`${fieldStyles.input} ${fieldStyles.select} ${layout.title}`}
              >
                <option value="">No title</option>
                {TITLES.map((title) => (
                  <option key={title} value={title}>
                    {title}
                  </option>
                ))}
              </select>
            </FieldFrame>
            <TextField label="First name" autoComplete="given-name" {...field('first_name')} />
            <TextField label="Last name" autoComplete="family-name" {...field('surname')} />
            <FieldFrame label="Email address" {...frame('email_address')}>
              <input type="email" autoComplete="email" spellCheck={false} {...text('email_address')} />
            </FieldFrame>
            <FieldFrame label="Telephone number" {...frame('telephone_number')}>
              <Controller
                control={control}
                name="telephone_number"
                render={({ field, fieldState }) => (
                  <PhoneInput
                    id={fieldId('telephone_number')}
                    inputRef={field.ref}
                    value={{ country: phoneCountry, number: field.value }}
                    invalid={fieldState.error !== undefined}
                    describedBy={fieldDescribedBy(fieldId('telephone_number'), fieldState.error?.message)}
                    onChange={(next) => {
                      if (next.country !== phoneCountry) {
                        setValue('telephone_country_code', next.country, { shouldDirty: true });
                      }
                      field.onChange(next.number);
                    }}
                    onBlur={field.onBlur}
                  />
                )}
              />
            </FieldFrame>
          </FieldGrid>
        </StepSection>

        <StepSection number={3} title="Your address">
          <FieldGrid>
            <AddressFields
              line1={line('address_line_1', 'Address line 1')}
              line2={{ ...line('address_line_2', 'Address line 2'), optional: true }}
              city={line('city', 'Town or city')}
              county={line('county', 'County/State')}
              postcode={line('postcode', 'Postcode/Zipcode')}
              country={
                <FieldFrame label="Country" {...frame('country')}>
                  <select autoComplete="country" {...select('country')}>
                    <CountryOptions
                      placeholder={ip.country === null ? 'Finding your country…' : 'Select a country'}
                    />
                  </select>
                  {ip.failed ? (
                    <p className={fieldStyles.hint} role="status">
                      {IP_LOOKUP_FAILED}
                    </p>
                  ) : null}
                </FieldFrame>
              }
            />
          </FieldGrid>
        </StepSection>

        <StepSection number={4} title="Stay connected">
          <label className={styles.checkbox}>
            <input type="checkbox" {...register('stay_connected')} />
            <span>
              Send me news, offers and event invitations from {env.resortName} by email. You can unsubscribe
              at any time.
            </span>
          </label>
        </StepSection>
      </div>

      <aside className={layout.aside} aria-label="Your booking">
        <div className={layout.card}>
          <h2 className={layout['card-title']}>Your booking</h2>
          <BookingSummary />
          <StepTwoContinue hintId={continueHintId} canContinue={canContinue}>
            {CONTINUE_TO_PAYMENT}
          </StepTwoContinue>
          <p className={layout.note}>Payment is taken securely by card on the next step.</p>
        </div>
      </aside>
    </form>
  );
}
