import { PageFrame } from '@/components/layouts/page-frame';
import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { usePageTitle } from '@/hooks/use-page-title';
import styles from './frames.module.css';

export default function ForgotPasswordRoute() {
  usePageTitle('Forgot password');
  return (
    <PageFrame
      eyebrow="Tour operators"
      title="Forgot your password?"
      lead="Enter your username and we will e-mail you a link to choose a new password."
      variant="card"
    >
      <div className={styles.stack}>
        <ForgotPasswordForm />
        <div className={styles.links}>
          <Link to={paths.login.getHref()}>Back to login form</Link>
        </div>
      </div>
    </PageFrame>
  );
}
