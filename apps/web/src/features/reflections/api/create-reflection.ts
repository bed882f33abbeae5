import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StrategicPromptDto } from '@app/shared';
import { requireMember, useMember } from '@/lib/member-api/member-api';
import { reflectionsQueryKey } from './get-reflections';

/**
 * POST /api/me/reflections; the list refreshes afterwards, and `onSaved` lets the
 * caller refresh what other features own (the activity figures).
 */
export function useCreateReflection(onSaved?: () => unknown) {
  const queryClient = useQueryClient();
  const member = useMember();
  return useMutation({
    mutationFn: ({ text, prompt }: { text: string; prompt: StrategicPromptDto | null }) =>
      requireMember(member).api.createReflection(text, prompt),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: reflectionsQueryKey(member?.userId) }), onSaved?.()]),
  });
}
