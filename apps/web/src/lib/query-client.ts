import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Client errors and maintenance will answer the same on a retry; only transient failures are retried. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status !== 0 && (error.status < 500 || error.status === 503))
    return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 60_000 },
      mutations: { retry: false },
    },
  });
}
