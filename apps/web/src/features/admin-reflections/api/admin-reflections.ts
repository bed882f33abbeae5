import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminReflectionDto, PagedDto } from '@app/shared';
import { api, read } from '@/lib/api';

export const adminReflectionsQueryOptions = (search: string, page: number) =>
  queryOptions({
    queryKey: ['admin', 'reflections', search, page],
    queryFn: (): Promise<PagedDto<AdminReflectionDto>> =>
      read(api.admin.reflections.$get({ query: { q: search, page: String(page) } })),
    placeholderData: keepPreviousData,
  });

/** Every member's reflections, newest first, matching the search (docs/product.md#admin-back-office). */
export function useAdminReflections(search: string, page: number) {
  return useQuery(adminReflectionsQueryOptions(search, page));
}
