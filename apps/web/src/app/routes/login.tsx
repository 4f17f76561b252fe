import { useNavigate } from 'react-router';
import { PageFrame } from '@/components/layouts/page-frame';
import { CheckIcon } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { GuestOnly, signedInHome } from '@/features/auth/components/auth-guards';
import { LoginForm } from '@/features/auth/components/login-form';
import { usePageTitle } from '@/hooks/use-page-title';
import styles from './frames.module.css';

export default function LoginRoute() {
  usePageTitle('Tour Operator Login');
  const navigate = useNavigate();
  return (
    <GuestOnly>
      <PageFrame
        eyebrow="Tour operators"
        title="Tour Operator Login"
        lead="Sign in to book for your groups with your account's contact details and payment terms."
      >
        <div className={styles['two-col']}>
          <section className={`${styles.card} ${styles.stack}`} aria-labelledby="sign-in-title">
            <div>
              <h2 id="sign-in-title" className={styles['section-title']}>
                Sign in
              </h2>
              <p className={styles.muted}>
                Use the username and password issued to your company by our reservations team.
              </p>
            </div>
            <LoginForm onSignedIn={(operator) => navigate(signedInHome(operator))} />
            <div className={styles.links}>
              <Link to={paths.home.getHref()}>Back to Online Booking</Link>
            </div>
          </section>
          <aside className={`${styles.card} ${styles.aside}`} aria-labelledby="operator-benefits">
            <h2 id="operator-benefits" className={styles['section-title']}>
              Booking as a tour operator
            </h2>
            <ul className={styles.benefits}>
              <li>
                <CheckIcon /> Pay online, by deposit, or later by phone within 30 days
              </li>
              <li>
                <CheckIcon /> Your company's contact details filled in on every booking
              </li>
              <li>
                <CheckIcon /> Manage your account details and password online
              </li>
            </ul>
            <p className={styles.muted}>
              Not yet an operator? Call reservations on{' '}
              <a className={styles.nowrap} href={`tel:${env.reservationsPhone.replace(/\s+/g, '')}`}>
                {env.reservationsPhone}
              </a>
              .
            </p>
          </aside>
        </div>
      </PageFrame>
    </GuestOnly>
  );
}
