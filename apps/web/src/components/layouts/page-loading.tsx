import { Spinner } from '../ui/spinner';

/** Holds the main area's height while a route's code loads, so the footer does not jump. */
export function PageLoading({ label }: { label?: string }) {
  return (
    <div style={{ minHeight: '60vh', display: 'grid', placeItems: 'center' }}>
      <Spinner size="lg" label={label} />
    </div>
  );
}
