import { useEffect, useRef, useState, type FormEvent } from 'react';
import { memberNoteUpdateSchema, type MemberNoteDto } from '@app/shared';
import { Button } from '@/components/ui/button';
import { NoteLength, NoteTextField, noteSaveFailure } from './note-text-field';
import { useEditMemberNote } from '../api/member-context';
import { RelativeTime } from '@/components/relative-time';

/** A note's opening words, so a control's name says which note it acts on. */
export function noteExcerpt(text: string, length = 40): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length - 1).trimEnd()}…` : flat;
}

const quietAction = 'text-muted-foreground hover:text-foreground h-auto px-1 py-0.5 text-xs font-normal';

/**
 * One note: its text, who wrote it and when, and whether it was corrected since.
 * Its author may edit it in place; any admin may ask to delete it (decision 067).
 * The controls are quiet text at the end of the byline, so a list of notes stays calm.
 */
export function MemberNoteItem({
  note,
  memberId,
  onDelete,
}: {
  note: MemberNoteDto;
  memberId: string;
  onDelete: (note: MemberNoteDto) => void;
}) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  // Back on the Edit button when editing ends, so the keyboard carries on from the note.
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  const which = `note “${noteExcerpt(note.text)}”`;

  return (
    <li className="bg-background rounded-md border px-3 py-2">
      {editing ? (
        <NoteEditor note={note} memberId={memberId} which={which} onDone={() => setEditing(false)} />
      ) : (
        <p className="break-words whitespace-pre-line">{note.text}</p>
      )}
      <div className="text-muted-foreground mt-1 flex flex-wrap items-center justify-between gap-x-2 text-xs">
        <p>
          {note.author_name ?? 'A former team member'} · <RelativeTime value={note.created_at} />
          {note.edited_at && (
            <>
              {' '}
              · edited <RelativeTime value={note.edited_at} />
            </>
          )}
        </p>
        {!editing && (
          <div className="-mr-1 ml-auto flex items-center">
            {note.editable && (
              <Button
                ref={editButton}
                variant="ghost"
                size="sm"
                className={quietAction}
                aria-label={`Edit ${which}`}
                onClick={() => setEditing(true)}
              >
                Edit
              </Button>
            )}
            <Button
              variant="ghost"
              size="sm"
              className={quietAction}
              aria-label={`Delete ${which}`}
              onClick={() => onDelete(note)}
            >
              Delete
            </Button>
          </div>
        )}
      </div>
    </li>
  );
}

/** The note's text in a box, with Save and Cancel; on a refusal the text stays as typed, with the reason. */
function NoteEditor({
  note,
  memberId,
  which,
  onDone,
}: {
  note: MemberNoteDto;
  memberId: string;
  which: string;
  onDone: () => void;
}) {
  const edit = useEditMemberNote(memberId);
  const [text, setText] = useState(note.text);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = memberNoteUpdateSchema.safeParse({ text });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'Write a note');
      return;
    }
    setError(null);
    edit.mutate(
      { noteId: note.id, text: checked.data.text },
      {
        onSuccess: onDone,
        onError: (failure) => setError(noteSaveFailure(failure)),
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-1.5" noValidate>
      <NoteTextField
        text={text}
        onTextChange={setText}
        error={error}
        onErrorCleared={() => setError(null)}
        aria-label={`Edit ${which}`}
        // The note was just asked for: typing starts at its end.
        autoFocus
        onFocus={(event) => event.currentTarget.setSelectionRange(text.length, text.length)}
        rows={3}
        className="min-h-20"
      />
      <div className="flex items-center justify-end gap-2">
        <NoteLength text={text} className="text-muted-foreground mr-auto text-xs tabular-nums" />
        <Button type="button" variant="ghost" size="sm" onClick={onDone} disabled={edit.isPending}>
          Cancel
        </Button>
        <Button type="submit" size="sm" busy={edit.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}
