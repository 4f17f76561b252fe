import { useEffect, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import styles from './restaurant-widget.module.css';

/** Spec section 9: the widget's iframe is added 300 ms after the modal opens. */
export const WIDGET_DELAY_MS = 300;
/** An iframe that has not loaded by then is treated as failed. */
export const WIDGET_TIMEOUT_MS = 15_000;
export const WIDGET_LOADING_TEXT = 'Loading booking widget...';
export const WIDGET_FAILED_TEXT = 'Failed to load iframe';

type WidgetState = 'waiting' | 'loading' | 'failed';

type RestaurantWidgetProps = {
  url: string;
  title: string;
  /** Where a table can be booked without the widget (the restaurants page), offered when it fails. */
  fallbackUrl: string;
};

/** The third-party table booking widget, shown inside the modal. */
export function RestaurantWidget({ url, title, fallbackUrl }: RestaurantWidgetProps) {
  const [state, setState] = useState<WidgetState>('waiting');
  const [frameLoaded, setFrameLoaded] = useState(false);
  const [reachable, setReachable] = useState(false);
  const loaded = frameLoaded && reachable;

  useEffect(() => {
    const timer = window.setTimeout(() => setState('loading'), WIDGET_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  // A frame fires `load` for the browser's own error page too (and never an error event), so whether the widget's
  // server answered at all is asked beside it: an opaque request that fails only when nothing answers.
  useEffect(() => {
    if (state !== 'loading') return;
    const controller = new AbortController();
    fetch(url, { mode: 'no-cors', credentials: 'omit', cache: 'no-store', signal: controller.signal }).then(
      () => setReachable(true),
      () => {
        if (!controller.signal.aborted) setState('failed');
      },
    );
    return () => controller.abort();
  }, [state, url]);

  useEffect(() => {
    if (state !== 'loading' || loaded) return;
    const timer = window.setTimeout(() => setState('failed'), WIDGET_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [state, loaded]);

  if (state === 'failed') {
    return (
      <div className={styles.widget}>
        <div role="alert" className={styles.failed}>
          <p className={styles['failed-title']}>{WIDGET_FAILED_TEXT}</p>
          <p>
            You can still book a table on{' '}
            <a href={fallbackUrl} target="_blank" rel="noreferrer">
              our restaurants page<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
            .
          </p>
        </div>
      </div>
    );
  }

  return (
    <div className={styles.widget}>
      {loaded ? null : (
        <div className={styles.status}>
          <Spinner label={WIDGET_LOADING_TEXT} />
        </div>
      )}
      {state === 'loading' ? (
        <iframe
          className={styles.frame}
          data-loaded={loaded || undefined}
          src={url}
          title={title}
          loading="eager"
          referrerPolicy="strict-origin-when-cross-origin"
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
          onLoad={() => setFrameLoaded(true)}
        />
      ) : null}
    </div>
  );
}
