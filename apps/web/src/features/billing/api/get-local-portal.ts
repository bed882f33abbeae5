import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LocalPortalDto } from '@app/shared';
import { api, read } from '@/lib/api';
import { useMember } from '@/lib/member-api/member-api';

export const localPortalQueryKey = (userId: string | undefined) => ['me', userId, 'local-portal'] as const;

/** GET /api/local-payments/portal: the member's subscription as the local provider sees it (null: none). */
export const getLocalPortal = (): Promise<LocalPortalDto | null> => read(api['local-payments'].portal.$get());

export function useLocalPortal() {
  const userId = useMember()?.userId;
  return useQuery(
    queryOptions({ queryKey: localPortalQueryKey(userId), queryFn: getLocalPortal, enabled: Boolean(userId) }),
  );
}
