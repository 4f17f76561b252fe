import { useParams } from 'react-router';
import { PageFrame } from '../../components/layouts/page-frame';
import { usePageTitle } from '../../hooks/use-page-title';
import styles from './frames.module.css';

/** /confirmation and /confirmation/:bookingNumber: the PIN gate frame until the booking is loaded. */
export function ConfirmationRoute() {
  const { bookingNumber } = useParams();
  usePageTitle(bookingNumber ? `Booking ${bookingNumber}` : 'Your booking');
  return (
    <PageFrame
      eyebrow={bookingNumber ? `Booking ${bookingNumber}` : 'Your booking'}
      title="This page is protected for your security"
      lead="Enter your booking number and the PIN code from your confirmation e-mail to view your booking."
      variant="card"
    >
      <div className={styles.stack}>
        <p className={styles.muted}>
          Your PIN code was sent with your booking confirmation. Keep it private: anyone with your booking
          number and PIN can view the booking.
        </p>
      </div>
    </PageFrame>
  );
}
