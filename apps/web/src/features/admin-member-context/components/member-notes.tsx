import { useId, useRef, useState, type FormEvent } from 'react';
import { NotebookPen } from 'lucide-react';
import { memberNoteCreateSchema, type MemberNoteDto } from '@app/shared';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { NoteLength, NoteTextField, noteSaveFailure } from './note-text-field';
import { useAddMemberNote, useMemberNotes } from '../api/member-context';
import { DeleteNoteDialog } from './delete-note-dialog';
import { MemberNoteItem } from './member-note-item';

/** Shown at first; the rest behind "Show all". */
const FIRST_NOTES = 3;

/**
 * The coaching team's private notes on a member (decision 060), beside their
 * conversation and on their user card: who wrote each and when, newest first,
 * and a box to add one. The member never sees them. Its author may correct a
 * note, and any admin may delete one after confirming (decision 067).
 */
export function MemberNotes({ memberId, memberName }: { memberId: string; memberName?: string }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const notes = useMemberNotes(memberId);
  const [showAll, setShowAll] = useState(false);
  const [deleting, setDeleting] = useState<MemberNoteDto | null>(null);
  const shown = notes.data ? (showAll ? notes.data.notes : notes.data.notes.slice(0, FIRST_NOTES)) : [];
  return (
    <div role="group" aria-labelledby={headingId} className="bg-muted/30 grid gap-2 rounded-lg border p-3 text-sm">
      {/* Focus comes here once a note is deleted: its own controls are gone. */}
      <h3 id={headingId} ref={heading} tabIndex={-1} className="flex items-center gap-2 font-medium outline-none">
        <NotebookPen aria-hidden="true" className="text-primary size-4" />
        Team notes
        <span className="text-muted-foreground font-normal">· admins only</span>
      </h3>
      {notes.isPending ? (
        <Skeleton className="h-10 w-full" aria-label="Loading notes" />
      ) : notes.isError ? (
        <p className="text-muted-foreground">Notes couldn&apos;t be loaded.</p>
      ) : notes.data.notes.length === 0 ? (
        <p className="text-muted-foreground">No notes yet.</p>
      ) : (
        <>
          <ul className="grid gap-2" aria-label={memberName ? `Notes on ${memberName}` : 'Notes'}>
            {shown.map((note) => (
              <MemberNoteItem key={note.id} note={note} memberId={memberId} onDelete={setDeleting} />
            ))}
          </ul>
          {notes.data.total > FIRST_NOTES && (
            <Button
              variant="link"
              size="sm"
              className="h-auto justify-self-start p-0"
              onClick={() => setShowAll((all) => !all)}
            >
              {showAll ? 'Show fewer' : `Show all ${notes.data.total.toLocaleString('en-GB')}`}
            </Button>
          )}
        </>
      )}
      <NoteForm memberId={memberId} memberName={memberName} />
      <DeleteNoteDialog
        memberId={memberId}
        note={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => heading.current?.focus()}
      />
    </div>
  );
}

function NoteForm({ memberId, memberName }: { memberId: string; memberName: string | undefined }) {
  const fieldId = useId();
  const add = useAddMemberNote(memberId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = memberNoteCreateSchema.safeParse({ text });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'Write a note');
      return;
    }
    setError(null);
    add.mutate(checked.data.text, {
      onSuccess: () => setText(''),
      onError: (failure) => setError(noteSaveFailure(failure)),
    });
  };

  return (
    <form onSubmit={submit} className="grid gap-1.5" noValidate>
      <Label htmlFor={fieldId}>{memberName ? `Add a note on ${memberName}` : 'Add a note'}</Label>
      <NoteTextField
        text={text}
        onTextChange={setText}
        error={error}
        onErrorCleared={() => setError(null)}
        id={fieldId}
        rows={2}
        className="min-h-16"
        placeholder="For the team; the member’s data export includes it"
      />
      <div className="flex items-center justify-between gap-2">
        <NoteLength text={text} className="text-muted-foreground text-xs tabular-nums" />
        <Button type="submit" size="sm" busy={add.isPending}>
          Save note
        </Button>
      </div>
    </form>
  );
}
