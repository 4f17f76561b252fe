import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { useBooking } from '../state/booking-context';
import styles from './unrecognised-booking.module.css';

export const UNRECOGNISED_BOOKING = "We don't recognise this booking.";

/** Spec section 2, step 2: the booking id held is not a positive number, so nothing can be saved against it. */
export function UnrecognisedBooking() {
  const { dispatch } = useBooking();
  const navigate = useNavigate();
  return (
    <div className={styles.box}>
      <Alert type="error" title={UNRECOGNISED_BOOKING}>
        <p>
          Please try again by starting a new booking. If the problem persists, please{' '}
          <a href={env.contactUrl}>contact our support team</a> or call us on {env.reservationsPhone}.
        </p>
      </Alert>
      <div>
        <Button
          onClick={() => {
            dispatch({ type: 'booking/reset' });
            navigate(paths.home.getHref());
          }}
        >
          Start a new booking
        </Button>
      </div>
    </div>
  );
}
