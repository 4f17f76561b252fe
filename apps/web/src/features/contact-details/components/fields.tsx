import type { ReactNode } from 'react';
import styles from './fields.module.css';

type FieldProps = {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
  wide?: boolean;
  children: ReactNode;
};

/** Label, hint, control and error of one form field; the error is tied to the control by aria-describedby. */
export function Field({ id, label, error, hint, optional, wide, children }: FieldProps) {
  return (
    <div className={styles.field} data-wide={wide || undefined}>
      <label className={styles.label} htmlFor={id}>
        {label}
        {optional ? <span className={styles.optional}> (optional)</span> : null}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {children}
      <FieldError id={id} error={error} />
    </div>
  );
}

export function FieldError({ id, error }: { id: string; error?: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} className={styles.error}>
      <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <circle cx="8" cy="8" r="7" fill="currentColor" />
        <path d="M8 4.5v4.2M8 11v.1" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
      {error}
    </p>
  ) : null;
}

export const fieldStyles = styles;
