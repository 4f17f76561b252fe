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
    { key: 'length', met: criteria.length, text: `At least ${minLength} characters` },
    { key: 'case', met: criteria.upperAndLower, text: 'Upper and lower case letters' },
    { key: 'digit', met: criteria.digit, text: 'A number' },
    {
      key: 'symbol',
      met: criteria.symbol,
      // The symbols are one unit: a line may break before them, never among them.
      text: (
        <>
          A symbol from <span className={styles.symbols}>{PASSWORD_SYMBOLS}</span>
        </>
      ),
    },
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
          <li key={item.key} data-met={item.met} className={item.key === 'symbol' ? styles.wide : undefined}>
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
