import { type LoginRequest, loginRequestSchema } from '@links/shared/schemas/auth';
import { Alert } from '@/components/ui/alert';
import { PasswordField, UsernameField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/form-status';
import { Link } from '@/components/ui/link';
import { useZodForm } from '@/components/ui/use-zod-form';
import { paths } from '@/config/paths';
import { userMessage } from '@/lib/api-client';
import type { Operator } from '../api/get-user';
import { LOGIN_NO_DATA_MESSAGE, useLogin } from '../api/login';
import styles from './auth-form.module.css';
import { LOGIN_ERROR_FALLBACK, LOGIN_ERROR_HEADING } from './auth-messages';

/** The 'Tour Operator Login' form: validated on change (spec section 5, "Login"). */
export function LoginForm({ onSignedIn }: { onSignedIn: (operator: Operator) => void }) {
  const login = useLogin();
  const { handleSubmit, field } = useZodForm<LoginRequest>(
    loginRequestSchema,
    { username: '', password: '' },
    { mode: 'onChange' },
  );

  const onSubmit = handleSubmit((values) => {
    login.mutate(values, { onSuccess: onSignedIn });
  });

  const failure = login.error
    ? login.error.message === LOGIN_NO_DATA_MESSAGE
      ? LOGIN_NO_DATA_MESSAGE
      : userMessage(login.error, LOGIN_ERROR_FALLBACK)
    : null;

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Tour Operator Login">
      {failure ? (
        <Alert type="error" title={LOGIN_ERROR_HEADING} onDismiss={() => login.reset()}>
          <p>{failure}</p>
        </Alert>
      ) : null}
      <UsernameField {...field('username')} />
      <PasswordField label="Password" autoComplete="current-password" {...field('password')} />
      <div className={styles['inline-link']}>
        <Link to={paths.forgotPassword.getHref()}>Forgot password?</Link>
      </div>
      <SubmitButton size="lg" block pending={login.isPending} busy="Signing in...">
        Sign in
      </SubmitButton>
    </form>
  );
}
