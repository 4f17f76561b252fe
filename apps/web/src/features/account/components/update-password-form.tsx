import { zodResolver } from '@hookform/resolvers/zod';
import { RESET_PASSWORD_MIN_LENGTH } from '@links/shared/password-strength';
import { type UpdatePasswordRequest, updatePasswordRequestSchema } from '@links/shared/schemas/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { FieldGrid } from '@/components/ui/form-field';
import { FailureAlert, SubmitButton } from '@/components/ui/form-status';
import { NewPasswordFields } from '@/components/ui/new-password-fields';
import { useUpdatePassword } from '../api/update-password';
import styles from './account-forms.module.css';
import { ACCOUNT_ERROR_FALLBACK, PASSWORD_ERROR_HEADING, PASSWORD_SUCCESS } from './account-messages';

const EMPTY: UpdatePasswordRequest = { password: '', password_confirmation: '' };

/** Spec section 5, "Update password form". */
export function UpdatePasswordForm({ operatorId }: { operatorId: number }) {
  const update = useUpdatePassword(operatorId);
  const [updated, setUpdated] = useState(false);
  const {
    register,
    handleSubmit,
    control,
    reset,
    formState: { errors },
  } = useForm<UpdatePasswordRequest>({
    resolver: zodResolver(updatePasswordRequestSchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit((values) => {
    setUpdated(false);
    update.mutate(values, {
      onSuccess: () => {
        reset(EMPTY);
        setUpdated(true);
      },
    });
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="update-password-title">
      <h2 id="update-password-title" className={styles.title}>
        Update Password
      </h2>
      <p className={styles.intro}>Changing your password signs your account out on every other device.</p>
      {updated ? <Alert type="success" title={PASSWORD_SUCCESS} onDismiss={() => setUpdated(false)} /> : null}
      <FailureAlert
        error={update.error}
        title={PASSWORD_ERROR_HEADING}
        fallback={ACCOUNT_ERROR_FALLBACK}
        onDismiss={() => update.reset()}
      />
      <FieldGrid>
        <NewPasswordFields
          register={register}
          control={control}
          errors={errors}
          minLength={RESET_PASSWORD_MIN_LENGTH}
        />
      </FieldGrid>
      <div className={styles.actions}>
        <SubmitButton pending={update.isPending} busy="Updating...">
          Update password
        </SubmitButton>
      </div>
    </form>
  );
}
