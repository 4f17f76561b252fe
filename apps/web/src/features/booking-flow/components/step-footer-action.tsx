import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useBookingShell } from './booking-shell-context';
import styles from './step-footer-action.module.css';

type StepFooterActionProps = {
  children: ReactNode;
  /** Shown in place of the action while the step changes. */
  loadingLabel?: string;
};

/** The step's main action (Continue, Pay): hidden while the booking is expired or the step is changing. */
export function StepFooterAction({
  children,
  loadingLabel = 'Loading the next step…',
}: StepFooterActionProps) {
  const { loading, expired } = useBookingShell();
  if (expired) return null;
  if (loading) {
    return (
      <div className={styles.loading}>
        <Spinner label={loadingLabel} />
      </div>
    );
  }
  return <div className={styles.action}>{children}</div>;
}
