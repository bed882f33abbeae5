import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WeeklySummaryDto } from '@app/shared';
import { read } from '@/lib/api-request';
import { useMember, type Member } from '@/lib/member-api/member-api';

/**
 * The typed client, loaded with the first call (as the member adapter does):
 * the dashboard's start-up chunk need not carry hono's client for this card.
 */
const client = () => import('@/lib/api').then((module) => module.api);

/** The query keys this module owns. */
const summariesQueryKey = (userId: string | undefined) => ['me', userId, 'summaries'] as const;
const summaryQueryKey = (userId: string | undefined, id: string) => ['me', userId, 'summaries', id] as const;

/**
 * GET /api/me/summaries: the member's kept weekly summaries, newest first (a
 * year at most). A demo visitor has none: summaries are written by the
 * server at the end of a real week.
 */
const summariesQueryOptions = (member: Member | null) =>
  queryOptions({
    queryKey: summariesQueryKey(member?.userId),
    queryFn: async (): Promise<WeeklySummaryDto[]> => {
      if (!member || member.demo) return [];
      return (await read((await client()).me.summaries.$get({ query: {} }))).summaries;
    },
    enabled: Boolean(member),
  });

export function useWeeklySummaries() {
  return useQuery(summariesQueryOptions(useMember()));
}

/**
 * GET /api/me/summaries/:id: the summary a chat message is about. A summary
 * that "Your week" has not listed yet (it arrived while the dashboard was
 * open) makes the list read again, so the card the message links to shows it.
 */
export function useWeeklySummary(summaryId: string) {
  const member = useMember();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: summaryQueryKey(member?.userId, summaryId),
    queryFn: async (): Promise<WeeklySummaryDto> => {
      const summary = await read(
        (await client()).me.summaries[':summaryId'].$get({ param: { summaryId: encodeURIComponent(summaryId) } }),
      );
      const listKey = summariesQueryKey(member?.userId);
      const listed = queryClient.getQueryData<WeeklySummaryDto[]>(listKey);
      if (listed && !listed.some((s) => s.id === summary.id))
        void queryClient.invalidateQueries({ queryKey: listKey, exact: true });
      return summary;
    },
    enabled: Boolean(member) && !member?.demo,
  });
}

/** GET /api/admin/members/:memberId/summaries?limit=1: a member's last summary for the admin, or null. */
export function useMemberLastSummary(memberId: string) {
  return useQuery({
    queryKey: ['admin', 'members', memberId, 'summaries', 'last'],
    queryFn: async (): Promise<WeeklySummaryDto | null> => {
      const { api } = await import('@/lib/api');
      const body = await read(
        api.admin.members[':memberId'].summaries.$get({
          param: { memberId: encodeURIComponent(memberId) },
          query: { limit: '1' },
        }),
      );
      return body.summaries[0] ?? null;
    },
  });
}
