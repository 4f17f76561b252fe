import {
  type OperatorDetails,
  type UpdateOperatorDetails,
  type UpdateOperatorDetailsRequest,
  updateOperatorDetailsRequestSchema,
} from '@links/shared/schemas/operator-account';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Path } from 'react-hook-form';
import { AddressFields } from '@/components/ui/address-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { diallingCodeOptions } from '@/components/ui/country-options';
import { CountrySelectField } from '@/components/ui/country-select-field';
import { FieldGrid, fieldStyles, SelectField, TextField } from '@/components/ui/form-field';
import { MutationFailureAlert } from '@/components/ui/form-status';
import { useZodForm } from '@/components/ui/use-zod-form';
import { ApiError } from '@/lib/api-client';
import { useUpdateOperatorDetails } from '../api/update-operator-details';
import styles from './account-forms.module.css';
import { ACCOUNT_ERROR_FALLBACK, ACCOUNT_SAVE_ERROR_HEADING, ACCOUNT_SAVE_SUCCESS } from './account-messages';
import { FormActions } from './form-actions';

type FormValues = UpdateOperatorDetailsRequest & { address_lines: [string, string] };

export function toFormValues(details: OperatorDetails): FormValues {
  const telephoneCountry = details.telephone_country_code || details.country_code || 'GB';
  return {
    title: details.title,
    email_address: details.email_address,
    telephone_country_code: telephoneCountry,
    // Shown formatted from the start (+1 202 555 0143), not only once the field has been left.
    telephone_number: formatTelephone(details.telephone_number, telephoneCountry),
    address_lines: [details.address_line1, details.address_line2],
    city: details.city,
    county: details.county,
    post_code: details.post_code,
    country_code: details.country_code,
  };
}

/**
 * The number in international form when it has the length of one for the country (whether it is valid is the
 * validation's to say, with its message); otherwise as typed.
 */
export function formatTelephone(number: string, country: string): string {
  const parsed = parsePhoneNumberFromString(number, country as CountryCode);
  return parsed?.isPossible() ? parsed.formatInternational() : number;
}

const FIELD_NAMES: Record<string, Path<FormValues>> = {
  email_address: 'email_address',
  telephone_number: 'telephone_number',
  telephone_country_code: 'telephone_country_code',
  address_lines: 'address_lines.0',
  'address_lines.0': 'address_lines.0',
  'address_lines.1': 'address_lines.1',
  city: 'city',
  county: 'county',
  post_code: 'post_code',
  country_code: 'country_code',
};

/** Spec section 5, "Account details form": company name is read-only; the rest saves with POST /v1/user/details. */
export function AccountDetailsForm({ details }: { details: OperatorDetails }) {
  const save = useUpdateOperatorDetails();
  const [saved, setSaved] = useState(false);
  // The outcome shows above the form while Save is at its foot: focus moves to it, so it is seen and read out.
  const outcomeRef = useRef<HTMLDivElement>(null);
  const failed = save.isError;
  useEffect(() => {
    if (saved || failed) outcomeRef.current?.focus();
  }, [saved, failed]);
  const dialling = useMemo(diallingCodeOptions, []);
  const initial = useMemo(() => toFormValues(details), [details]);
  const form = useZodForm<FormValues, UpdateOperatorDetails>(updateOperatorDetailsRequestSchema, initial);
  const { register, handleSubmit, reset, getValues, setValue, setError, field } = form;
  const { errors, isDirty } = form.formState;

  const onSubmit = handleSubmit((values) => {
    setSaved(false);
    save.mutate(values, {
      onSuccess: (stored) => {
        reset(toFormValues(stored));
        setSaved(true);
      },
      onError: (error) => {
        if (!(error instanceof ApiError) || !error.fields) return;
        for (const [field, message] of Object.entries(error.fields)) {
          const name = FIELD_NAMES[field];
          const text = Array.isArray(message) ? message[0] : message;
          if (name && text) setError(name, { type: 'server', message: text });
        }
      },
    });
  });

  const telephone = field('telephone_number', {
    onBlur: () => {
      const formatted = formatTelephone(
        getValues('telephone_number'),
        getValues('telephone_country_code') ?? '',
      );
      if (formatted !== getValues('telephone_number')) setValue('telephone_number', formatted);
    },
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="account-details-title">
      <h2 id="account-details-title" className={styles.title}>
        Account Details
      </h2>
      <p className={styles.intro}>
        Your company's contact and address details, used for every booking you make.
      </p>
      <div ref={outcomeRef} tabIndex={-1} className={styles.outcome}>
        {saved ? (
          <Alert type="success" title={ACCOUNT_SAVE_SUCCESS} onDismiss={() => setSaved(false)} />
        ) : null}
        <MutationFailureAlert
          mutation={save}
          title={ACCOUNT_SAVE_ERROR_HEADING}
          fallback={ACCOUNT_ERROR_FALLBACK}
        />
      </div>
      <FieldGrid>
        <TextField
          fieldClassName={fieldStyles.full}
          label="Company name"
          value={details.company_name}
          readOnly
          hint="To change your company name, please contact our reservations team."
        />
        <TextField
          fieldClassName={fieldStyles.full}
          label="Email address"
          type="email"
          autoComplete="email"
          {...field('email_address')}
        />
        <SelectField
          label="Telephone country"
          options={dialling}
          // Rendered selected from the start: the options and the value arrive in the same render.
          defaultValue={initial.telephone_country_code}
          {...field('telephone_country_code', { deps: ['telephone_number'] })}
        />
        <TextField
          label="Telephone number"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={250}
          {...telephone}
        />
        <AddressFields
          line1={{
            label: 'Address line one',
            input: register('address_lines.0'),
            error: errors.address_lines?.[0]?.message ?? errors.address_lines?.message,
          }}
          line2={{
            label: 'Address line two',
            optional: true,
            input: register('address_lines.1'),
            error: errors.address_lines?.[1]?.message,
          }}
          city={{ label: 'City', input: register('city'), error: errors.city?.message }}
          county={{
            label: 'County',
            optional: true,
            input: register('county'),
            error: errors.county?.message,
          }}
          postcode={{ label: 'Postcode', input: register('post_code'), error: errors.post_code?.message }}
          country={
            <CountrySelectField
              autoComplete="country"
              defaultValue={initial.country_code}
              {...field('country_code')}
            />
          }
        />
      </FieldGrid>
      <FormActions
        pending={save.isPending}
        busy="Saving..."
        beside={
          isDirty && !save.isPending ? (
            <Button type="button" variant="secondary" onClick={() => reset(toFormValues(details))}>
              Discard changes
            </Button>
          ) : null
        }
      >
        Save details
      </FormActions>
    </form>
  );
}
