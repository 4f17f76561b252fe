import { useBrowserCheck } from './browser-check-notice';
import styles from './browser-check-status.module.css';

export const BROWSER_CHECK_MESSAGE =
  'One moment: your browser is completing a quick security check before we hold your tee times.';

/**
 * Says what is happening while a browser check runs (usually a second or two): a polite live region that is always
 * in the page, so screen readers announce the message when it appears.
 */
export function BrowserCheckStatus() {
  const checking = useBrowserCheck();
  return (
    <div role="status" aria-live="polite" className={checking ? styles.toast : styles.idle}>
      {checking ? BROWSER_CHECK_MESSAGE : null}
    </div>
  );
}
