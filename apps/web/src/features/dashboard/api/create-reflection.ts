import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReflectionCreateInput, ReflectionDto, StrategicPromptDto } from '@app/shared';
import { api, read } from '@/lib/api';
import { addDemoReflection, DEMO_USER_ID } from '@/lib/demo/demo-store';

export function createReflection(input: ReflectionCreateInput): Promise<ReflectionDto> {
  return read(api.me.reflections.$post({ json: input }));
}

/** POST /api/me/reflections; the list and the activity figures refresh afterwards. */
export function useCreateReflection(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ text, prompt }: { text: string; prompt: StrategicPromptDto | null }) =>
      userId === DEMO_USER_ID
        ? Promise.resolve(addDemoReflection(text, prompt))
        : createReflection({ reflection_text: text, strategic_prompt_id: prompt?.id ?? null }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['me', userId, 'reflections'] }),
        queryClient.invalidateQueries({ queryKey: ['me', userId, 'analytics'] }),
      ]),
  });
}
