import { zodResolver } from '@hookform/resolvers/zod';
import {
  BOOKING_NUMBER_MAX_LENGTH,
  type Confirmation,
  type PinAccessBody,
  type PinAccessBodyInput,
  pinAccessBodySchema,
} from '@links/shared/schemas/confirmation';
import { useMutation } from '@tanstack/react-query';
import { type InputHTMLAttributes, type Ref, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FieldError, fieldDescribedBy } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { useHydrated } from '@/hooks/use-hydrated';
import { accessWithPin, PIN_ERROR_TITLE, pinErrorDetails } from '../api/confirmation-api';
import styles from './pin-form.module.css';

const FIELD_LABELS: Record<string, string> = { booking_id: 'Booking number', pin: 'PIN code' };

type PinFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  id: string;
  label: string;
  error: string | undefined;
  ref?: Ref<HTMLInputElement>;
};

/** One of the form's two large inputs (never filled in by the browser), with its label and its error. */
function PinField({ id, label, error, ...input }: PinFieldProps) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        className={styles.input}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescribedBy(id, error)}
        {...input}
      />
      <FieldError id={id} error={error} plain className={styles.error} />
    </div>
  );
}

export type PinFormProps = {
  /** The booking number from the address: prefilled and locked. */
  bookingNumber?: string;
  onSuccess: (confirmation: Confirmation) => void;
};

/** Spec sections 2 and 5: booking number (numeric keypad, at most 24) and masked PIN; ERR-045 on failure. */
export function PinForm({ bookingNumber, onSuccess }: PinFormProps) {
  const hydrated = useHydrated();
  const locked = bookingNumber !== undefined;
  const [failure, setFailure] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PinAccessBodyInput, unknown, PinAccessBody>({
    resolver: zodResolver(pinAccessBodySchema),
    defaultValues: { booking_id: bookingNumber ?? '', pin: '' },
  });
  const access = useMutation({ mutationFn: accessWithPin });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      onSuccess(await access.mutateAsync(values));
    } catch (error) {
      setFailure(pinErrorDetails(error));
    }
  });

  const busy = access.isPending;
  const bookingError = errors.booking_id?.message ?? failure?.fields.booking_id;
  const pinError = errors.pin?.message ?? failure?.fields.pin;
  // Field messages that only repeat the headline message are shown beside their field, not listed twice.
  const serverFields = Object.entries(failure?.fields ?? {}).filter(
    ([, message]) => message !== failure?.message,
  );

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-busy={busy}>
      {failure ? (
        <Alert type="error" title={PIN_ERROR_TITLE}>
          <p>{failure.message}</p>
          {serverFields.length > 0 ? (
            <ul className={styles['field-list']}>
              {serverFields.map(([name, message]) => (
                <li key={name}>
                  {FIELD_LABELS[name] ? `${FIELD_LABELS[name]}: ` : ''}
                  {message}
                </li>
              ))}
            </ul>
          ) : null}
        </Alert>
      ) : null}

      <PinField
        id="pin-booking-number"
        label="Booking number"
        error={bookingError}
        inputMode="numeric"
        maxLength={BOOKING_NUMBER_MAX_LENGTH}
        // Also until hydrated: typing before then would be wiped when the form registers its fields.
        readOnly={locked || !hydrated}
        aria-readonly={locked || undefined}
        {...register('booking_id')}
      />

      <PinField
        id="pin-code"
        label="PIN code"
        error={pinError}
        type="password"
        maxLength={24}
        // The booking number is already known, so the PIN is the next thing to type.
        autoFocus={locked}
        readOnly={!hydrated}
        {...register('pin')}
      />

      {/* Disabled until hydrated: the browser's own submission would put the PIN in the address (useHydrated). */}
      <Button type="submit" block size="lg" disabled={busy || !hydrated}>
        {busy ? <Spinner variant="light" size="sm" label="Checking for booking..." /> : 'View booking'}
      </Button>
    </form>
  );
}
