import type { ReactNode } from 'react';
import { CheckIcon } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import { type BookingStepNumber, bookingSteps } from '../booking-steps';
import styles from './step-bar.module.css';

type StepBarProps = {
  current: BookingStepNumber;
  /** Kept in sight under the steps while the form scrolls: the reservation countdown. */
  children?: ReactNode;
};

/** Numbered progress through the three steps; only earlier steps are links (back, never forward). */
export function StepBar({ current, children }: StepBarProps) {
  return (
    <div className={styles.bar}>
      <nav aria-label="Booking progress">
        <ol className={`container ${styles.list}`}>
          {bookingSteps.map((step) => {
            const state =
              step.number < current ? 'complete' : step.number === current ? 'current' : 'upcoming';
            const content = (
              <>
                <span className={styles.circle} aria-hidden="true">
                  {state === 'complete' ? <CheckIcon /> : step.number}
                </span>
                <span>
                  <span className="visually-hidden">Step {step.number}: </span>
                  <span className={styles.full}>{step.label}</span>
                  <span className={styles.short}>{step.shortLabel}</span>
                  {state === 'complete' ? <span className="visually-hidden"> (completed)</span> : null}
                </span>
              </>
            );
            return (
              <li key={step.number} className={styles.item}>
                {state === 'complete' ? (
                  <Link to={step.path} className={`${styles.step} ${styles.complete}`}>
                    {content}
                  </Link>
                ) : (
                  <span
                    className={`${styles.step} ${state === 'current' ? styles.current : ''}`}
                    aria-current={state === 'current' ? 'step' : undefined}
                  >
                    {content}
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      </nav>
      {children ? (
        <div className={`container ${styles.extra}`} data-countdown>
          {children}
        </div>
      ) : null}
    </div>
  );
}
