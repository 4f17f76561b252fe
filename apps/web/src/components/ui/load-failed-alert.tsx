import { LOAD_FAILED_FALLBACK, userMessage } from '@/lib/api-client';
import { Alert } from './alert';
import { Button } from './button';

/** A read that failed: what the server said (or 'Please try again.') and a button that asks again. */
export function LoadFailedAlert({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <Alert type="error" title={title}>
      <p>{userMessage(error, LOAD_FAILED_FALLBACK)}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
