import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { usePageTitle } from '@/hooks/use-page-title';
import { type MaintenancePollOptions, useMaintenancePoll } from '../hooks/use-maintenance-poll';
import styles from './maintenance-page.module.css';

export const STILL_IN_MAINTENANCE =
  'The application is still in maintenance mode. Please try again later or use the button below to recheck the status.';
export const BACK_ONLINE = "We're back! Refreshing page...";
export const CHECK_FAILED = 'An error occurred while checking status. Please try again.';

function GreenkeeperIcon({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 72 72" fill="none" aria-hidden="true" focusable="false">
      <circle cx="36" cy="36" r="34" fill="currentColor" opacity="0.08" />
      <path d="M30 56V16" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      <path d="M31 17h20l-5 7 5 7H31z" fill="#b08d3e" />
      <path d="M14 56h44" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      <path
        d="M44 56c0-5 3-9 8-9M20 56c0-4 2-7 6-7"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function MaintenancePage(options: MaintenancePollOptions) {
  usePageTitle('Maintenance');
  const { status, isChecking, recheck } = useMaintenancePoll(options);

  return (
    <section className={styles.page} aria-labelledby="maintenance-title">
      <div className="container">
        <div className={styles.card}>
          <GreenkeeperIcon className={styles.icon} />
          <p className={styles.eyebrow}>Scheduled maintenance</p>
          <h1 id="maintenance-title" className={styles.title}>
            We're launching some updates!
          </h1>
          <p className={styles.intro}>
            Online booking is briefly unavailable while we improve the service. Your existing bookings are
            safe.
          </p>
          <div className={styles.status} aria-live="polite">
            {status === 'checking' ? <Spinner label="Checking status..." /> : null}
            {status === 'maintenance' ? <Alert type="warning">{STILL_IN_MAINTENANCE}</Alert> : null}
            {status === 'available' ? <Alert type="success">{BACK_ONLINE}</Alert> : null}
            {status === 'error' ? <Alert type="error">{CHECK_FAILED}</Alert> : null}
          </div>
          <div className={styles.actions}>
            <Button
              size="lg"
              onClick={() => void recheck()}
              disabled={isChecking || status === 'available'}
              aria-busy={isChecking}
            >
              Check status
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
