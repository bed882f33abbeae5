import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminTrackerFeedbackOverviewDto } from '@app/shared';
import { api, read } from '@/lib/api';

export const adminTrackerFeedbackQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'tracker-feedback', page],
    queryFn: (): Promise<AdminTrackerFeedbackOverviewDto> =>
      read(api.admin['tracker-feedback'].$get({ query: { page: String(page) } })),
    placeholderData: keepPreviousData,
  });

/** The summary and one page of comments (docs/product.md#admin-back-office). */
export function useAdminTrackerFeedback(page: number) {
  return useQuery(adminTrackerFeedbackQueryOptions(page));
}
