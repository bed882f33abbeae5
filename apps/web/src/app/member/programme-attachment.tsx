import type { ChatMessageDto } from '@app/shared';
import { CheckinInChat } from '@/features/checkins/components/checkin-in-chat';
import { StepInChat } from '@/features/steps/components/step-in-chat';
import { SummaryInChat } from '@/features/summaries/components/summary-in-chat';

/**
 * What a programme message carries below its text in the member's chat
 * (decision 058): the 0–10 answer of a check-in, the buttons of a step, the
 * card of a weekly summary. Each kind's own feature draws it.
 */
export function ProgrammeAttachment({
  message,
  onCheckinAnswered,
}: {
  message: Pick<ChatMessageDto, 'programme'>;
  /** A check-in answered in its form: what the page shows of it besides the check-ins (the progress figures). */
  onCheckinAnswered?: () => unknown;
}) {
  const ref = message.programme;
  if (!ref) return null;
  switch (ref.kind) {
    case 'checkin':
      return <CheckinInChat deliveryId={ref.id} onAnswered={onCheckinAnswered} />;
    case 'step':
      return <StepInChat stepId={ref.id} />;
    case 'weekly_summary':
      return <SummaryInChat summaryId={ref.id} />;
  }
}
