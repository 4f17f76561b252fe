import { Link } from 'react-router';
import { PageFrame } from '../../components/layouts/page-frame';
import { paths } from '../../config/paths';
import { usePageTitle } from '../../hooks/use-page-title';
import styles from './frames.module.css';

export function ResetPasswordRoute() {
  usePageTitle('Reset password');
  return (
    <PageFrame
      eyebrow="Tour operators"
      title="Reset your password"
      lead="Choose a new password for your tour operator account."
      variant="card"
    >
      <div className={styles.stack}>
        <p className={styles.muted}>Open this page from the link in your password reset e-mail.</p>
        <div className={styles.links}>
          <Link to={paths.forgotPassword.getHref()}>Request a new link</Link>
          <Link to={paths.login.getHref()}>Back to login form</Link>
        </div>
      </div>
    </PageFrame>
  );
}
