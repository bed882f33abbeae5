import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOverviewDto } from '@app/shared';
import { api, read } from '@/lib/api';

export function getAdminOverview(): Promise<AdminOverviewDto> {
  return read(api.admin.overview.$get());
}

/** GET /api/admin/overview: the five figures, the recent activity and the two 30-day series. */
export const adminOverviewQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'overview'], queryFn: getAdminOverview, staleTime: 30_000 });

export function useAdminOverview() {
  return useQuery(adminOverviewQueryOptions());
}
