import { useState } from 'react';
import { toast } from 'sonner';
import type { CoachRefDto } from '@app/shared';
import { serverMessageOr } from '@/lib/api';
import { useAssignConversation, useCoaches } from '../api/conversations';

const UNASSIGNED = '';

/**
 * Who answers this conversation (decision 061): a coach of the team, or
 * nobody. The choice is saved at once; every other coach's inbox follows live.
 */
export function AssigneeSelect({
  conversationId,
  assignee,
  onAssigned,
}: {
  conversationId: string;
  assignee: CoachRefDto | null;
  onAssigned(): void;
}) {
  const coaches = useCoaches();
  const assign = useAssignConversation(conversationId);
  const [saving, setSaving] = useState(false);
  const options = coaches.data?.coaches ?? [];
  // A coach who left the team stays shown as assigned until someone changes it.
  const listed = assignee && !options.some((c) => c.id === assignee.id) ? [...options, assignee] : options;

  const change = async (value: string) => {
    setSaving(true);
    try {
      await assign(value === UNASSIGNED ? null : value);
      onAssigned();
    } catch (error) {
      toast.error('Error', { description: serverMessageOr(error, 'Failed to assign the conversation') });
    } finally {
      setSaving(false);
    }
  };

  return (
    <label className="text-muted-foreground ml-auto flex items-center gap-2 text-sm">
      Assigned to
      <select
        value={assignee?.id ?? UNASSIGNED}
        disabled={saving || coaches.isPending}
        aria-busy={saving || undefined}
        onChange={(event) => void change(event.target.value)}
        className="border-input bg-background text-foreground focus-visible:ring-ring/50 h-8 max-w-48 rounded-md border px-2 text-sm outline-none focus-visible:ring-[3px] disabled:opacity-60"
      >
        <option value={UNASSIGNED}>Nobody</option>
        {listed.map((coach) => (
          <option key={coach.id} value={coach.id}>
            {coach.name}
          </option>
        ))}
      </select>
    </label>
  );
}
