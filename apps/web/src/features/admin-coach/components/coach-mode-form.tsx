import { useState, type FormEvent } from 'react';
import { COACH_MODES, type CoachMode } from '@app/shared';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/** What each mode does, in the words a coach decides by (decision 057). */
const MODE_TEXT: Record<CoachMode, { label: string; description: string }> = {
  off: {
    label: 'Off',
    description: 'The AI answers nobody. Screening and the crisis net still run on every message.',
  },
  drafts: {
    label: 'Drafts',
    description: 'The AI writes a draft for each answer; a coach sends, edits or discards it in the inbox.',
  },
  automatic: {
    label: 'Automatic',
    description: 'The AI coach answers members itself, after screening, and every reply is checked before it is sent.',
  },
};

interface CoachModeFormProps {
  mode: CoachMode;
  saving: boolean;
  onSave(mode: CoachMode): void;
}

/**
 * The global mode as a radio group with its own Save: arrow keys move through
 * a radio group, so saving on each change would switch modes on the way.
 */
export function CoachModeForm({ mode, saving, onSave }: CoachModeFormProps) {
  const [chosen, setChosen] = useState<CoachMode>(mode);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen !== mode) onSave(chosen);
  };
  return (
    <form onSubmit={submit} className="grid gap-4">
      <fieldset className="grid gap-2">
        <legend className="mb-2 font-semibold">Who answers members</legend>
        {COACH_MODES.map((value) => (
          <label
            key={value}
            className={cn(
              'focus-ring-within hover:bg-muted grid cursor-pointer grid-cols-[auto_1fr] items-start gap-x-3 rounded-lg border p-3',
              chosen === value && 'border-primary bg-primary/5',
            )}
          >
            <input
              type="radio"
              name="coach-mode"
              value={value}
              checked={chosen === value}
              onChange={() => setChosen(value)}
              className="accent-primary mt-1 size-4"
              aria-describedby={`coach-mode-${value}`}
            />
            <span className="grid gap-0.5">
              <span className="font-medium">
                {MODE_TEXT[value].label}
                {value === mode && <span className="text-muted-foreground font-normal"> (current)</span>}
              </span>
              <span id={`coach-mode-${value}`} className="text-muted-foreground text-sm">
                {MODE_TEXT[value].description}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <Button type="submit" className="justify-self-start" busy={saving} aria-disabled={chosen === mode || undefined}>
        Save mode
      </Button>
    </form>
  );
}

export const modeLabel = (mode: CoachMode) => MODE_TEXT[mode].label;
