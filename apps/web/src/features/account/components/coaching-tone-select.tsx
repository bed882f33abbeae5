import { Check, ChevronDown } from 'lucide-react';
import { Select } from 'radix-ui';
import type { CoachingToneDto } from '@app/shared';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';

interface CoachingToneSelectProps {
  labelId: string;
  tones: CoachingToneDto[] | undefined;
  loading: boolean;
  error: boolean;
  value: string | null;
  saving: boolean;
  onChange: (toneId: string) => void;
}

/** The coaching-tone select of docs/product.md#profile. */
export function CoachingToneSelect({
  labelId,
  tones,
  loading,
  error,
  value,
  saving,
  onChange,
}: CoachingToneSelectProps) {
  if (loading) {
    return (
      <p role="status" className="text-muted-foreground text-sm">
        Loading coaching tones...
      </p>
    );
  }
  if (error || !tones) return <p className="text-destructive text-sm">Failed to load coaching tones.</p>;

  const current = tones.find((t) => t.id === value);
  return (
    <div className="grid gap-2">
      {/* Not disabled while saving: a disabled trigger loses focus, which would drop a keyboard user to the page body. */}
      <Select.Root value={current?.id ?? ''} onValueChange={onChange} disabled={tones.length === 0}>
        <Select.Trigger
          aria-labelledby={labelId}
          aria-busy={saving || undefined}
          className={cn(
            'border-input bg-background flex h-10 w-full items-center justify-between gap-2 rounded-md border px-3 text-left text-sm shadow-xs outline-none',
            'focus-visible:border-ring focus-visible:ring-ring/40 focus-visible:ring-[3px] disabled:cursor-not-allowed disabled:opacity-60',
            'data-[placeholder]:text-muted-foreground',
          )}
        >
          <span className="truncate">
            <Select.Value placeholder="Choose a coaching tone" />
          </span>
          <Select.Icon>
            <ChevronDown aria-hidden="true" className="text-muted-foreground size-4" />
          </Select.Icon>
        </Select.Trigger>
        <Select.Portal>
          {/* The list itself scrolls and takes focus, so it is reachable when it is taller than a small screen
              (axe: scrollable-region-focusable); Radix keeps Tab from leaving the open select either way. */}
          <Select.Content
            tabIndex={0}
            position="popper"
            sideOffset={6}
            className="bg-popover text-popover-foreground z-50 max-h-(--radix-select-content-available-height) w-(--radix-select-trigger-width) min-w-64 overflow-y-auto rounded-lg border shadow-lg"
          >
            <Select.Viewport className="p-1" style={{ overflow: 'visible' }}>
              {tones.map((tone) => (
                <Select.Item
                  key={tone.id}
                  value={tone.id}
                  className="data-[highlighted]:bg-accent relative grid cursor-pointer gap-0.5 rounded-md py-2 pr-8 pl-2 text-sm outline-hidden select-none"
                >
                  <span className="flex items-center gap-2 font-medium">
                    <Select.ItemText>{tone.title}</Select.ItemText>
                    {tone.id === value && <Badge>Active</Badge>}
                  </span>
                  <span className="text-muted-foreground text-xs">{tone.subtitle}</span>
                  <span className="text-muted-foreground text-xs italic">&ldquo;{tone.quote}&rdquo;</span>
                  <Select.ItemIndicator className="absolute top-2.5 right-2">
                    <Check aria-hidden="true" className="text-primary size-4" />
                  </Select.ItemIndicator>
                </Select.Item>
              ))}
            </Select.Viewport>
          </Select.Content>
        </Select.Portal>
      </Select.Root>
      {current && <p className="text-muted-foreground text-sm">Current tone: {current.subtitle}</p>}
    </div>
  );
}
