import { useQuery } from '@tanstack/react-query';
import { CHECKIN_CHART_DAYS, type AdminMemberCheckinsDto } from '@app/shared';
import { api, read } from '@/lib/api';

/** GET /api/admin/members/:memberId/checkins?days=30: the member's trend and schedule, for their coach. */
export function useMemberCheckins(memberId: string) {
  return useQuery({
    queryKey: ['admin', 'members', memberId, 'checkins'],
    queryFn: (): Promise<AdminMemberCheckinsDto> =>
      read(
        api.admin.members[':memberId'].checkins.$get({
          param: { memberId: encodeURIComponent(memberId) },
          query: { days: String(CHECKIN_CHART_DAYS) },
        }),
      ),
    // A card per member on the Users screen: read once a minute at most, not on every focus.
    staleTime: 60_000,
  });
}
