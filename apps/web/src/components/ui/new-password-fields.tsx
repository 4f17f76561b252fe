import { type ReactNode, useEffect } from 'react';
import { type FieldErrors, type FieldValues, type Path, type UseFormReturn, useWatch } from 'react-hook-form';
import { PasswordField } from './form-field';
import { PasswordStrengthMeter } from './password-strength-meter';

type PasswordPair = { password: string; password_confirmation: string };

type NewPasswordFieldsProps<T extends FieldValues & PasswordPair> = {
  /** The form the two fields belong to (what useForm returned). */
  form: Pick<UseFormReturn<T>, 'register' | 'control' | 'formState' | 'trigger'>;
  /** The confirmation's label ('Confirm new password' by default). */
  confirmLabel?: string;
  /** The new password's rule in words; without it, the strength meter measures against this length. */
  hint?: ReactNode;
  minLength?: number;
};

/**
 * A new password and its confirmation, for every form that sets one (reset link, operator account, staff account):
 * browsers offer a generated password for both, each re-checks the other as it changes, and the meter (or the hint)
 * says what the rule wants before the visitor submits.
 */
export function NewPasswordFields<T extends FieldValues & PasswordPair>({
  form,
  confirmLabel = 'Confirm new password',
  hint,
  minLength,
}: NewPasswordFieldsProps<T>) {
  const { register, control, trigger } = form;
  const password = 'password' as Path<T>;
  const confirmation = 'password_confirmation' as Path<T>;
  const typed = useWatch({ control, name: password }) as string | undefined;
  const fieldErrors = form.formState.errors as FieldErrors<PasswordPair>;
  const confirmed = useWatch({ control, name: confirmation }) as string | undefined;
  // Messages about the pair go as soon as the two agree, not when the field is left: a stale 'passwords do not match'
  // under two equal passwords would vanish on the way to the button and move it from under the click. A check of
  // the pair started on leaving the first field can answer after the second was filled, so this runs whenever a
  // message about the confirmation arrives while the two agree (a check of two equal, filled passwords leaves none,
  // so it never repeats itself).
  const confirmationMessage = fieldErrors.password_confirmation?.message;
  useEffect(() => {
    if (confirmationMessage && typed && typed === confirmed) void trigger([password, confirmation]);
  }, [confirmationMessage, typed, confirmed, trigger, password, confirmation]);
  return (
    <>
      <PasswordField
        label="New password"
        autoComplete="new-password"
        hint={hint}
        error={fieldErrors.password?.message}
        after={
          minLength === undefined ? null : (
            <PasswordStrengthMeter password={typed ?? ''} minLength={minLength} />
          )
        }
        {...register(password, { deps: [confirmation] })}
      />
      <PasswordField
        label={confirmLabel}
        autoComplete="new-password"
        error={fieldErrors.password_confirmation?.message}
        {...register(confirmation, { deps: [password] })}
      />
    </>
  );
}
