import { ChevronDown } from 'lucide-react';
import { DropdownMenu as DropdownMenuPrimitive } from 'radix-ui';
import type { FocusAreaDto } from '@app/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/cn';
import { focusAreaClasses, focusAreaIcon } from '../lib/focus-area-style';

interface FocusAreaDropdownProps {
  labelId: string;
  focusAreas: FocusAreaDto[] | undefined;
  loading: boolean;
  error: boolean;
  /** The member's focus area id; none saved shows "Choose a focus area", as the banner does (decision 034). */
  value: string | null;
  saving: boolean;
  onChange: (focusAreaId: string) => void;
}

/** What the control says until a focus area is saved: a prompt, not the first entry as if it were chosen. */
const CHOOSE_FOCUS_AREA = 'Choose a focus area';

/** The focus-area dropdown of docs/product.md#profile. */
export function FocusAreaDropdown({
  labelId,
  focusAreas,
  loading,
  error,
  value,
  saving,
  onChange,
}: FocusAreaDropdownProps) {
  const options = focusAreas ?? [];
  const shown = options.find((a) => a.id === value);
  // Not disabled while saving: a disabled trigger loses focus, which would drop a keyboard user to the page body.
  const disabled = loading || error || options.length === 0;
  const Icon = focusAreaIcon(shown?.icon_name);
  const buttonText = loading
    ? 'Loading focus areas...'
    : options.length === 0
      ? 'No focus areas available'
      : (shown?.label ?? CHOOSE_FOCUS_AREA);

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild disabled={disabled}>
        <Button
          variant="outline"
          aria-labelledby={`${labelId} ${labelId}-value`}
          aria-busy={saving || undefined}
          className="h-auto w-full justify-start gap-3 py-2.5 text-left"
        >
          <span
            aria-hidden="true"
            className={cn(
              'flex size-8 shrink-0 items-center justify-center rounded-md border',
              shown ? focusAreaClasses(shown.color_classes) : 'bg-muted text-muted-foreground',
            )}
          >
            <Icon />
          </span>
          <span
            id={`${labelId}-value`}
            className={cn('min-w-0 flex-1 truncate font-medium', !shown && 'text-muted-foreground')}
          >
            {buttonText}
          </span>
          <ChevronDown aria-hidden="true" className="text-muted-foreground" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="start"
        className="w-(--radix-dropdown-menu-trigger-width) min-w-72 max-w-[calc(100vw-2rem)]"
      >
        <DropdownMenuLabel>Choose your current focus</DropdownMenuLabel>
        <DropdownMenuPrimitive.RadioGroup value={value ?? ''} onValueChange={onChange}>
          {options.map((area) => {
            const AreaIcon = focusAreaIcon(area.icon_name);
            const active = area.id === value;
            return (
              <DropdownMenuPrimitive.RadioItem
                key={area.id}
                value={area.id}
                className="focus:bg-accent relative flex cursor-pointer items-start gap-3 rounded-md px-2 py-2.5 text-sm outline-hidden select-none"
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'flex size-8 shrink-0 items-center justify-center rounded-md border [&_svg]:size-4',
                    focusAreaClasses(area.color_classes),
                  )}
                >
                  <AreaIcon />
                </span>
                <span className="grid min-w-0 flex-1 gap-0.5">
                  <span className="flex items-center gap-2 font-medium">
                    {area.label}
                    {active && <Badge>Active</Badge>}
                  </span>
                  <span className="text-muted-foreground text-xs leading-relaxed">{area.description}</span>
                </span>
              </DropdownMenuPrimitive.RadioItem>
            );
          })}
        </DropdownMenuPrimitive.RadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
