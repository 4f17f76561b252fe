import { RESET_PASSWORD_MIN_LENGTH } from '@links/shared/password-strength';
import { type ResetPasswordRequest, resetPasswordRequestSchema } from '@links/shared/schemas/auth';
import { MutationFailureAlert, SubmitButton } from '@/components/ui/form-status';
import { NewPasswordFields } from '@/components/ui/new-password-fields';
import { useZodForm } from '@/components/ui/use-zod-form';
import { ApiError } from '@/lib/api-client';
import { useResetPassword } from '../api/reset-password';
import styles from './auth-form.module.css';
import { RESET_ERROR_FALLBACK, RESET_ERROR_HEADING } from './auth-messages';

type ResetPasswordFormProps = {
  username: string;
  token: string;
  onReset: () => void;
  /** The server refused the link while saving (used or expired meanwhile). */
  onLinkInvalid: () => void;
};

/** New password and its confirmation, validated on touch (spec section 5, "Reset password"). */
export function ResetPasswordForm({ username, token, onReset, onLinkInvalid }: ResetPasswordFormProps) {
  const reset = useResetPassword();
  const form = useZodForm<ResetPasswordRequest>(resetPasswordRequestSchema, {
    username,
    token,
    password: '',
    password_confirmation: '',
  });

  const onSubmit = form.handleSubmit((values) => {
    reset.mutate(values, {
      onSuccess: onReset,
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'reset_link_invalid') onLinkInvalid();
      },
    });
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Reset password">
      <MutationFailureAlert mutation={reset} title={RESET_ERROR_HEADING} fallback={RESET_ERROR_FALLBACK} />
      <input type="text" hidden readOnly autoComplete="username" value={username} />
      <NewPasswordFields form={form} minLength={RESET_PASSWORD_MIN_LENGTH} />
      <SubmitButton size="lg" block pending={reset.isPending} busy="Updating password...">
        Update password
      </SubmitButton>
    </form>
  );
}
