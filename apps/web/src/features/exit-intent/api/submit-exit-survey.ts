import { useMutation } from '@tanstack/react-query';
import type { ExitSurveyInput, ExitSurveyReceiptDto } from '@app/shared';
import { api, read } from '@/lib/api';

function submitExitSurvey(input: ExitSurveyInput): Promise<ExitSurveyReceiptDto> {
  return read(api['exit-surveys'].$post({ json: input }));
}

export function useSubmitExitSurvey() {
  return useMutation({ mutationFn: submitExitSurvey });
}
