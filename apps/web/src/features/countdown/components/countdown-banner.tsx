import { countdownTone, describeRemaining, formatRemaining } from '../countdown';
import styles from './countdown-banner.module.css';
import { AlarmIcon, ClockIcon } from './countdown-icons';

type CountdownBannerProps = { remaining: number };

/** What a screen reader hears, once, as each threshold is crossed (the ticking display itself stays silent). */
function thresholdNotice(remaining: number): string {
  const tone = countdownTone(remaining);
  if (tone === 'critical') return 'Less than one minute left to complete your booking.';
  if (tone === 'urgent') return 'Less than two minutes left to complete your booking.';
  return '';
}

/** The reservation countdown of spec section 4: red under two minutes, an alarm icon under one. */
export function CountdownBanner({ remaining }: CountdownBannerProps) {
  const tone = countdownTone(remaining);
  const Icon = tone === 'critical' ? AlarmIcon : ClockIcon;
  return (
    <div className={styles.banner} data-tone={tone}>
      <Icon className={styles.icon} data-icon={tone === 'critical' ? 'alarm' : 'clock'} />
      <p className={styles.text}>
        <span className={styles.label}>Your tee times are reserved for</span>{' '}
        <span role="timer" className={styles.time} aria-label={describeRemaining(remaining)}>
          {formatRemaining(remaining)}
        </span>
      </p>
      <p className={styles.hint}>Complete your booking before the timer runs out.</p>
      <p className="visually-hidden" aria-live="polite">
        {thresholdNotice(remaining)}
      </p>
    </div>
  );
}
