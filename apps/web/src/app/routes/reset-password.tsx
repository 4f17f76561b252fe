import { useSearchParams } from 'react-router';
import { PageFrame } from '@/components/layouts/page-frame';
import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import { GuestOnly } from '@/features/auth/components/auth-guards';
import { ResetPasswordFlow } from '@/features/auth/components/reset-password-flow';
import { usePageTitle } from '@/hooks/use-page-title';
import styles from './frames.module.css';

/** /reset?t={token}&u={username}: the link in the password reset e-mail. */
export default function ResetPasswordRoute() {
  usePageTitle('Reset password');
  const [params] = useSearchParams();
  return (
    <GuestOnly>
      <ResetPasswordFlow
        username={params.get('u')}
        token={params.get('t')}
        frame={(hero, body) => (
          <PageFrame eyebrow="Tour operators" title={hero.title} lead={hero.lead} variant="card">
            <div className={styles.stack}>
              {body}
              <div className={styles.links}>
                <Link to={paths.login.getHref()}>Back to login form</Link>
              </div>
            </div>
          </PageFrame>
        )}
      />
    </GuestOnly>
  );
}
