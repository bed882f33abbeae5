import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminStrategicPromptDto, StrategicPromptCreateInput, StrategicPromptUpdateInput } from '@app/shared';
import { api, read } from '@/lib/api';

// hono's client puts path parameters into the path as they are: encode them.
const byId = (id: string) => ({ param: { id: encodeURIComponent(id) } });

export const adminPromptsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'prompts'],
    queryFn: (): Promise<AdminStrategicPromptDto[]> => read(api.admin.prompts.$get()),
  });

export function useAdminPrompts() {
  return useQuery(adminPromptsQueryOptions());
}

/** Every change answers with the prompt (or what its deletion did); the list is then read again. */
function usePromptChange<Input, Output>(change: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminPromptsQueryOptions().queryKey }),
  });
}

export function useCreatePrompt() {
  return usePromptChange((input: StrategicPromptCreateInput) => read(api.admin.prompts.$post({ json: input })));
}

export function useUpdatePrompt() {
  return usePromptChange(({ id, changes }: { id: string; changes: StrategicPromptUpdateInput }) =>
    read(api.admin.prompts[':id'].$patch({ ...byId(id), json: changes })),
  );
}

export function useDeletePrompt() {
  return usePromptChange((id: string) => read(api.admin.prompts[':id'].$delete(byId(id))));
}
