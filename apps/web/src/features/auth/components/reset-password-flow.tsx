import { RESET_LINK_MESSAGES } from '@links/shared/schemas/auth';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { ButtonLink } from '../../../components/ui/button';
import { CheckCircleIcon, WarningIcon } from '../../../components/ui/icons';
import { Link } from '../../../components/ui/link';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useResetTokenCheck } from '../api/reset-password';
import styles from './auth-form.module.css';
import { RESET_ERROR_FALLBACK, RESET_ERROR_HEADING } from './auth-messages';
import { ResetPasswordForm } from './reset-password-form';

export const LINK_EXPIRED_TITLE = 'Oops, Link Expired';
export const PASSWORD_UPDATED_TITLE = 'Your password has been updated';

type ResetPasswordFlowProps = { username: string | null; token: string | null };

/** Spec section 4, reset flow: validating the link, then the form or 'Oops, Link Expired', then success. */
export function ResetPasswordFlow({ username, token }: ResetPasswordFlowProps) {
  const link = username && token ? { username, token } : null;
  const check = useResetTokenCheck(link);
  const [outcome, setOutcome] = useState<'pending' | 'done' | 'expired'>('pending');

  if (outcome === 'done') {
    return (
      <div className={styles.state}>
        <span className={styles['state-icon']} aria-hidden="true">
          <CheckCircleIcon />
        </span>
        <h2 className={styles['state-title']}>{PASSWORD_UPDATED_TITLE}</h2>
        <p className={styles['state-text']}>You can now sign in with your new password.</p>
        <ButtonLink to={paths.login.getHref()} size="lg">
          Back to login
        </ButtonLink>
      </div>
    );
  }

  if (!link || outcome === 'expired' || check.data === false) {
    return (
      <div className={styles.state}>
        <span className={styles['state-icon']} data-tone="warning" aria-hidden="true">
          <WarningIcon />
        </span>
        <h2 className={styles['state-title']}>{LINK_EXPIRED_TITLE}</h2>
        <Alert type="alert" title={RESET_LINK_MESSAGES.heading}>
          <p>{RESET_LINK_MESSAGES.message}</p>
        </Alert>
        <ButtonLink to={paths.forgotPassword.getHref()} size="lg">
          Request a new link
        </ButtonLink>
      </div>
    );
  }

  if (check.isError) {
    return (
      <div className={styles.form}>
        <Alert type="error" title={RESET_ERROR_HEADING}>
          <p>{RESET_ERROR_FALLBACK}</p>
        </Alert>
        <p className={styles.help}>
          <button type="button" className={styles['link-button']} onClick={() => void check.refetch()}>
            Check the link again
          </button>{' '}
          or <Link to={paths.forgotPassword.getHref()}>request a new link</Link>.
        </p>
      </div>
    );
  }

  if (check.isPending) {
    return (
      <div className={styles.state}>
        <Spinner size="lg" label="Checking your reset link..." />
      </div>
    );
  }

  return (
    <ResetPasswordForm
      username={link.username}
      token={link.token}
      onReset={() => setOutcome('done')}
      onLinkInvalid={() => setOutcome('expired')}
    />
  );
}
