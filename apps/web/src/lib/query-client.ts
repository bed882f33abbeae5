import { QueryClient, type InvalidateOptions, type InvalidateQueryFilters, type QueryKey } from '@tanstack/react-query';
import { ApiError } from './api-request';

/** A 4xx answer will not change by asking again; network and 5xx failures might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * The app's query client. Screens call `invalidateQueries` after a change is saved, to read
 * the change back. TanStack Query answers that with a read already in flight when the query
 * has no data yet (its first read, or the first read of a new search), and that read may have
 * begun before the change was saved: the screen would then show the old state until something
 * else refreshed it (an admin's card kept "Nothing given" after the team gave a pass, while a
 * search was loading). So reads in flight are cancelled first, and the refresh always reads
 * after the change.
 */
class FreshAfterChangeQueryClient extends QueryClient {
  override async invalidateQueries<TTaggedQueryKey extends QueryKey = QueryKey>(
    filters?: InvalidateQueryFilters<TTaggedQueryKey>,
    options?: InvalidateOptions,
  ): Promise<void> {
    // With refetchType 'none' nothing reads again, so a read in flight is the only read there will be.
    if (filters?.refetchType !== 'none') await this.cancelQueries(filters);
    return super.invalidateQueries(filters, options);
  }
}

export function createQueryClient(): QueryClient {
  return new FreshAfterChangeQueryClient({
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
