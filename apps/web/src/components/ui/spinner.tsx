import styles from './spinner.module.css';

export type SpinnerVariant = 'default' | 'light' | 'dark';
export type SpinnerSize = 'sm' | 'md' | 'lg';

export type SpinnerProps = {
  /** `light` for dark backgrounds, `dark` for pale ones without the brand colour. */
  variant?: SpinnerVariant;
  size?: SpinnerSize;
  /** Visible text beside the spinner; without it screen readers still hear "Loading". */
  label?: string;
  className?: string;
};

export function Spinner({ variant = 'default', size = 'md', label, className }: SpinnerProps) {
  const classes = [styles.spinner, styles[variant], styles[size], `spinner-${size}`, className]
    .filter(Boolean)
    .join(' ');
  return (
    <span role="status" className={classes} data-variant={variant} data-size={size}>
      <span className={styles.circle} aria-hidden="true" />
      {label ? (
        <span className={styles.label}>{label}</span>
      ) : (
        <span className="visually-hidden">Loading</span>
      )}
    </span>
  );
}
