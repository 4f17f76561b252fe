import { LOAD_FAILED_FALLBACK, userMessage } from '@/lib/api-client';
import { Alert } from './alert';
import { Button } from './button';

/** A read that failed: what the server said (or 'Please try again.') and a button that asks again. */
export function LoadFailedAlert({
  title,
  query,
}: {
  title: string;
  /** The failed query: its error, and its refetch for the button. */
  query: { error: unknown; refetch: () => unknown };
}) {
  return (
    <Alert type="error" title={title}>
      <p>{userMessage(query.error, LOAD_FAILED_FALLBACK)}</p>
      <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
        Try again
      </Button>
    </Alert>
  );
}
