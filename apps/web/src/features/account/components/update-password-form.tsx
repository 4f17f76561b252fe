import { RESET_PASSWORD_MIN_LENGTH } from '@links/shared/password-strength';
import { type UpdatePasswordRequest, updatePasswordRequestSchema } from '@links/shared/schemas/auth';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { FieldGrid, PasswordField } from '@/components/ui/form-field';
import { MutationFailureAlert } from '@/components/ui/form-status';
import { NewPasswordFields } from '@/components/ui/new-password-fields';
import { useZodForm } from '@/components/ui/use-zod-form';
import { fieldMessages } from '@/lib/api-client';
import { useUpdatePassword } from '../api/update-password';
import styles from './account-forms.module.css';
import {
  ACCOUNT_ERROR_FALLBACK,
  CHOOSE_PASSWORD_TEXT,
  CHOOSE_PASSWORD_TITLE,
  PASSWORD_ERROR_HEADING,
  PASSWORD_SUCCESS,
} from './account-messages';
import { FormActions } from './form-actions';

const EMPTY: UpdatePasswordRequest = { current_password: '', password: '', password_confirmation: '' };

type UpdatePasswordFormProps = {
  operatorId: number;
  /** Signed in with the resort's one-time password: the form says why it must be used, and takes the focus. */
  changeRequired?: boolean;
};

/**
 * Spec section 5, "Update password form", with the current password first (issue 24: an open session alone must not
 * be enough to take the account over).
 */
export function UpdatePasswordForm({ operatorId, changeRequired = false }: UpdatePasswordFormProps) {
  const update = useUpdatePassword(operatorId);
  const [updated, setUpdated] = useState(false);
  const form = useZodForm<UpdatePasswordRequest>(updatePasswordRequestSchema, EMPTY);
  const { field } = form;

  // Sent here straight from sign-in: the reason, and the form under it, are where the operator starts.
  const requiredRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (changeRequired) requiredRef.current?.focus();
  }, [changeRequired]);

  const onSubmit = form.handleSubmit((values) => {
    setUpdated(false);
    update.mutate(values, {
      onSuccess: () => {
        form.reset(EMPTY);
        setUpdated(true);
      },
      onError: (error) => {
        const wrong = fieldMessages(error).current_password;
        if (wrong) form.setError('current_password', { message: wrong }, { shouldFocus: true });
      },
    });
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="update-password-title">
      <h2 id="update-password-title" className={styles.title}>
        Update Password
      </h2>
      {changeRequired && !updated ? (
        <div ref={requiredRef} tabIndex={-1}>
          <Alert type="alert" title={CHOOSE_PASSWORD_TITLE}>
            <p>{CHOOSE_PASSWORD_TEXT}</p>
          </Alert>
        </div>
      ) : null}
      <p className={styles.intro}>Changing your password signs your account out on every other device.</p>
      {updated ? <Alert type="success" title={PASSWORD_SUCCESS} onDismiss={() => setUpdated(false)} /> : null}
      <MutationFailureAlert
        mutation={update}
        title={PASSWORD_ERROR_HEADING}
        fallback={ACCOUNT_ERROR_FALLBACK}
      />
      <FieldGrid>
        <PasswordField
          label={changeRequired ? 'Current (one-time) password' : 'Current password'}
          autoComplete="current-password"
          wide
          required
          {...field('current_password')}
        />
        <NewPasswordFields form={form} minLength={RESET_PASSWORD_MIN_LENGTH} />
      </FieldGrid>
      <FormActions pending={update.isPending} busy="Updating...">
        Update password
      </FormActions>
    </form>
  );
}
