import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { buttonClassName } from '@/components/ui/button';
import { HourglassIcon } from './countdown-icons';
import styles from './expired-overlay.module.css';

export const EXPIRED_TITLE = 'Oh no, you ran out of time';
export const START_NEW_BOOKING = 'Start a new booking';

type ExpiredOverlayProps = { onStartNew: () => void };

/**
 * Spec section 2: the full-screen overlay once the hold has run out. It cannot be dismissed (the booking is gone);
 * the page behind is inert and its one button is focused, so keyboard and screen-reader users land on it.
 */
export function ExpiredOverlay({ onStartNew }: ExpiredOverlayProps) {
  const titleId = useId();
  const textId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    buttonRef.current?.focus();
    const app = document.getElementById('root');
    const wasInert = app?.inert ?? false;
    if (app) app.inert = true;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      if (app) app.inert = wasInert;
      document.body.style.overflow = overflow;
    };
  }, []);

  // One control: Tab stays on it.
  const keepFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab') return;
    event.preventDefault();
    buttonRef.current?.focus();
  };

  return createPortal(
    <div className={styles.backdrop}>
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        className={styles.dialog}
        onKeyDown={keepFocus}
      >
        <span className={styles.badge} aria-hidden="true">
          <HourglassIcon />
        </span>
        <h2 id={titleId} className={styles.title}>
          {EXPIRED_TITLE}
        </h2>
        <div id={textId} className={styles.text}>
          <p>
            The ten minutes we held your tee times for have passed, so this booking can no longer be
            completed.
          </p>
          <p>
            Your tee times will be released to the public in one minute. Start a new booking to choose your
            times again.
          </p>
        </div>
        <button
          ref={buttonRef}
          type="button"
          className={buttonClassName({ size: 'lg', block: true })}
          onClick={onStartNew}
        >
          {START_NEW_BOOKING}
        </button>
      </div>
    </div>,
    document.body,
  );
}
