import type { ReactNode } from 'react';
import styles from './alert.module.css';
import { CheckCircleIcon, CloseIcon, ErrorIcon, EyeIcon, InfoIcon, WarningIcon } from './icons';

export type AlertType = 'info' | 'success' | 'warning' | 'view-only' | 'alert' | 'error';

const icons: Record<AlertType, typeof InfoIcon> = {
  info: InfoIcon,
  success: CheckCircleIcon,
  warning: WarningIcon,
  'view-only': EyeIcon,
  alert: WarningIcon,
  error: ErrorIcon,
};

const typeClass: Record<AlertType, string | undefined> = {
  info: styles.info,
  success: styles.success,
  warning: styles.warning,
  'view-only': styles['view-only'],
  alert: styles['alert-type'],
  error: styles.error,
};

export type AlertProps = {
  type?: AlertType;
  title?: ReactNode;
  children?: ReactNode;
  /** When given, a dismiss button is shown and calls it. */
  onDismiss?: () => void;
  dismissLabel?: string;
  className?: string;
  id?: string;
};

/**
 * Problems that need attention now (error, alert) are announced assertively with role=alert;
 * the other types are polite status messages.
 */
export function Alert({
  type = 'info',
  title,
  children,
  onDismiss,
  dismissLabel = 'Dismiss message',
  className,
  id,
}: AlertProps) {
  const Icon = icons[type];
  const role = type === 'error' || type === 'alert' ? 'alert' : 'status';
  return (
    <div
      id={id}
      role={role}
      data-type={type}
      className={[styles.alert, typeClass[type], className].filter(Boolean).join(' ')}
    >
      <Icon className={styles.icon} />
      <div className={styles.body}>
        {title ? <p className={styles.title}>{title}</p> : null}
        {children ? <div className={styles.content}>{children}</div> : null}
      </div>
      {onDismiss ? (
        <button type="button" className={styles.dismiss} onClick={onDismiss} aria-label={dismissLabel}>
          <CloseIcon />
        </button>
      ) : (
        <span />
      )}
    </div>
  );
}
