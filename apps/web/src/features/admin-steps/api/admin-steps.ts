import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminStepTemplateDto,
  MemberStepsDto,
  StepTemplateCreateInput,
  StepTemplateUpdateInput,
} from '@app/shared';
import { api, read } from '@/lib/api';

// hono's client puts path parameters into the path as they are: encode them.
const byId = (id: string) => ({ param: { id: encodeURIComponent(id) } });

const stepLibraryQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'step-templates'],
    queryFn: (): Promise<AdminStepTemplateDto[]> => read(api.admin['step-templates'].$get()),
  });

/** GET /api/admin/step-templates: the whole library, by focus area, regular to smallest. */
export function useStepLibrary() {
  return useQuery(stepLibraryQueryOptions());
}

/** Every change answers with the step; the library is then read again. */
function useLibraryChange<Input, Output>(change: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: stepLibraryQueryOptions().queryKey }),
  });
}

export function useCreateStepTemplate() {
  return useLibraryChange((input: StepTemplateCreateInput) => read(api.admin['step-templates'].$post({ json: input })));
}

export function useUpdateStepTemplate() {
  return useLibraryChange(({ id, changes }: { id: string; changes: StepTemplateUpdateInput }) =>
    read(api.admin['step-templates'][':id'].$patch({ ...byId(id), json: changes })),
  );
}

/** GET /api/admin/members/:memberId/steps: a member's current step and history, for their coach. */
export function useMemberStepsForAdmin(memberId: string) {
  return useQuery({
    queryKey: ['admin', 'members', memberId, 'steps'],
    queryFn: (): Promise<MemberStepsDto> =>
      read(api.admin.members[':memberId'].steps.$get({ param: { memberId: encodeURIComponent(memberId) } })),
  });
}
