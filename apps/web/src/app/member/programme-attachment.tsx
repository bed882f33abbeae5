import type { ChatMessageDto } from '@app/shared';
import { CheckinInChat } from '@/features/checkins/components/checkin-in-chat';
import { StepInChat } from '@/features/steps/components/step-in-chat';
import { SummaryInChat } from '@/features/summaries/components/summary-in-chat';

/**
 * What a programme message carries below its text in the member's chat
 * (decision 058): the 0–10 answer of a check-in, the buttons of a step, the
 * card of a weekly summary. Each kind's own feature draws it.
 */
export function ProgrammeAttachment({ message }: { message: Pick<ChatMessageDto, 'programme'> }) {
  const ref = message.programme;
  if (!ref) return null;
  switch (ref.kind) {
    case 'checkin':
      return <CheckinInChat deliveryId={ref.id} />;
    case 'step':
      return <StepInChat stepId={ref.id} />;
    case 'weekly_summary':
      return <SummaryInChat summaryId={ref.id} />;
  }
}
