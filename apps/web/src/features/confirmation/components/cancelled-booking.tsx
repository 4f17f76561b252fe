import { pluralize } from '@links/shared/money';
import type { CancellationReason, Confirmation } from '@links/shared/schemas/confirmation';
import { formatConfirmationTeeTime, formatLongDate, londonDate } from '@links/shared/uk-time';
import { Alert } from '@/components/ui/alert';
import { buttonClassName } from '@/components/ui/button';
import { Link } from '@/components/ui/link';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import styles from './cancelled-booking.module.css';

export const CANCELLED_HEADING = 'This booking has been cancelled';

/** Why, in the golfer's words (issue 24: a cancelled booking says only that it is cancelled, when and why). */
export const CANCELLATION_TEXT: Record<CancellationReason, string> = {
  unpaid:
    'The payment due on it was not received by its deadline, so the booking was cancelled and its tee times released.',
  places_gone:
    'Its reservation had run out and its tee times had been booked by others by the time the payment arrived, so the payment was refunded to the card it came from.',
  other: 'Its tee times have been released.',
};

const phoneHref = `tel:${env.reservationsPhone.replace(/\s+/g, '')}`;

/** /confirmation/{number} of a cancelled booking: when and why, the rounds it held, and whom to ask. */
export function CancelledBooking({ confirmation }: { confirmation: Confirmation }) {
  const cancellation = confirmation.cancellation ?? {
    at: confirmation.server_time,
    reason: 'other' as const,
  };
  const rounds = confirmation.courses;
  return (
    <div className={styles.stack}>
      <Alert type="view-only" title={`Cancelled on ${formatLongDate(londonDate(new Date(cancellation.at)))}`}>
        <p>{CANCELLATION_TEXT[cancellation.reason]}</p>
      </Alert>
      {rounds.length > 0 ? (
        <section aria-labelledby="cancelled-rounds" className={styles.rounds}>
          <h2 id="cancelled-rounds" className={styles.title}>
            The {pluralize(rounds.length, 'round')} it held
          </h2>
          <ul>
            {rounds.map((round) => (
              <li key={round.id}>
                <span className={styles.course}>{round.name}</span>
                <span>{round.tee_time ? formatConfirmationTeeTime(new Date(round.tee_time)) : null}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className={styles.muted}>
        Questions about this booking? Call our reservations team on{' '}
        <a className={styles.nowrap} href={phoneHref}>
          {env.reservationsPhone}
        </a>{' '}
        or e-mail{' '}
        <a href={`mailto:${env.reservationsEmail}?subject=Booking%20${confirmation.booking_number}`}>
          {env.reservationsEmail}
        </a>
        .
      </p>
      <Link className={buttonClassName({ variant: 'secondary', block: true })} to={paths.home.getHref()}>
        Book new tee times
      </Link>
    </div>
  );
}
