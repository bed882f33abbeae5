import { useMutation } from '@tanstack/react-query';
import type { ExitSurveyInput } from '@app/shared';
import { api } from '@/lib/api';

export function submitExitSurvey(input: ExitSurveyInput): Promise<{ ok: true }> {
  return api.post<{ ok: true }>('/api/exit-surveys', input);
}

export function useSubmitExitSurvey() {
  return useMutation({ mutationFn: submitExitSurvey });
}
