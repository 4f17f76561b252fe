import { RESET_LINK_MESSAGES } from '@links/shared/schemas/auth';
import { type ReactNode, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { ButtonLink } from '@/components/ui/button';
import { CheckCircleIcon, WarningIcon } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useResetTokenCheck } from '../api/reset-password';
import styles from './auth-form.module.css';
import { RESET_ERROR_FALLBACK, RESET_ERROR_HEADING } from './auth-messages';
import { ResetPasswordForm } from './reset-password-form';

export const LINK_EXPIRED_TITLE = 'Oops, Link Expired';
export const PASSWORD_UPDATED_TITLE = 'Your password has been updated';

/** The page's title and line above the flow, for the stage it is at. */
export type ResetHero = { title: string; lead: string };

export const RESET_HEROES = {
  reset: { title: 'Reset your password', lead: 'Choose a new password for your tour operator account.' },
  expired: { title: 'Link expired', lead: 'This reset link can no longer be used: ask for a new one below.' },
  done: { title: 'Password updated', lead: 'Sign in to your tour operator account with your new password.' },
} as const satisfies Record<string, ResetHero>;

type ResetPasswordFlowProps = {
  username: string | null;
  token: string | null;
  /** Puts the flow in the page, under the hero of its stage (an expired link does not invite a new password). */
  frame?: (hero: ResetHero, body: ReactNode) => ReactNode;
};

/** Spec section 4, reset flow: validating the link, then the form or 'Oops, Link Expired', then success. */
export function ResetPasswordFlow({
  username,
  token,
  frame = (_hero, body) => body,
}: ResetPasswordFlowProps) {
  const link = username && token ? { username, token } : null;
  const check = useResetTokenCheck(link);
  const [outcome, setOutcome] = useState<'pending' | 'done' | 'expired'>('pending');

  if (outcome === 'done') {
    return frame(
      RESET_HEROES.done,
      <div className={styles.state}>
        <span className={styles['state-icon']} aria-hidden="true">
          <CheckCircleIcon />
        </span>
        <h2 className={styles['state-title']}>{PASSWORD_UPDATED_TITLE}</h2>
        <p className={styles['state-text']}>You can now sign in with your new password.</p>
        <ButtonLink to={paths.login.getHref()} size="lg">
          Back to login
        </ButtonLink>
      </div>,
    );
  }

  if (!link || outcome === 'expired' || check.data === false) {
    return frame(
      RESET_HEROES.expired,
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
      </div>,
    );
  }

  if (check.isError) {
    return frame(
      RESET_HEROES.reset,
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
      </div>,
    );
  }

  if (check.isPending) {
    return frame(
      RESET_HEROES.reset,
      <div className={`${styles.state} ${styles.checking}`}>
        <Spinner size="lg" label="Checking your reset link..." />
      </div>,
    );
  }

  return frame(
    RESET_HEROES.reset,
    <ResetPasswordForm
      username={link.username}
      token={link.token}
      onReset={() => setOutcome('done')}
      onLinkInvalid={() => setOutcome('expired')}
    />,
  );
}
