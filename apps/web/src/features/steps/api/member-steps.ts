import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemberStepsDto, StepAction, StepActionResultDto } from '@app/shared';
import { api, read } from '@/lib/api';
import { useMember } from '@/lib/member-api/member-api';

/**
 * The member's steps (GET /api/me/steps), one query shared by the dashboard
 * card and every step in the chat, so pressing a button in one shows in both.
 * A demo visitor has no steps: the query stays off.
 */
const memberStepsQueryKey = (userId: string | undefined) => ['me', userId, 'steps'] as const;

export function useMemberSteps() {
  const member = useMember();
  return useQuery({
    queryKey: memberStepsQueryKey(member?.userId),
    queryFn: (): Promise<MemberStepsDto> => read(api.me.steps.$get()),
    enabled: Boolean(member && !member.demo),
  });
}

/** Reads the steps again (a step appeared in the chat that the cached list does not know yet). */
export function useRefreshMemberSteps(): () => Promise<void> {
  const queryClient = useQueryClient();
  const member = useMember();
  return () => queryClient.invalidateQueries({ queryKey: memberStepsQueryKey(member?.userId), exact: true });
}

const byStep = (stepId: string) => ({ param: { stepId: encodeURIComponent(stepId) } });

function post(stepId: string, action: StepAction): Promise<StepActionResultDto> {
  const step = api.me.steps[':stepId'];
  switch (action) {
    case 'accept':
      return read(step.accept.$post(byStep(stepId)));
    case 'swap':
      return read(step.swap.$post(byStep(stepId)));
    case 'done':
      return read(step.done.$post(byStep(stepId)));
    case 'not_done':
      return read(step['not-done'].$post(byStep(stepId)));
  }
}

/** The member's answer to a step; the steps are then read again (the next one is offered). */
export function useStepAction() {
  const member = useMember();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ stepId, action }: { stepId: string; action: StepAction }) => post(stepId, action),
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberStepsQueryKey(member?.userId), exact: true }),
  });
}

/** POST /api/me/steps: offers a first step when none is open. */
export function useStartSteps() {
  const member = useMember();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => read(api.me.steps.$post()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberStepsQueryKey(member?.userId), exact: true }),
  });
}
