import type { ReactNode } from 'react';
import { CheckIcon } from '../../../components/ui/icons';
import { hideBrokenImage } from '../../../lib/hide-broken-image';
import type { BookingStepNumber } from '../booking-steps';
import styles from './booking-shell.module.css';
import { StepBar } from './step-bar';

type BookingShellProps = {
  step: BookingStepNumber;
  /** The step's heading, the page's one h1. */
  heading: string;
  eyebrow: string;
  lead: string;
  /** Banners above the step content: errors, maintenance, the reservation countdown. */
  alerts?: ReactNode;
  children: ReactNode;
};

/** The frame shared by the three booking steps: hero heading, sticky step bar, banners, content. */
export function BookingShell({ step, heading, eyebrow, lead, alerts, children }: BookingShellProps) {
  return (
    <>
      <section className={`on-dark ${styles.hero}`} aria-labelledby="booking-heading">
        <img
          className={styles['hero-image']}
          src="/images/hero.webp"
          srcSet="/images/hero-640.webp 960w, /images/hero.webp 2400w"
          sizes="100vw"
          width={2400}
          height={1200}
          alt=""
          fetchPriority="high"
          decoding="async"
          onError={hideBrokenImage}
        />
        <div className={`container ${styles['hero-inner']}`}>
          <p className={styles.eyebrow}>{eyebrow}</p>
          <h1 id="booking-heading" className={styles.title}>
            {heading}
          </h1>
          <p className={styles.lead}>{lead}</p>
          <ul className={styles.facts}>
            <li>
              <CheckIcon /> Up to four golfers
            </li>
            <li>
              <CheckIcon /> Three links courses
            </li>
            <li>
              <CheckIcon /> Secure card payment
            </li>
          </ul>
        </div>
      </section>
      <StepBar current={step} />
      <div className="container">
        <div className={styles.alerts}>{alerts}</div>
        <div className={styles.content}>{children}</div>
      </div>
    </>
  );
}
