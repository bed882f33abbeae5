import { ShieldAlert } from 'lucide-react';
import type { ConversationSummaryDto } from '@app/shared';
import { Badge } from '@/components/ui/badge';
import { LIST_CHIP } from '../lib/coach-labels';

/**
 * The list's word on who answers a conversation (decision 057): "Urgent" for a
 * crisis (rose, urgent help's colour, and the word itself so colour is never
 * the only sign), a small chip when a coach should look ("AI paused",
 * "Person needed"), nothing while the AI answers as usual.
 */
export function CoachStateBadge({ item }: { item: Pick<ConversationSummaryDto, 'coach_state'> }) {
  if (item.coach_state === 'crisis') {
    return (
      <Badge data-urgent-badge className="border-rose-200 bg-rose-50 font-semibold text-rose-900">
        <ShieldAlert aria-hidden="true" />
        Urgent
      </Badge>
    );
  }
  const chip = LIST_CHIP[item.coach_state];
  return chip ? (
    <Badge variant="outline" className="text-muted-foreground">
      {chip}
    </Badge>
  ) : null;
}
