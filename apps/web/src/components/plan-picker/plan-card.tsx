import { useId, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { Check } from 'lucide-react';
import type { Plan } from '@app/shared';
import { cn } from '@/lib/cn';
import type { BillingPeriod } from '@app/shared';
import { displayPrice } from '@/lib/plan-price';

/** Under a free plan's £0, where a paid plan says how it is billed. */
const FREE_NOTE = 'Free, no card needed';

/** Plan cards show this many features; the rest are summed up (docs/product.md#plans-and-their-names). */
const SHOWN_FEATURES = 3;

interface PlanCardProps {
  ref?: Ref<HTMLDivElement>;
  plan: Plan;
  period: BillingPeriod;
  checked: boolean;
  /** Whether the card is the group's one Tab stop (roving tabindex). */
  tabStop: boolean;
  popular: boolean;
  disabled?: boolean;
  /** A line under the price saying what stands in the way, or what to know. */
  note?: ReactNode;
  /** Every feature, none summed up: where the plan is paid for, it is described in full. */
  allFeatures?: boolean;
  onSelect: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
}

/**
 * One radio of the plan picker. A div rather than a button, because a card
 * holds a list; role="radio" gives it the same meaning to assistive technology,
 * named by the plan and described by its price and features.
 */
export function PlanCard({
  ref,
  plan,
  period,
  checked,
  tabStop,
  popular,
  disabled,
  note,
  allFeatures = false,
  onSelect,
  onKeyDown,
}: PlanCardProps) {
  const id = useId();
  const price = displayPrice(plan, period);
  const shown = allFeatures ? plan.features : plan.features.slice(0, SHOWN_FEATURES);
  const more = plan.features.length - shown.length;

  return (
    <div
      ref={ref}
      role="radio"
      aria-checked={checked}
      aria-disabled={disabled || undefined}
      aria-labelledby={`${id}-name`}
      aria-describedby={`${id}-price ${note ? `${id}-note ` : ''}${id}-features`}
      tabIndex={tabStop ? 0 : -1}
      onClick={disabled ? undefined : onSelect}
      onKeyDown={onKeyDown}
      className={cn(
        'bg-card relative flex flex-col gap-4 rounded-xl border-2 p-5 text-left shadow-sm transition-[border-color,background-color,box-shadow] outline-none sm:p-6',
        'focus-visible:ring-ring/50 focus-visible:ring-[3px]',
        checked ? 'border-primary bg-teal-50/70 shadow-md' : 'border-border',
        disabled ? 'cursor-not-allowed opacity-70' : 'hover:border-primary/60 cursor-pointer',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        {popular && (
          // Sits on the card's top edge, so both cards' names line up.
          <span className="bg-featured text-featured-foreground absolute -top-3 left-5 rounded-full px-2.5 py-0.5 text-xs font-semibold shadow-sm sm:left-6">
            Most Popular
          </span>
        )}
        <p id={`${id}-name`} className="text-lg font-semibold tracking-tight">
          {plan.name}
        </p>
        <span
          aria-hidden="true"
          className={cn(
            'flex size-6 shrink-0 items-center justify-center rounded-full border-2',
            checked ? 'border-primary bg-primary text-primary-foreground' : 'border-input bg-background',
          )}
        >
          {checked && <Check className="size-3.5" strokeWidth={3} />}
        </span>
      </div>

      <p id={`${id}-price`} className="grid gap-0.5">
        <span>
          <span className="text-3xl font-semibold tracking-tight">{price.perMonth}</span>
          <span className="text-muted-foreground text-sm"> per month</span>
        </span>
        <span className="text-muted-foreground text-sm">{price.billing ?? FREE_NOTE}</span>
      </p>
      {note && (
        <p id={`${id}-note`} className="bg-panel-sand rounded-md px-3 py-2 text-sm">
          {note}
        </p>
      )}

      <div id={`${id}-features`} className="grid gap-2">
        <ul className="grid gap-2 text-sm">
          {shown.map((feature) => (
            <li key={feature} className="flex gap-2">
              <Check aria-hidden="true" className="text-primary mt-0.5 size-4 shrink-0" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
        {more > 0 && (
          <p className="text-muted-foreground pl-6 text-sm">
            +{more} more {more === 1 ? 'feature' : 'features'}
          </p>
        )}
      </div>
    </div>
  );
}
