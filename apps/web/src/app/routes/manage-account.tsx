import { Navigate } from 'react-router';
import { PageFrame } from '../../components/layouts/page-frame';
import { PageLoading } from '../../components/layouts/page-loading';
import { ButtonLink } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { useUser } from '../../features/auth/api/get-user';
import { usePageTitle } from '../../hooks/use-page-title';
import styles from './frames.module.css';

export function ManageAccountRoute() {
  usePageTitle('Manage Account');
  const { operator, isLoading } = useUser();
  if (isLoading) return <PageLoading label="Preparing your experience" />;
  if (!operator) return <Navigate to={paths.login.getHref()} replace />;

  return (
    <PageFrame
      eyebrow="Tour operators"
      title="Manage Account"
      lead={`Welcome back, ${operator.company_name}.`}
    >
      <div className={styles['two-col']}>
        <div className={`${styles.card} ${styles.stack}`}>
          <h2 className={styles['section-title']}>Account Details</h2>
          <p className={styles.muted}>Your company's contact and address details used on every booking.</p>
        </div>
        <aside className={styles.card}>
          <h2 className={styles['section-title']}>Summary</h2>
          <dl className={styles['summary-list']}>
            <div>
              <dt>Company name</dt>
              <dd>{operator.company_name}</dd>
            </div>
            <div>
              <dt>Deposit amount</dt>
              <dd>{operator.deposit_amount}%</dd>
            </div>
          </dl>
          <ButtonLink to={paths.home.getHref()} variant="secondary" block>
            Back to booking
          </ButtonLink>
        </aside>
      </div>
    </PageFrame>
  );
}
