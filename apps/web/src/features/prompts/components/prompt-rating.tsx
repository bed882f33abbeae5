import { useId, useState } from 'react';
import { Star } from 'lucide-react';
import { toast } from 'sonner';
import { cn } from '@/lib/cn';
import { usePromptRating, useRatePrompt } from '../api/prompt-rating';

const STARS = [1, 2, 3, 4, 5] as const;

/** A 1–5 star rating of today's prompt, saved as soon as it is chosen. */
export function PromptRating({ promptId }: { promptId: string }) {
  const name = useId();
  const rating = usePromptRating(promptId);
  const rate = useRatePrompt(promptId);
  // The star chosen but not yet saved, set in the click itself so the radio never
  // springs back while the request is on its way; the saved rating takes over after.
  const [chosen, setChosen] = useState<number | null>(null);
  const current = chosen ?? rating.data ?? null;

  const choose = (value: number) => {
    setChosen(value);
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

  return (
    <fieldset className="grid gap-2" disabled={rating.isPending}>
      <legend className="mb-2 text-sm font-medium">How helpful is this prompt?</legend>
      <div className="flex flex-wrap items-center gap-1">
        {STARS.map((value) => {
          const filled = current !== null && value <= current;
          return (
            <label key={value} className="group relative cursor-pointer rounded-md p-1">
              <input
                type="radio"
                name={name}
                value={value}
                checked={current === value}
                onChange={() => choose(value)}
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
          {current ? `Your rating: ${current} out of 5` : 'Not rated yet'}
        </p>
      </div>
    </fieldset>
  );
}
