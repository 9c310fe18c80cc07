/**
 * The react-query client for REST calls and local data. Transient API errors (network, 5xx, 429) are
 * retried with backoff; errors the user must fix (401, 403, 400) are not.
 */
import { QueryClient } from '@tanstack/react-query';
import { isApiError, isTransient } from './errors';

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error)) return isTransient(error) && failureCount < 3;
  return failureCount < 1;
}

export function retryDelay(attempt: number, error: unknown): number {
  if (isApiError(error) && error.retryAfterSeconds !== null) return Math.min(60_000, error.retryAfterSeconds * 1000);
  return Math.min(30_000, 1000 * 2 ** attempt);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
