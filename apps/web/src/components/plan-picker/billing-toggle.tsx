import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import type { BillingPeriod } from './plan-price';

const OPTIONS: { value: BillingPeriod; label: string }[] = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'yearly', label: 'Yearly' },
];

/** Monthly/Yearly switch of the plan picker; Yearly carries the "Save 20%" badge (user-app §2). */
export function BillingToggle({
  value,
  onChange,
}: {
  value: BillingPeriod;
  onChange: (period: BillingPeriod) => void;
}) {
  return (
    <div role="group" aria-label="Billing period" className="bg-muted inline-flex w-fit rounded-lg p-1">
      {OPTIONS.map((option) => {
        const active = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(option.value)}
            className={cn(
              'inline-flex h-9 items-center gap-2 rounded-md px-4 text-sm font-medium transition-[color,background-color,box-shadow] outline-none',
              'focus-visible:ring-ring/50 focus-visible:ring-[3px]',
              active ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {option.label}
            {option.value === 'yearly' && <Badge variant="premium">Save 20%</Badge>}
          </button>
        );
      })}
    </div>
  );
}
