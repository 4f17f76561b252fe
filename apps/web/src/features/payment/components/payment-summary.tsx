import { pluralize } from '@links/shared/money';
import { formatSummaryTeeTime } from '@links/shared/uk-time';
import {
  type GolferPrice,
  GolferPrices,
  netAndVat,
  PriceTotals,
  SummaryRounds,
} from '@/features/booking-flow/components/price-summary';
import styles from './payment.module.css';

export type PaymentSummaryProps = {
  courses: { id: number; name: string; teeTime: string | null }[];
  golfers: GolferPrice[];
  totals: { net: number; vat: number; payable: number };
};

/** What the golfer is paying for: courses and tee times (UK time), golfers and the totals. */
export function PaymentSummary({ courses, golfers, totals }: PaymentSummaryProps) {
  return (
    <div className={styles.summary}>
      <h2 className={styles['summary-title']}>Your booking summary</h2>
      <SummaryRounds
        label="Courses and tee times"
        rounds={courses.map((course) => ({
          id: course.id,
          name: course.name,
          details: [
            course.teeTime ? formatSummaryTeeTime(new Date(course.teeTime)) : 'No tee time selected yet',
          ],
        }))}
      />
      <p className={styles['summary-golfers']}>
        {golfers.length} {pluralize(golfers.length, 'golfer')}
      </p>
      <GolferPrices golfers={golfers} />
      <PriceTotals lines={netAndVat(totals)} payable={totals.payable} />
      <p className={styles.note}>Caddie fees, where booked, are paid in cash on the day.</p>
    </div>
  );
}
