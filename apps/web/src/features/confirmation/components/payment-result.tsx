import { ExternalLink } from '@/components/layouts/external-link';
import { Alert } from '@/components/ui/alert';
import { ButtonLink } from '@/components/ui/button';
import { env } from '@/config/env';
import { Confetti } from './confetti';
import styles from './payment-result.module.css';

export const PAYMENT_FAILED_TEXT = 'Your payment failed and we cannot retrieve your booking';
const PIN_KEEP_SAFE = 'Keep it safe: with your booking number, it opens your booking at any time.';
export const PIN_EMAIL_TEXT = `We have e-mailed your booking confirmation with a PIN code. ${PIN_KEEP_SAFE}`;

/**
 * After a successful payment (redirect_status=succeeded, shown only for a booking this session may see): confetti,
 * where the e-mail with the PIN went when this browser knows it, and the way into the booking.
 */
export function PaymentSucceeded({
  bookingHref,
  email,
}: {
  bookingHref: string | null;
  email?: string | null;
}) {
  return (
    <div className={styles.result}>
      <Confetti />
      <Alert type="success" title="Your payment was successful">
        <p>
          {email ? (
            <>
              We have e-mailed your booking confirmation with a PIN code to <strong>{email}</strong>.{' '}
              {PIN_KEEP_SAFE}
            </>
          ) : (
            PIN_EMAIL_TEXT
          )}
        </p>
      </Alert>
      {bookingHref ? (
        <ButtonLink to={bookingHref} size="lg">
          View your booking
        </ButtonLink>
      ) : null}
    </div>
  );
}

/** redirect_status=failed. */
export function PaymentFailed() {
  return (
    <div className={styles.result}>
      <Alert type="error" title={PAYMENT_FAILED_TEXT}>
        <p>
          No booking was confirmed. Please{' '}
          <ExternalLink href={env.contactUrl}>contact our reservations team</ExternalLink> or call us on{' '}
          <a href={`tel:${env.reservationsPhone.replace(/\s+/g, '')}`}>{env.reservationsPhone}</a> and we will
          help you complete your booking.
        </p>
      </Alert>
    </div>
  );
}
