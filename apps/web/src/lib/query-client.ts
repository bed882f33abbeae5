import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-request';

/** A 4xx answer will not change by asking again; network and 5xx failures might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}

let shared: QueryClient | undefined;

/**
 * The one query cache of the app, created with the first screen that uses queries
 * (components/query-scope.tsx): the marketing pages never load the query library.
 */
export function sharedQueryClient(): QueryClient {
  return (shared ??= createQueryClient());
}
