import { formatMoney, pluralize } from '@links/shared/money';
import { formatSummaryTeeTime } from '@links/shared/uk-time';
import styles from './payment.module.css';

export type PaymentSummaryProps = {
  courses: { id: number; name: string; teeTime: string | null }[];
  golfers: { id: number; typeName: string; ticketLabel?: string | undefined; total: number | undefined }[];
  totals: { net: number; vat: number; payable: number };
};

/** What the golfer is paying for: courses and tee times (UK time), golfers and the totals. */
export function PaymentSummary({ courses, golfers, totals }: PaymentSummaryProps) {
  return (
    <div className={styles.summary}>
      <h2 className={styles['summary-title']}>Your booking summary</h2>
      <ul className={styles['summary-courses']} aria-label="Courses and tee times">
        {courses.map((course) => (
          <li key={course.id}>
            <span className={styles['summary-course']}>{course.name}</span>
            <span className={styles['summary-time']}>
              {course.teeTime ? formatSummaryTeeTime(new Date(course.teeTime)) : 'No tee time selected yet'}
            </span>
          </li>
        ))}
      </ul>
      <p className={styles['summary-golfers']}>
        {golfers.length} {pluralize(golfers.length, 'golfer')}
      </p>
      <dl className={styles.prices}>
        {golfers.map((golfer) => (
          <div key={golfer.id}>
            <dt>
              Golfer {golfer.id} <span className={styles['price-type']}>{golfer.typeName}</span>
              {golfer.ticketLabel ? (
                <span className={styles['price-ticket']}>{golfer.ticketLabel}</span>
              ) : null}
            </dt>
            <dd>{golfer.total === undefined ? '' : formatMoney(golfer.total)}</dd>
          </div>
        ))}
      </dl>
      <dl className={styles.totals}>
        <div>
          <dt>Net</dt>
          <dd>{formatMoney(totals.net)}</dd>
        </div>
        <div>
          <dt>VAT at 20%</dt>
          <dd>{formatMoney(totals.vat)}</dd>
        </div>
        <div className={styles.payable}>
          <dt>Total Payable</dt>
          <dd>{formatMoney(totals.payable)}</dd>
        </div>
      </dl>
      <p className={styles.note}>Caddie fees, where booked, are paid in cash on the day.</p>
    </div>
  );
}
