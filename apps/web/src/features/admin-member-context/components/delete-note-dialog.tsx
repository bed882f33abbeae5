import { useRef, useState } from 'react';
import type { MemberNoteDto } from '@app/shared';
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
import { cn } from '@/lib/cn';
import { serverMessageOr } from '@/lib/api';
import { useDeleteMemberNote } from '../api/member-context';
import { noteExcerpt } from './member-note-item';

/**
 * "Delete this note?" (decision 067): says what deleting does, for the whole team
 * and the member's export, and stays open until the server has answered, so a
 * refusal is read here rather than lost.
 */
export function DeleteNoteDialog({
  memberId,
  note,
  onClose,
  onDeleted,
}: {
  memberId: string;
  note: MemberNoteDto | null;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteMemberNote(memberId);
  const [error, setError] = useState<string | null>(null);
  const deleted = useRef(false);

  const close = () => {
    setError(null);
    onClose();
  };

  return (
    <AlertDialog open={note !== null} onOpenChange={(open) => !open && !remove.isPending && close()}>
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          // The note and its Delete button are gone: focus goes to the notes' heading instead.
          if (!deleted.current) return;
          deleted.current = false;
          event.preventDefault();
          onDeleted();
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>Delete this note?</AlertDialogTitle>
          <AlertDialogDescription>
            It is removed for the whole team and from the member’s data export.
          </AlertDialogDescription>
        </AlertDialogHeader>
        {note && (
          <blockquote className="text-muted-foreground border-l-2 pl-3 text-sm break-words">
            {noteExcerpt(note.text, 160)}
          </blockquote>
        )}
        {error && (
          <p role="alert" className="text-destructive text-sm">
            {error}
          </p>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Keep it</AlertDialogCancel>
          <AlertDialogAction
            className={cn(buttonVariants({ variant: 'destructive' }))}
            aria-disabled={remove.isPending || undefined}
            onClick={(event) => {
              // Open until the answer: closed on success, kept with the reason on a refusal.
              event.preventDefault();
              if (!note || remove.isPending) return;
              setError(null);
              remove.mutate(note.id, {
                onSuccess: () => {
                  deleted.current = true;
                  close();
                },
                onError: (failure) => setError(serverMessageOr(failure, 'The note could not be deleted. Try again.')),
              });
            }}
          >
            Delete note
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
