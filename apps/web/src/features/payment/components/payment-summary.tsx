import { formatMoney, pluralize } from '@links/shared/money';
import type { PaymentPlanInstalment } from '@links/shared/schemas/operator-contact-details';
import { formatLongDate, formatSummaryTeeTime } from '@links/shared/uk-time';
import {
  type GolferPrice,
  GolferPrices,
  netAndVat,
  PriceTotals,
  SummaryRounds,
} from '@/features/booking-flow/components/price-summary';
import styles from './payment.module.css';

export type PaymentSummaryProps = {
  /** `groupTeeTimes`: a tour operator's group (issue 24) lists every tee time of its run with its golfers. */
  courses: {
    id: number;
    name: string;
    teeTime: string | null;
    groupTeeTimes?: Array<{ time: string; players: number }> | undefined;
  }[];
  golfers: GolferPrice[];
  totals: { net: number; vat: number; payable: number };
  /** A tour operator's payments as the server recorded them: shown when part of the total is paid later. */
  plan?: PaymentPlanInstalment[] | null | undefined;
};

/** What the golfer is paying for: courses and tee times (UK time), golfers and the totals. */
export function PaymentSummary({ courses, golfers, totals, plan }: PaymentSummaryProps) {
  return (
    <div className={styles.summary}>
      <h2 className={styles['summary-title']}>Your booking summary</h2>
      <SummaryRounds
        label="Courses and tee times"
        courses={courses}
        details={(course) =>
          course.groupTeeTimes
            ? course.groupTeeTimes.map(
                (round) => `${formatSummaryTeeTime(new Date(round.time))}, ${round.players} golfers`,
              )
            : [course.teeTime ? formatSummaryTeeTime(new Date(course.teeTime)) : 'No tee time selected yet']
        }
      />
      <p className={styles['summary-golfers']}>
        {golfers.length} {pluralize(golfers.length, 'golfer')}
      </p>
      <GolferPrices golfers={golfers} />
      <PriceTotals lines={netAndVat(totals)} payable={totals.payable} />
      {plan ? <PaymentPlan plan={plan} /> : null}
      <p className={styles.note}>Caddie fees, where booked, are paid in cash on the day.</p>
    </div>
  );
}

/**
 * What is paid now and what later, with its date (issue 24): a deposit booking's pay button takes the deposit only,
 * so the balance and its deadline are said beside the total, as recorded by the server at step 2.
 */
function PaymentPlan({ plan }: { plan: PaymentPlanInstalment[] }) {
  const deposit = plan.find((instalment) => instalment.kind === 'deposit');
  const balance = plan.find((instalment) => instalment.kind === 'balance');
  if (!deposit) return null;
  return (
    <div className={styles.plan}>
      <dl>
        <div>
          <dt>Deposit to pay now</dt>
          <dd>{formatMoney(deposit.amount)}</dd>
        </div>
        {balance ? (
          <div>
            <dt>Balance due by {formatLongDate(balance.due_date)}</dt>
            <dd>{formatMoney(balance.amount)}</dd>
          </div>
        ) : null}
      </dl>
      {balance ? <p className={styles.note}>We e-mail you a reminder before the balance is due.</p> : null}
    </div>
  );
}
