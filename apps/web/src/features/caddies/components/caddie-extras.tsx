import { caddieCountOptions } from '@links/shared/caddies';
import { formatMoney } from '@links/shared/money';
import { formatSummaryTeeTime } from '@links/shared/uk-time';
import { useId } from 'react';
import { Alert } from '@/components/ui/alert';
import styles from './caddie-extras.module.css';

export type CaddieOption = 'all' | 'some' | 'none';

export type CaddieRound = {
  courseId: number;
  courseName: string;
  teeTime: Date;
  /** At least 24 hours' notice (shared rule). */
  eligible: boolean;
  caddies: number;
  caddiesTotal: number;
};

export const CADDIE_PRICES_ERROR_TITLE = 'There was an error loading the caddies pricing';
export const CADDIE_PRICES_FALLBACK = 'There was an issue selecting caddie pricing. Please try again';
export const CADDIES_CASH_NOTE = 'Caddie fees are paid in cash on the day, not online.';
export const NO_CADDIES_WITHIN_24_HOURS =
  'Caddies cannot be booked online for tee times within 24 hours. Please contact reservations if you would like a caddie.';
export const ROUNDS_WITHIN_24_HOURS =
  'Caddies cannot be booked online for these rounds, as they are within 24 hours:';

const OPTIONS: { value: CaddieOption; label: string; hint: string }[] = [
  { value: 'all', label: 'Caddies on all rounds', hint: 'The same number of caddies on every round.' },
  { value: 'some', label: 'Caddies on some rounds', hint: 'Choose the number of caddies round by round.' },
  { value: 'none', label: 'No caddies', hint: 'You can add caddies later, up to 24 hours before play.' },
];

export type CaddieExtrasProps = {
  rounds: CaddieRound[];
  golferCount: number;
  option: CaddieOption;
  /** Pence per caddie by course id; null while loading or after an error. */
  pricePerCaddie: Readonly<Record<number, number>> | null;
  pricesError: string | null;
  onOptionChange: (option: CaddieOption) => void;
  onCountChange: (courseId: number, count: number) => void;
};

/** Spec section 2, extras: all, some or none; per-round counts capped at the group; fees paid in cash. */
export function CaddieExtras({
  rounds,
  golferCount,
  option,
  pricePerCaddie,
  pricesError,
  onOptionChange,
  onCountChange,
}: CaddieExtrasProps) {
  const idPrefix = useId();
  const eligible = rounds.filter((round) => round.eligible);
  const late = rounds.filter((round) => !round.eligible);
  const countOptions = caddieCountOptions(golferCount);

  if (eligible.length === 0) {
    return <Alert type="alert">{NO_CADDIES_WITHIN_24_HOURS}</Alert>;
  }

  const caddieTotal = eligible.reduce((sum, round) => sum + round.caddiesTotal, 0);
  const perCaddie = (courseId: number) => pricePerCaddie?.[courseId];

  function countSelect(round: CaddieRound, label: string) {
    const id = `${idPrefix}-count-${round.courseId}`;
    const price = perCaddie(round.courseId);
    return (
      <div className={styles.count} key={round.courseId}>
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
        <select
          id={id}
          className={styles.select}
          value={Math.min(round.caddies, countOptions.length - 1)}
          onChange={(event) => onCountChange(round.courseId, Number(event.target.value))}
        >
          {countOptions.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
        {price !== undefined ? <span className={styles.price}>{formatMoney(price)} per caddie</span> : null}
      </div>
    );
  }

  const first = eligible[0] as CaddieRound;

  return (
    <div className={styles.extras}>
      {late.length > 0 ? (
        <Alert type="warning" title={ROUNDS_WITHIN_24_HOURS}>
          <ul className={styles.late}>
            {late.map((round) => (
              <li key={round.courseId}>
                {round.courseName}, {formatSummaryTeeTime(round.teeTime)}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <fieldset className={styles.options}>
        <legend className={styles.legend}>Would you like caddies?</legend>
        {OPTIONS.map((choice) => {
          const id = `${idPrefix}-${choice.value}`;
          // 'Some' means nothing with a single round to choose from (spec section 4 turns it into 'all').
          const disabled = choice.value === 'some' && eligible.length < 2;
          return (
            <div
              key={choice.value}
              className={styles.option}
              data-checked={option === choice.value || undefined}
            >
              <input
                id={id}
                type="radio"
                name={`${idPrefix}-caddies`}
                value={choice.value}
                checked={option === choice.value}
                disabled={disabled}
                onChange={() => onOptionChange(choice.value)}
                aria-describedby={`${id}-hint`}
              />
              <label htmlFor={id}>
                <span className={styles['option-label']}>{choice.label}</span>
                <span id={`${id}-hint`} className={styles.hint}>
                  {choice.hint}
                </span>
              </label>
            </div>
          );
        })}
      </fieldset>
      {option === 'all' ? (
        <div className={styles.counts}>{countSelect(first, 'Caddies per round')}</div>
      ) : null}
      {option === 'some' ? (
        <div className={styles.counts}>
          {eligible.map((round) => countSelect(round, `Caddies on the ${round.courseName}`))}
        </div>
      ) : null}
      {pricesError !== null ? (
        <Alert type="error" title={CADDIE_PRICES_ERROR_TITLE}>
          <p>{pricesError || CADDIE_PRICES_FALLBACK}</p>
        </Alert>
      ) : null}
      {option !== 'none' && pricePerCaddie ? (
        <p className={styles.total}>
          <span>Caddie fees, paid in cash on the day</span>
          <strong>{formatMoney(caddieTotal)}</strong>
        </p>
      ) : null}
      <p className={styles.note}>{CADDIES_CASH_NOTE}</p>
    </div>
  );
}
