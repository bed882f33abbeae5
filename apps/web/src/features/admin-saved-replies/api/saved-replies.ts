import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedReplyDto } from '@app/shared';
import { api, read } from '@/lib/api';

// hono's client puts path parameters into the path as they are: encode them.
const byId = (id: string) => ({ param: { id: encodeURIComponent(id) } });

const savedRepliesQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'saved-replies'],
    queryFn: (): Promise<SavedReplyDto[]> => read(api.admin['saved-replies'].$get()),
    // The picker opens many times a session: the library is read again only after a minute.
    staleTime: 60_000,
  });

/** GET /api/admin/saved-replies: the whole library, by title. */
export function useSavedReplies() {
  return useQuery(savedRepliesQueryOptions());
}

/** Every change is followed by a fresh read of the library. */
function useLibraryChange<Input, Output>(change: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedRepliesQueryOptions().queryKey }),
  });
}

export function useCreateSavedReply() {
  return useLibraryChange((json: { title: string; body: string }) => read(api.admin['saved-replies'].$post({ json })));
}

export function useUpdateSavedReply() {
  return useLibraryChange(({ id, changes }: { id: string; changes: { title?: string; body?: string } }) =>
    read(api.admin['saved-replies'][':id'].$patch({ ...byId(id), json: changes })),
  );
}

export function useDeleteSavedReply() {
  return useLibraryChange((id: string) => read(api.admin['saved-replies'][':id'].$delete(byId(id))));
}
