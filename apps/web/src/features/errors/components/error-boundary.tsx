import type { ReactNode } from 'react';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import { LazyErrorPage } from './lazy-error-page';

/**
 * Shows the error page when a page throws while rendering, keeping the header and footer. Mount it with a key
 * per location so moving to another page starts clean.
 */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary fallback={<LazyErrorPage />}>{children}</ErrorBoundary>;
}
