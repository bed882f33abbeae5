import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { BILLING_PERIODS, type BillingPeriod } from '@app/shared';
import { PERIOD_WORDS } from '@/lib/plan-price';
import { useHydrated } from '@/lib/use-hydrated';

interface BillingPeriodToggleProps {
  value: BillingPeriod;
  onChange: (value: BillingPeriod) => void;
  /** "Save 20%", shown beside Yearly. */
  yearlyBadge?: string;
}

const OPTIONS = BILLING_PERIODS.map((value) => ({ value, label: PERIOD_WORDS[value].label }));

/**
 * The one Monthly/Yearly toggle (/pricing and the plan picker): a native radio
 * group styled as a segmented control, so arrow keys move between the two and
 * screen readers announce the choice.
 */
export function BillingPeriodToggle({ value, onChange, yearlyBadge }: BillingPeriodToggleProps) {
  const name = useId();
  // On a pre-rendered page (/pricing) a choice made before React takes over would
  // show Yearly beside monthly prices: the toggle waits for it.
  const hydrated = useHydrated();
  return (
    <fieldset disabled={!hydrated} className="bg-muted inline-flex w-fit rounded-full border p-1">
      <legend className="sr-only">Billing period</legend>
      {OPTIONS.map((option) => (
        <label
          key={option.value}
          className="focus-ring-within has-[:checked]:bg-background has-[:checked]:text-foreground text-muted-foreground relative inline-flex h-10 cursor-pointer items-center gap-2 rounded-full px-5 text-sm font-medium transition-colors has-[:checked]:shadow-sm"
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            // Invisible but covering the whole pill, so a click anywhere on it lands on the radio itself.
            className="absolute inset-0 cursor-pointer appearance-none rounded-full opacity-0"
          />
          {option.label}
          {option.value === 'year' && yearlyBadge && <Badge variant="savings">{yearlyBadge}</Badge>}
        </label>
      ))}
    </fieldset>
  );
}
