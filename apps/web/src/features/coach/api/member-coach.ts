import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CoachMemoryDto, MemberCoachDto } from '@app/shared';
import { requireMember, useMember, type Member } from '@/lib/member-api/member-api';

/** The query keys this module owns: who answers the member, and what the coach remembers. */
const memberCoachQueryKey = (userId: string | undefined) => ['me', userId, 'coach'] as const;
const coachMemoryQueryKey = (userId: string | undefined) => ['me', userId, 'coach', 'memory'] as const;

const memberCoachQueryOptions = (member: Member | null) =>
  queryOptions({
    queryKey: memberCoachQueryKey(member?.userId),
    queryFn: (): Promise<MemberCoachDto> => requireMember(member).api.getCoach(),
    enabled: Boolean(member),
  });

/** GET /api/me/coach: who answers the member's next message, the AI coach or a person. */
export function useMemberCoach() {
  return useQuery(memberCoachQueryOptions(useMember()));
}

/** Reads who answers again (an `automation` frame said the conversation's state changed, a message was sent). */
export function useRefreshMemberCoach(): () => Promise<void> {
  const queryClient = useQueryClient();
  const member = useMember();
  return () => queryClient.invalidateQueries({ queryKey: memberCoachQueryKey(member?.userId), exact: true });
}

/** POST /api/me/coach/human: "Talk to a person". The answer is the new MemberCoachDto, cached at once. */
export function useTalkToPerson() {
  const member = useMember();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requireMember(member).api.askForPerson(),
    onSuccess: (coach) => queryClient.setQueryData(memberCoachQueryKey(member?.userId), coach),
  });
}

/** GET /api/me/coach/memory: what the coach remembers about the member, and what else it reads. */
export function useCoachMemory() {
  const member = useMember();
  return useQuery({
    queryKey: coachMemoryQueryKey(member?.userId),
    queryFn: (): Promise<CoachMemoryDto> => requireMember(member).api.getCoachMemory(),
    enabled: Boolean(member),
  });
}

/** DELETE /api/me/coach/memory: forgets the summary and the notes; what it reads stays listed. */
export function useForgetCoachMemory() {
  const member = useMember();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requireMember(member).api.forgetCoachMemory(),
    onSuccess: () =>
      queryClient.setQueryData<CoachMemoryDto>(coachMemoryQueryKey(member?.userId), (memory) =>
        memory ? { ...memory, summary: null, notes: [] } : memory,
      ),
  });
}
