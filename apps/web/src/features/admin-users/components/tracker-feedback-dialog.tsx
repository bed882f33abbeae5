import { useState } from 'react';
import { ClipboardList } from 'lucide-react';
import { splitOptions } from '@app/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useUserTrackerFeedback } from '../api/get-user-tracker-feedback';

function OptionList({ title, value }: { title: string; value: string }) {
  const options = splitOptions(value);
  return (
    <div>
      <h3 className="text-sm font-medium">{title}</h3>
      {options.length ? (
        <ul className="mt-1.5 flex flex-wrap gap-1.5">
          {options.map((option) => (
            <li key={option}>
              <Badge variant="secondary">{option}</Badge>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground mt-1 text-sm">None chosen</p>
      )}
    </div>
  );
}

/** 'View Tracker Feedback' and its read-only dialog (docs/product.md#admin-back-office). */
export function TrackerFeedbackDialog({ userId, userName }: { userId: string; userName: string }) {
  const [open, setOpen] = useState(false);
  const feedback = useUserTrackerFeedback(userId, open);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <ClipboardList aria-hidden="true" />
          View Tracker Feedback<span className="sr-only"> of {userName}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>User Tracker Feedback Details</DialogTitle>
          <DialogDescription>{userName}</DialogDescription>
        </DialogHeader>
        {feedback.isPending ? (
          <p role="status" className="text-muted-foreground flex items-center gap-2 text-sm">
            <Spinner /> Loading...
          </p>
        ) : !feedback.data ? (
          <p className="text-muted-foreground text-sm">This user hasn&apos;t submitted tracker feedback yet.</p>
        ) : (
          <div className="grid gap-4">
            <div>
              <h3 className="text-sm font-medium">Preferred tracking</h3>
              <p className="mt-1 text-sm">{feedback.data.tracking}</p>
            </div>
            <OptionList title="Project management tools" value={feedback.data.project_management_tools} />
            <OptionList title="Visual features" value={feedback.data.visual_feature_preferences} />
            <div>
              <h3 className="text-sm font-medium">Additional thoughts</h3>
              <p className="text-muted-foreground mt-1 text-sm whitespace-pre-wrap">
                {feedback.data.additional_thoughts || 'None'}
              </p>
            </div>
            <p className="text-muted-foreground text-xs">
              Submitted {new Date(feedback.data.created_at).toLocaleDateString('en-GB', { dateStyle: 'medium' })}
            </p>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
