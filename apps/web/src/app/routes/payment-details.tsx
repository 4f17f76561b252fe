import { Alert } from '../../components/ui/alert';
import { ButtonLink } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { BookingShell } from '../../features/booking-flow/components/booking-shell';
import { usePageTitle } from '../../hooks/use-page-title';
import styles from './frames.module.css';

export function PaymentDetailsRoute() {
  usePageTitle('Make your payment');
  return (
    <BookingShell
      step={3}
      eyebrow="Step 3 of 3"
      heading="Make your payment"
      lead="Review your booking and pay securely by card to confirm your tee times."
    >
      <div className={`${styles.card} ${styles.stack}`}>
        <Alert type="info" title="Your booking starts with step 1">
          <p>Payment opens once your tee times are reserved and your contact details are saved.</p>
        </Alert>
        <div>
          <ButtonLink to={paths.home.getHref()}>Create experience</ButtonLink>
        </div>
      </div>
    </BookingShell>
  );
}
