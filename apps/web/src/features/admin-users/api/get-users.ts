import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  ADMIN_USERS_PAGE_SIZE,
  type AdminActivityFilter,
  type AdminPlanFilter,
  type AdminUserListDto,
} from '@app/shared';
import { api, read } from '@/lib/api';

export interface AdminUsersQuery {
  q: string;
  page: number;
  /** Decision 060; 'all' (or absent) is no filter. */
  plan?: AdminPlanFilter | 'all';
  status?: 'active' | 'inactive' | 'all';
  activity?: AdminActivityFilter | 'all';
}

export function getAdminUsers({ q, page, plan, status, activity }: AdminUsersQuery): Promise<AdminUserListDto> {
  return read(
    api.admin.users.$get({
      query: {
        ...(q && { q }),
        ...(plan && plan !== 'all' && { plan }),
        ...(status && status !== 'all' && { status }),
        ...(activity && activity !== 'all' && { activity }),
        page: String(page),
        page_size: String(ADMIN_USERS_PAGE_SIZE),
      },
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
