import { Spinner } from '../ui/spinner';
import styles from './page-loading.module.css';

/**
 * Fills the viewport while a route's code loads, keeping the footer below the fold: a footer that
 * appeared on screen and was then pushed down by the page would count as a layout shift.
 */
export function PageLoading({ label }: { label?: string }) {
  return (
    <div className={styles.loading}>
      <Spinner size="lg" label={label} />
    </div>
  );
}
