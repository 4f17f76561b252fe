import { formatMoney } from '@links/shared/money';
import type { ReactNode } from 'react';
import styles from './price-summary.module.css';

// One look for the booking summary on every step (step 1's quote, step 2's held booking, step 3's payment): the
// rounds with their tee times, each golfer's price and the totals.

type SummaryRoundsProps<C extends { id: number; name: string }> = {
  /** The booking's courses, one round each. */
  courses: C[];
  /** A round's lines under its course (the tee time, caddies); an empty one is left out. */
  details: (course: C) => ReactNode[];
  label?: string;
};

/** The rounds, each with its course and its details on lines of their own. */
export function SummaryRounds<C extends { id: number; name: string }>({
  courses,
  details,
  label,
}: SummaryRoundsProps<C>) {
  return (
    <ul className={styles.courses} aria-label={label}>
      {courses.map((course) => (
        <li key={course.id}>
          <span className={styles.course}>{course.name}</span>
          {details(course).map((detail, index) =>
            detail ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: a round's details are fixed lines in a fixed order.
              <span key={index} className={styles.detail}>
                {detail}
              </span>
            ) : null,
          )}
        </li>
      ))}
    </ul>
  );
}

export type GolferPrice = { id: number; typeName: string; ticketLabel?: string | undefined; total?: number };

/** Each golfer's type, ticket (a combination, say) and price. */
export function GolferPrices({ golfers }: { golfers: GolferPrice[] }) {
  return (
    <dl className={styles.prices}>
      {golfers.map((golfer) => (
        <div key={golfer.id}>
          <dt>
            Golfer {golfer.id} <span className={styles['price-note']}>{golfer.typeName}</span>
            {golfer.ticketLabel ? <span className={styles['price-note']}>{golfer.ticketLabel}</span> : null}
          </dt>
          <dd>{golfer.total === undefined ? '' : formatMoney(golfer.total)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The totals; `lines` come above Total Payable (Net and VAT, or the number of golfers). */
export function PriceTotals({ lines, payable }: { lines: [string, ReactNode][]; payable: number }) {
  return (
    <dl className={styles.totals}>
      {lines.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      <div className={styles.payable}>
        <dt>Total Payable</dt>
        <dd>{formatMoney(payable)}</dd>
      </div>
    </dl>
  );
}

/** Net and VAT lines of a priced booking. */
export const netAndVat = (totals: { net: number; vat: number }): [string, ReactNode][] => [
  ['Net', formatMoney(totals.net)],
  ['VAT at 20%', formatMoney(totals.vat)],
];
