import { pluralize } from '@links/shared/money';
import { formatSummaryTeeTime } from '@links/shared/uk-time';
import { PriceTotals, SummaryRounds } from '@/features/booking-flow/components/price-summary';
import { useBooking } from '@/features/booking-flow/state/booking-context';
import styles from './booking-summary.module.css';

/** The held booking beside the step-2 form: courses and tee times, golfers, caddies and the amount to pay. */
export function BookingSummary() {
  const { state } = useBooking();
  const golfers = state.golfers.length;
  return (
    <div className={styles.summary}>
      <SummaryRounds
        courses={state.courses}
        details={(course) => [
          // A tour operator's group (issue 24): every tee time of its run, with its golfers.
          ...(course.groupTeeTimes?.map(
            (round) => `${formatSummaryTeeTime(new Date(round.time))}, ${round.players} golfers`,
          ) ?? [course.teeTime ? formatSummaryTeeTime(new Date(course.teeTime.time)) : null]),
          course.caddies > 0
            ? `${course.caddies} ${pluralize(course.caddies, 'caddie')}, paid in cash on the day`
            : null,
        ]}
      />
      <PriceTotals lines={[['Golfers', golfers]]} payable={state.totals.payable} />
    </div>
  );
}
