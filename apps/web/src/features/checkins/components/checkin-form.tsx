import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Send } from 'lucide-react';
import { toast } from 'sonner';
import { CHECKIN_NOTE_MAX_LENGTH, type CheckinDto } from '@app/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { serverMessageOr } from '@/lib/api-request';
import { useUnsavedBeforeLeaving } from '@/lib/unsaved-before-leaving';
import { isAlreadyAnswered, useCreateCheckin } from '../api/checkins';
import { ScoreScale } from './score-scale';

const CHOOSE_A_NUMBER = 'Choose a number from 0 to 10 first.';
/** The note's count shows once it nears the limit. */
const COUNT_FROM = CHECKIN_NOTE_MAX_LENGTH - 40;

interface CheckinFormProps {
  /** The check-in this answers (its due item), or null for a check-in of the member's own. */
  deliveryId: string | null;
  /** The question, as the group's legend. */
  question: string;
  onAnswered?(checkin: CheckinDto): void;
  /** Opened by a button that then goes: keyboard focus moves to the scale. */
  focusOnOpen?: boolean;
  /** The question is already on screen (the coach's message above): it stays for screen readers only. */
  questionShown?: boolean;
}

/**
 * A check-in's answer: how stressed, 0–10, an optional one-line note, Send.
 * Nothing typed is lost when sending fails; an answer already given elsewhere
 * (on WhatsApp) is said kindly, and the list read again shows it.
 */
export function CheckinForm({
  deliveryId,
  question,
  onAnswered,
  focusOnOpen = false,
  questionShown = false,
}: CheckinFormProps) {
  const id = useId();
  const [score, setScore] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateCheckin();
  // While the answer is on its way, leaving the page asks first (the request itself outlives the page).
  useUnsavedBeforeLeaving(create.isPending);
  const form = useRef<HTMLFormElement>(null);
  const firstScore = () => form.current?.querySelector<HTMLInputElement>('input[type="radio"]');
  useEffect(() => {
    if (focusOnOpen) firstScore()?.focus();
  }, [focusOnOpen]);
  const errorId = `${id}-error`;
  const noteId = `${id}-note`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (score === null) {
      setError(CHOOSE_A_NUMBER);
      firstScore()?.focus();
      return;
    }
    // The promise, not mutate's callbacks: the saved answer joins the check-ins at once, which often replaces
    // this form (the card's first check-in, the chat's waiting one), and mutate's callbacks never run for a
    // form that is gone, so the thanks and the progress figures would be lost.
    create.mutateAsync({ score, note: note.trim() || null, delivery_id: deliveryId }).then(
      (checkin) => {
        setScore(null);
        setNote('');
        onAnswered?.(checkin);
      },
      (failure: unknown) =>
        isAlreadyAnswered(failure)
          ? toast.info('Already answered', { description: 'This check-in has an answer already.' })
          : toast.error('Not sent', {
              description: serverMessageOr(failure, 'Your answer could not be sent. Please try again.'),
            }),
    );
  };

  return (
    <form ref={form} onSubmit={submit} noValidate className="grid gap-3">
      <fieldset className="grid gap-2">
        <legend className={questionShown ? 'sr-only' : 'mb-2 text-sm font-medium'}>{question}</legend>
        <ScoreScale
          name={`${id}-score`}
          value={score}
          onChange={(chosen) => {
            setScore(chosen);
            setError(null);
          }}
          invalid={error !== null}
          errorId={error ? errorId : undefined}
        />
        {error && (
          <p id={errorId} className="text-destructive text-sm">
            {error}
          </p>
        )}
      </fieldset>
      <div className="grid gap-2">
        <Label htmlFor={noteId}>
          <span>
            Add a note <span className="text-muted-foreground font-normal">(optional)</span>
          </span>
        </Label>
        {/* Send moves under the note where the two would not fit side by side (a phone's chat bubble). */}
        <div className="flex flex-wrap gap-2">
          <Input
            id={noteId}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            maxLength={CHECKIN_NOTE_MAX_LENGTH}
            placeholder="What's on your mind?"
            autoComplete="off"
            className="min-w-40 flex-1"
            aria-describedby={note.length >= COUNT_FROM ? `${noteId}-count` : undefined}
          />
          <Button type="submit" busy={create.isPending}>
            <Send aria-hidden="true" />
            Send
          </Button>
        </div>
        {note.length >= COUNT_FROM && (
          <p id={`${noteId}-count`} className="text-muted-foreground text-xs" aria-live="polite">
            {CHECKIN_NOTE_MAX_LENGTH - note.length} characters left
          </p>
        )}
      </div>
    </form>
  );
}
