import { useId, type ReactNode } from 'react';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';

interface KindSectionProps {
  title: string;
  description: string;
  checked: boolean;
  onCheckedChange(checked: boolean): void;
  /** Its times and days, shown while it is on. */
  children?: ReactNode;
}

/** One thing the programme can send, with its on/off switch; its details show while it is on. */
export function KindSection({ title, description, checked, onCheckedChange, children }: KindSectionProps) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={`${id}-title`} className="grid gap-4 rounded-xl border p-4">
      <div className="flex items-start justify-between gap-4">
        <div className="grid gap-1">
          <Label id={`${id}-title`} htmlFor={id} className="text-base">
            {title}
          </Label>
          <p id={`${id}-description`} className="text-muted-foreground text-sm">
            {description}
          </p>
        </div>
        <Switch
          id={id}
          checked={checked}
          onCheckedChange={onCheckedChange}
          aria-describedby={`${id}-description`}
          className="mt-0.5"
        />
      </div>
      {checked && children}
    </div>
  );
}
