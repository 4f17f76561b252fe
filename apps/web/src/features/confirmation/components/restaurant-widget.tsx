import { useEffect, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import styles from './restaurant-widget.module.css';

/** Spec section 9: the widget's iframe is added 300 ms after the modal opens. */
export const WIDGET_DELAY_MS = 300;
/** An iframe that has not loaded by then is treated as failed: frames fire no error event. */
export const WIDGET_TIMEOUT_MS = 15_000;
export const WIDGET_LOADING_TEXT = 'Loading booking widget...';
export const WIDGET_FAILED_TEXT = 'Failed to load iframe';

type WidgetState = 'waiting' | 'loading' | 'loaded' | 'failed';

/** The third-party table booking widget, shown inside the modal. */
export function RestaurantWidget({ url, title }: { url: string; title: string }) {
  const [state, setState] = useState<WidgetState>('waiting');

  useEffect(() => {
    const timer = window.setTimeout(() => setState('loading'), WIDGET_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (state !== 'loading') return;
    const timer = window.setTimeout(() => setState('failed'), WIDGET_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  return (
    <div className={styles.widget}>
      {state === 'waiting' || state === 'loading' ? (
        <div className={styles.status}>
          <Spinner label={WIDGET_LOADING_TEXT} />
        </div>
      ) : null}
      {state === 'failed' ? (
        <p role="alert" className={styles.failed}>
          {WIDGET_FAILED_TEXT}
        </p>
      ) : null}
      {state === 'loading' || state === 'loaded' ? (
        <iframe
          className={styles.frame}
          data-loaded={state === 'loaded' || undefined}
          src={url}
          title={title}
          loading="eager"
          referrerPolicy="strict-origin-when-cross-origin"
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
          onLoad={() => setState((current) => (current === 'loading' ? 'loaded' : current))}
        />
      ) : null}
    </div>
  );
}
