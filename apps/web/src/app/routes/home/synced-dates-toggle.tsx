import { useId } from 'react';
import stepStyles from './steps.module.css';
import styles from './tee-times-step.module.css';

export const SYNCED_DATES_LABEL = 'Play all courses on the same date';

/** A switch: when on, picking a day on one course picks it on every course (tee times stay per course). */
export function SyncedDatesToggle({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const hintId = useId();
  return (
    <div className={styles.sync}>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={hintId}
        className={styles.switch}
        onClick={() => onChange(!checked)}
      >
        <span className={styles.track} aria-hidden="true">
          <span className={styles.thumb} />
        </span>
        <span className={styles['switch-label']}>{SYNCED_DATES_LABEL}</span>
      </button>
      <p id={hintId} className={stepStyles.hint}>
        {checked
          ? 'Picking a day on one course picks it for every course. Tee times are still chosen course by course.'
          : 'Each course has its own date.'}
      </p>
    </div>
  );
}
