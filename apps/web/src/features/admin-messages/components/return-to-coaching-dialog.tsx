import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';

interface ReturnToCoachingDialogProps {
  open: boolean;
  customerName: string;
  onCancel(): void;
  onConfirm(): void;
}

/** Ending a crisis is a coach's considered choice (one "I'm fine" never ends it): asked once more, plainly. */
export function ReturnToCoachingDialog({ open, customerName, onCancel, onConfirm }: ReturnToCoachingDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && onCancel()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Return {customerName} to AI coaching?</AlertDialogTitle>
          <AlertDialogDescription>
            Only do this once you have spoken with the member and they are safe. The urgent flag and the risk seen are
            cleared, and the AI coach answers them again.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Stay in crisis mode</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>Yes, they are safe: return to AI coaching</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
