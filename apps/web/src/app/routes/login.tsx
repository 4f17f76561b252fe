import { Link } from 'react-router';
import { PageFrame } from '../../components/layouts/page-frame';
import { paths } from '../../config/paths';
import { usePageTitle } from '../../hooks/use-page-title';
import styles from './frames.module.css';

export function LoginRoute() {
  usePageTitle('Tour Operator Login');
  return (
    <PageFrame
      eyebrow="Tour operators"
      title="Tour Operator Login"
      lead="Sign in to book for your groups with your account's contact details and payment terms."
      variant="card"
    >
      <div className={styles.stack}>
        <p className={styles.muted}>
          Use the username and password issued to your company by our reservations team.
        </p>
        <div className={styles.links}>
          <Link to={paths.forgotPassword.getHref()}>Forgot password?</Link>
          <Link to={paths.home.getHref()}>Back to Online Booking</Link>
        </div>
      </div>
    </PageFrame>
  );
}
