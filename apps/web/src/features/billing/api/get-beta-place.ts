import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { setBetaPlaces } from '@/lib/beta-places';
import { requireMember, useMember } from '@/lib/member-api/member-api';

/** The beta places' query key; this module owns it. */
export const betaPlaceQueryKey = (userId: string | undefined) => ['me', userId, 'beta-place'] as const;

/** GET /api/me/beta-place: the Free Beta Access places left (BETA_SEATS), and whether the member holds one. */
export function useBetaPlace() {
  const member = useMember();
  return useQuery(
    queryOptions({
      queryKey: betaPlaceQueryKey(member?.userId),
      queryFn: async () => {
        const place = await requireMember(member).api.getBetaPlace();
        // The public pages show the same figure (decision 038).
        setBetaPlaces(place);
        return place;
      },
      enabled: Boolean(member),
    }),
  );
}

/** For screens that changed the member's plan: the places left may have changed too. */
export function useRefreshBetaPlace() {
  const queryClient = useQueryClient();
  const userId = useMember()?.userId;
  return () => queryClient.invalidateQueries({ queryKey: betaPlaceQueryKey(userId) });
}
