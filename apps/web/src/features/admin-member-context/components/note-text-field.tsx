import { useId, type ComponentProps } from 'react';
import { MAX_MEMBER_NOTE_LENGTH } from '@app/shared';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, serverMessageOr } from '@/lib/api';

/** Why a note was not saved, in the words the person can act on: the field's own message first. */
export function noteSaveFailure(failure: unknown): string {
  return (
    (failure instanceof ApiError && failure.fieldErrors.text?.[0]) ||
    serverMessageOr(failure, 'The note could not be saved. Try again.')
  );
}

/**
 * A note's text box, for a new note and for a correction: the text as typed
 * (a refusal never clears it), its reason under it, tied to the box for
 * screen readers; typing again clears the reason.
 */
export function NoteTextField({
  text,
  onTextChange,
  error,
  onErrorCleared,
  ...textarea
}: {
  text: string;
  onTextChange: (text: string) => void;
  error: string | null;
  onErrorCleared: () => void;
} & Omit<ComponentProps<typeof Textarea>, 'value' | 'onChange' | 'maxLength'>) {
  const errorId = useId();
  return (
    <>
      <Textarea
        {...textarea}
        value={text}
        onChange={(event) => {
          onTextChange(event.target.value);
          if (error) onErrorCleared();
        }}
        maxLength={MAX_MEMBER_NOTE_LENGTH}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
    </>
  );
}

/** "1,700 / 2,000" once a note nears its limit; nothing before (hidden from screen readers: the limit stops typing). */
export function NoteLength({ text, className }: { text: string; className?: string }) {
  return (
    <span className={className} aria-hidden="true">
      {text.length > MAX_MEMBER_NOTE_LENGTH * 0.8 ? `${text.length} / ${MAX_MEMBER_NOTE_LENGTH}` : ''}
    </span>
  );
}
