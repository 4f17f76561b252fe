import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { Link } from '../ui/link';
import { ExternalLink } from './external-link';
import styles from './site-footer.module.css';

export type SiteFooterProps = {
  isOperator: boolean;
  onLogout: () => void;
  /** During maintenance signing in cannot work: the link is not offered. */
  signInClosed?: boolean;
  /** Injected so the copyright year is testable; defaults to now. */
  now?: Date;
};

export function SiteFooter({
  isOperator,
  onLogout,
  signInClosed = false,
  now = new Date(),
}: SiteFooterProps) {
  return (
    <footer className={`on-dark ${styles.footer}`}>
      <div className={`container ${styles.inner}`}>
        <div className={styles.brand}>
          <div>
            <img
              className={styles.lockup}
              src="/images/logo-light.svg"
              alt={env.resortName}
              width={257}
              height={64}
              loading="lazy"
            />
            <p className={styles.tagline}>
              Championship, Burnside and Buddon Links: three links courses on the Angus coast.
            </p>
          </div>
        </div>
        <nav aria-label="Footer">
          <h2 className={styles['nav-title']}>Help and information</h2>
          <ul className={styles.links}>
            {isOperator ? (
              <li>
                <button type="button" className={styles.link} onClick={onLogout}>
                  Log out
                </button>
              </li>
            ) : signInClosed ? null : (
              <li>
                <Link className={styles.link} to={paths.login.getHref()}>
                  Tour Operator Login
                </Link>
              </li>
            )}
            {isOperator ? (
              <>
                <li>
                  <Link className={styles.link} to="/my-bookings">
                    My Bookings
                  </Link>
                </li>
                <li>
                  <Link className={styles.link} to={paths.manageAccount.getHref()}>
                    Manage Account
                  </Link>
                </li>
              </>
            ) : null}
            <li>
              <ExternalLink className={styles.link} href={env.contactUrl}>
                Need assistance?
              </ExternalLink>
            </li>
            <li>
              <ExternalLink className={styles.link} href={env.termsUrl}>
                Terms &amp; Conditions
              </ExternalLink>
            </li>
            <li>
              <ExternalLink className={styles.link} href={env.surveyUrl}>
                Have feedback?
              </ExternalLink>
            </li>
          </ul>
        </nav>
      </div>
      <div className={styles['legal-rule']}>
        <div className={`container ${styles.legal}`}>
          <p>
            &copy; {now.getFullYear()} {env.companyName}. All rights reserved.
          </p>
          <p>VAT registration number: {env.vatNumber}</p>
        </div>
      </div>
    </footer>
  );
}
