import type { AdminStrategicPromptDto } from '@app/shared';
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
import { buttonVariants } from '@/components/ui/button';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What deleting does to the prompt's reflections and ratings (decision 026), said before it is done. */
function consequences(prompt: AdminStrategicPromptDto): string {
  const kept =
    prompt.reflection_count > 0
      ? `Its ${plural(prompt.reflection_count, 'reflection', 'reflections')} will be kept, without a prompt.`
      : 'No member has reflected on it yet.';
  const ratings =
    prompt.total_ratings > 0 ? ` Its ${plural(prompt.total_ratings, 'rating', 'ratings')} will be deleted.` : '';
  return `${kept}${ratings} To retire it but keep both, switch it off instead.`;
}

interface DeletePromptDialogProps {
  prompt: AdminStrategicPromptDto | null;
  onCancel: () => void;
  onConfirm: (prompt: AdminStrategicPromptDto) => void;
}

export function DeletePromptDialog({ prompt, onCancel, onConfirm }: DeletePromptDialogProps) {
  return (
    <AlertDialog open={prompt !== null} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Are you sure you want to delete this prompt?</AlertDialogTitle>
          <AlertDialogDescription>
            {prompt && (
              <>
                <span className="text-foreground font-medium">“{prompt.title}”</span> will be deleted.{' '}
                {consequences(prompt)}
              </>
            )}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: 'destructive' })}
            onClick={() => prompt && onConfirm(prompt)}
          >
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
