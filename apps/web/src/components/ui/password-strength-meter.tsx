import { PASSWORD_SYMBOLS, passwordStrength } from '@links/shared/password-strength';
import styles from './password-strength-meter.module.css';

type PasswordStrengthMeterProps = { password: string; minLength: number; id?: string };

/**
 * The four-segment meter and the criteria checklist of spec section 5 ("Password strength criteria"). The
 * rules and texts come from @links/shared/password-strength, which the API enforces too.
 */
export function PasswordStrengthMeter({ password, minLength, id }: PasswordStrengthMeterProps) {
  const { score, message, criteria } = passwordStrength(password, minLength);
  const items = [
    { met: criteria.length, text: `At least ${minLength} characters` },
    { met: criteria.upperAndLower, text: 'Upper and lower case letters' },
    { met: criteria.digit, text: 'A number' },
    { met: criteria.symbol, text: `A symbol from ${PASSWORD_SYMBOLS}` },
  ];
  return (
    <div className={styles.meter} id={id} data-score={score}>
      <div className={styles.segments} aria-hidden="true">
        {[1, 2, 3, 4].map((segment) => (
          <span key={segment} className={segment <= score ? styles.lit : undefined} />
        ))}
      </div>
      <p className={styles.message} aria-live="polite">
        {message ?? 'Your password must include:'}
      </p>
      <ul className={styles.criteria}>
        {items.map((item) => (
          <li key={item.text} data-met={item.met}>
            <span aria-hidden="true" className={styles.mark}>
              {item.met ? '✓' : '•'}
            </span>
            {item.text}
            <span className="visually-hidden">{item.met ? ' (done)' : ' (not yet)'}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
