import { type ForgotPasswordRequest, forgotPasswordRequestSchema } from '@links/shared/schemas/auth';
import { useEffect, useRef, useState } from 'react';
import { UsernameField } from '@/components/ui/form-field';
import { MutationFailureAlert, SubmitButton } from '@/components/ui/form-status';
import { CheckCircleIcon } from '@/components/ui/icons';
import { useZodForm } from '@/components/ui/use-zod-form';
import { useRequestPasswordReset } from '../api/forgot-password';
import styles from './auth-form.module.css';
import { FORGOT_ERROR_FALLBACK, FORGOT_ERROR_HEADING } from './auth-messages';

export const CHECK_EMAIL_TITLE = 'Check your email';
export const RESET_WAIT_HELP =
  'It can take a few minutes for the e-mail to arrive. Please wait five minutes before trying again, and check your spam or junk folder.';

/** Spec section 4, forgot flow: the form, then 'Check your email', which 'try again' reverses. */
export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const [sent, setSent] = useState(false);
  const { handleSubmit, setFocus, field } = useZodForm<ForgotPasswordRequest>(forgotPasswordRequestSchema, {
    username: '',
  });
  const heading = useRef<HTMLHeadingElement>(null);
  const returned = useRef(false);

  useEffect(() => {
    if (sent) heading.current?.focus();
    else if (returned.current) setFocus('username');
  }, [sent, setFocus]);

  const onSubmit = handleSubmit((values) => {
    request.mutate(values, { onSuccess: () => setSent(true) });
  });

  if (sent) {
    return (
      <div className={styles.state}>
        <span className={styles['state-icon']} aria-hidden="true">
          <CheckCircleIcon />
        </span>
        <h2 ref={heading} tabIndex={-1} className={styles['state-title']}>
          {CHECK_EMAIL_TITLE}
        </h2>
        <p className={styles['state-text']}>
          If the username belongs to a tour operator account, we have sent a link to choose a new password to
          the e-mail address on the account.
        </p>
        <p className={styles.help}>{RESET_WAIT_HELP}</p>
        <p className={styles.help}>
          Didn't get it?{' '}
          <button
            type="button"
            className={styles['link-button']}
            onClick={() => {
              returned.current = true;
              request.reset();
              setSent(false);
            }}
          >
            try again
          </button>
        </p>
      </div>
    );
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Forgot password">
      <MutationFailureAlert
        mutation={request}
        title={FORGOT_ERROR_HEADING}
        fallback={FORGOT_ERROR_FALLBACK}
      />
      <UsernameField {...field('username')} />
      <p className={styles.help}>{RESET_WAIT_HELP}</p>
      <SubmitButton size="lg" block pending={request.isPending} busy="Sending...">
        Send reset link
      </SubmitButton>
    </form>
  );
}
