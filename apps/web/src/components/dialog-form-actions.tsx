import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';

/**
 * The footer of a form in a dialog: Cancel, which closes it without
 * submitting, and the submit button, busy (and relabelled, when a pending
 * label is given) while the form is sending.
 */
export function DialogFormActions({
  submitLabel,
  pendingLabel = submitLabel,
  pending,
  destructive = false,
}: {
  submitLabel: string;
  pendingLabel?: string;
  pending: boolean;
  destructive?: boolean;
}) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button variant="outline">Cancel</Button>
      </DialogClose>
      <Button type="submit" variant={destructive ? 'destructive' : undefined} busy={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </DialogFooter>
  );
}
