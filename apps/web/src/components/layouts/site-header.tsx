import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { Button, ButtonLink } from '../ui/button';
import { ArrowLeftIcon } from '../ui/icons';
import { Link } from '../ui/link';
import { Spinner } from '../ui/spinner';
import styles from './site-header.module.css';

export type SiteHeaderProps = {
  operatorName: string | null;
  authLoading: boolean;
  onLogout: () => void;
  /** During maintenance signing in cannot work: the button is not offered. */
  signInClosed?: boolean;
};

/** Spec section 1: appended to the header label while an operator is signed in. */
export const OPERATOR_SUFFIX = ' - Tour Operator';

export function headerTitle(isOperator: boolean): string {
  return isOperator ? `${env.productName}${OPERATOR_SUFFIX}` : env.productName;
}

export function SiteHeader({ operatorName, authLoading, onLogout, signInClosed = false }: SiteHeaderProps) {
  const isOperator = operatorName !== null;
  return (
    <header className="on-dark">
      <div className={styles.utility}>
        <div className={`container ${styles['utility-inner']}`}>
          <a className={styles['back-link']} href={env.resortSiteUrl}>
            <ArrowLeftIcon />
            Back to {env.resortName}
          </a>
          {isOperator ? (
            <span className={styles['utility-note']}>Signed in as {operatorName}</span>
          ) : (
            <span className={styles['utility-note']}>Secure online tee-time booking</span>
          )}
        </div>
      </div>
      <div className={styles.header}>
        <div className={`container ${styles.inner}`}>
          <Link to={paths.home.getHref()} className={styles.brand}>
            <span className={styles.crest}>
              <img src="/images/logo-mark.svg" alt="" width={64} height={64} />
            </span>
            <span className={styles['brand-text']}>
              <span className={styles.resort}>{env.resortName}</span>
              <span className={styles.product}>
                {env.productName}
                {isOperator ? (
                  // Its own unit after a plain space, so a narrow screen breaks before the suffix, not inside it.
                  <>
                    {' '}
                    <span className={styles['product-suffix']}>{OPERATOR_SUFFIX.trimStart()}</span>
                  </>
                ) : null}
              </span>
            </span>
          </Link>
          <div className={styles.actions}>
            {authLoading ? (
              <Button variant="outline-light" size="sm" disabled aria-busy="true">
                <span aria-hidden="true">
                  <Spinner variant="light" size="sm" />
                </span>
                Loading
              </Button>
            ) : isOperator ? (
              <>
                <Link className={styles['account-link']} to="/my-bookings">
                  My Bookings
                </Link>
                <Link className={styles['account-link']} to={paths.manageAccount.getHref()}>
                  Manage Account
                </Link>
                <Button variant="outline-light" size="sm" onClick={onLogout}>
                  Log out
                </Button>
              </>
            ) : signInClosed ? null : (
              <ButtonLink variant="outline-light" size="sm" to={paths.login.getHref()}>
                Tour Operator Login
              </ButtonLink>
            )}
          </div>
        </div>
      </div>
    </header>
  );
}
