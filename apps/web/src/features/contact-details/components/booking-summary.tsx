import { formatMoney, pluralize } from '@links/shared/money';
import { formatSummaryTeeTime } from '@links/shared/uk-time';
import { useBooking } from '../../booking-flow/state/booking-context';
import styles from './booking-summary.module.css';

/** The held booking beside the step-2 form: courses and tee times, golfers, caddies and the amount to pay. */
export function BookingSummary() {
  const { state } = useBooking();
  const golfers = state.golfers.length;
  return (
    <div className={styles.summary}>
      <ul className={styles.courses}>
        {state.courses.map((course) => (
          <li key={course.id}>
            <span className={styles.course}>{course.name}</span>
            {course.teeTime ? (
              <span className={styles.time}>{formatSummaryTeeTime(new Date(course.teeTime.time))}</span>
            ) : null}
            {course.caddies > 0 ? (
              <span className={styles.time}>
                {course.caddies} {pluralize(course.caddies, 'caddie')}, paid in cash on the day
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      <dl className={styles.totals}>
        <div>
          <dt>Golfers</dt>
          <dd>{golfers}</dd>
        </div>
        <div className={styles.payable}>
          <dt>Total Payable</dt>
          <dd>{formatMoney(state.totals.payable)}</dd>
        </div>
      </dl>
    </div>
  );
}
