import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_USERS_PAGE_SIZE, type AdminUserListDto } from '@app/shared';
import { api, read } from '@/lib/api';

export interface AdminUsersQuery {
  q: string;
  page: number;
}

export function getAdminUsers({ q, page }: AdminUsersQuery): Promise<AdminUserListDto> {
  return read(
    api.admin.users.$get({
      query: { ...(q && { q }), page: String(page), page_size: String(ADMIN_USERS_PAGE_SIZE) },
    }),
  );
}

/** One page of members (GET /api/admin/users); the previous page stays on screen while the next loads. */
export const adminUsersQueryOptions = (query: AdminUsersQuery) =>
  queryOptions({
    queryKey: ['admin', 'users', query],
    queryFn: () => getAdminUsers(query),
    placeholderData: keepPreviousData,
  });

export function useAdminUsers(query: AdminUsersQuery) {
  return useQuery(adminUsersQueryOptions(query));
}
