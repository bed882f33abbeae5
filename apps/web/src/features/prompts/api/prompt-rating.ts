import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requireMember, useMember, type Member } from '@/lib/member-api/member-api';

/** A prompt rating's query key; this module owns it. */
export const promptRatingQueryKey = (userId: string | undefined, promptId: string | undefined) =>
  ['me', userId, 'prompt-rating', promptId] as const;

/** The member's 1–5 rating of a prompt (one per member and prompt, FOUNDING-DESIGN §4). */
export const promptRatingQueryOptions = (member: Member | null, promptId: string | undefined) =>
  queryOptions({
    queryKey: promptRatingQueryKey(member?.userId, promptId),
    queryFn: () => requireMember(member).api.getPromptRating(promptId!),
    enabled: Boolean(member && promptId),
  });

export function usePromptRating(promptId: string | undefined) {
  return useQuery(promptRatingQueryOptions(useMember(), promptId));
}

export function useRatePrompt(promptId: string | undefined) {
  const queryClient = useQueryClient();
  const member = useMember();
  return useMutation({
    mutationFn: (rating: number) => requireMember(member).api.ratePrompt(promptId!, rating),
    onSuccess: (rating) => queryClient.setQueryData(promptRatingQueryKey(member?.userId, promptId), rating),
  });
}
