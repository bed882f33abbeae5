import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditLogPageDto } from '@app/shared';
import { api, read } from '@/lib/api';

export function getAuditLog(userId: string | undefined, page: number): Promise<AuditLogPageDto> {
  return read(api.admin['audit-log'].$get({ query: { ...(userId && { user_id: userId }), page: String(page) } }));
}

/** GET /api/admin/audit-log, newest first; for one member when `userId` is given (decision 024). */
export const auditLogQueryOptions = (userId: string | undefined, page: number) =>
  queryOptions({
    queryKey: ['admin', 'audit-log', userId ?? 'all', page],
    queryFn: () => getAuditLog(userId, page),
  });

export function useAuditLog(userId: string | undefined, page: number, enabled = true) {
  return useQuery({ ...auditLogQueryOptions(userId, page), enabled });
}
