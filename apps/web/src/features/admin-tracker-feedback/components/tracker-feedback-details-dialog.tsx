import type { ReactNode } from 'react';
import { format } from 'date-fns';
import { splitOptions, type TrackerFeedbackDto } from '@app/shared';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

function OptionBadges({ stored }: { stored: string }) {
  const options = splitOptions(stored);
  if (options.length === 0) return <p className="text-muted-foreground text-sm">None selected</p>;
  return (
    <ul className="flex flex-wrap gap-2">
      {options.map((option) => (
        <li key={option}>
          <Badge variant="secondary">{option}</Badge>
        </li>
      ))}
    </ul>
  );
}

interface TrackerFeedbackDetailsDialogProps {
  feedback: TrackerFeedbackDto | null;
  memberName: string;
  onClose: () => void;
}

/** A read-only view of one member's tracker feedback (docs/product.md#admin-back-office). */
export function TrackerFeedbackDetailsDialog({ feedback, memberName, onClose }: TrackerFeedbackDetailsDialogProps) {
  return (
    <Dialog open={feedback !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>User Tracker Feedback Details</DialogTitle>
          <DialogDescription>
            {memberName}
            {feedback && <> · submitted {format(new Date(feedback.created_at), 'd MMM yyyy, HH:mm')}</>}
          </DialogDescription>
        </DialogHeader>
        {feedback && (
          <div className="grid gap-5">
            <Section title="Tracking preference">
              <p className="text-sm">{feedback.tracking}</p>
            </Section>
            <Section title="Project management tools">
              <OptionBadges stored={feedback.project_management_tools} />
            </Section>
            <Section title="Visual features">
              <OptionBadges stored={feedback.visual_feature_preferences} />
            </Section>
            <Section title="Additional thoughts">
              <p className="text-sm whitespace-pre-wrap break-words">
                {feedback.additional_thoughts?.trim() || 'None'}
              </p>
            </Section>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
