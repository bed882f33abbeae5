import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Star } from 'lucide-react';
import { toast } from 'sonner';
import { cn } from '@/lib/cn';
import { useUnsavedBeforeLeaving } from '@/lib/unsaved-before-leaving';
import { usePromptRating, useRatePrompt } from '../api/prompt-rating';

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * What the line beside the stars says. "Your rating" only once the server has
 * answered: a chosen star is not yet saved, and a reload or a closed tab in
 * that moment would lose it, so the line says so until the answer arrives.
 */
function ratingStatus(chosen: number | null, saving: boolean, saved: number | null): string {
  if (chosen !== null && saving) return `Saving your rating: ${chosen} out of 5…`;
  if (chosen !== null) return `${chosen} out of 5, not saved yet`;
  return saved ? `Your rating: ${saved} out of 5` : 'Not rated yet';
}

/** How long the stars rest after an arrow key before the rating is saved (decision 034). */
const RATING_SAVE_PAUSE_MS = 1500;

/**
 * A 1–5 star rating of today's prompt: native radio buttons, so it is one Tab
 * stop and the arrow keys move between the stars. A click saves at once; the
 * arrow keys only move the choice, which is saved on Enter or Space, when focus
 * leaves the stars, or after a short pause — never once per key press.
 */
export function PromptRating({ promptId }: { promptId: string }) {
  const name = useId();
  const rating = usePromptRating(promptId);
  const rate = useRatePrompt(promptId);
  // The star chosen but not yet saved, so the radio never springs back while a
  // save waits or is on its way; the saved rating takes over after.
  const [chosen, setChosen] = useState<number | null>(null);
  const current = chosen ?? rating.data ?? null;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** Set by a pointer press, so the change that follows it saves at once. */
  const pointer = useRef(false);

  useEffect(() => () => clearTimeout(timer.current), []);

  const save = (value: number) => {
    clearTimeout(timer.current);
    timer.current = undefined;
    if (value === rating.data) {
      setChosen(null);
      return;
    }
    rate.mutate(value, {
      onSuccess: () => {
        setChosen(null);
        toast.success('Rating saved', { description: 'Thank you for rating this prompt.' });
      },
      onError: () => {
        setChosen(null);
        toast.error('Error', { description: 'Failed to save your rating. Please try again.' });
      },
    });
  };

  const choose = (value: number) => {
    setChosen(value);
    if (pointer.current) {
      pointer.current = false;
      save(value);
      return;
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => save(value), RATING_SAVE_PAUSE_MS);
  };

  /** Saves a choice still waiting for its pause. */
  const saveWaiting = () => {
    if (timer.current !== undefined && chosen !== null) save(chosen);
  };

  // A reload while a star waits or is on its way would lose it silently: the waiting one
  // is sent at once (it outlives the page) and the browser asks first.
  useUnsavedBeforeLeaving(chosen !== null, saveWaiting);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    const value = Number(event.currentTarget.value);
    setChosen(value);
    save(value);
  };

  return (
    <fieldset
      className="grid gap-2"
      disabled={rating.isPending}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) saveWaiting();
      }}
    >
      <legend className="mb-2 text-sm font-medium">How helpful is this prompt?</legend>
      <div className="flex flex-wrap items-center gap-1">
        {STARS.map((value) => {
          const filled = current !== null && value <= current;
          return (
            <label
              key={value}
              className="group relative cursor-pointer rounded-md p-1"
              onPointerDown={() => {
                pointer.current = true;
              }}
            >
              <input
                type="radio"
                name={name}
                value={value}
                checked={current === value}
                onChange={() => choose(value)}
                onKeyDown={onKeyDown}
                aria-label={`Rate ${value} out of 5`}
                className="peer absolute inset-0 size-full cursor-pointer opacity-0"
              />
              <Star
                aria-hidden="true"
                className={cn(
                  'size-7 transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring motion-reduce:transition-none',
                  filled ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground group-hover:text-amber-500',
                )}
              />
            </label>
          );
        })}
        <p className="text-muted-foreground ml-2 text-sm" aria-live="polite">
          {ratingStatus(chosen, rate.isPending, rating.data ?? null)}
        </p>
      </div>
    </fieldset>
  );
}
