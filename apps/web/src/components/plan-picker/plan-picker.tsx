import { useRef, useState, type KeyboardEvent } from 'react';
import { findPlanByKey, PICKER_PLAN_KEYS, type Plan } from '@app/shared';
import { BillingPeriodToggle } from '@/components/billing-period-toggle';
import { saveBadge, type BillingPeriod } from '@/lib/plan-price';
import { PlanCard } from './plan-card';

const pickerPlans: Plan[] = PICKER_PLAN_KEYS.map((key) => findPlanByKey(key)).filter((p): p is Plan => Boolean(p));
/** The paid plan whose yearly saving the toggle's badge names. */
const paidPlan = pickerPlans.find((plan) => !plan.free);

/** Keys that move the selection within the group, as a native radio group does. */
const STEP: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

interface PlanPickerProps {
  /** The chosen plan's name; a name not offered here (Base Camp, say) checks no card. */
  value: string;
  onChange: (planName: string) => void;
  disabled?: boolean;
}

/**
 * The plan picker of docs/product.md#plans-and-their-names: Monthly/Yearly toggle and the two picker plans
 * as a radio group. One Tab stop (the checked card, else the first); arrow keys
 * move and select, wrapping round; Space or Enter selects the focused card.
 */
export function PlanPicker({ value, onChange, disabled }: PlanPickerProps) {
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const cards = useRef<(HTMLDivElement | null)[]>([]);
  const checkedIndex = pickerPlans.findIndex((plan) => plan.name === value);
  const tabStopIndex = checkedIndex === -1 ? 0 : checkedIndex;

  const onCardKeyDown = (index: number) => (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      onChange(pickerPlans[index]!.name);
      return;
    }
    let next: number | undefined;
    if (event.key in STEP) next = (index + STEP[event.key]! + pickerPlans.length) % pickerPlans.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = pickerPlans.length - 1;
    if (next === undefined) return;
    event.preventDefault();
    cards.current[next]?.focus();
    onChange(pickerPlans[next]!.name);
  };

  return (
    <div className="grid gap-5">
      <BillingPeriodToggle
        value={period}
        onChange={setPeriod}
        yearlyBadge={paidPlan ? saveBadge(paidPlan) : undefined}
      />
      <div
        role="radiogroup"
        aria-label="Plans"
        aria-disabled={disabled || undefined}
        className="grid gap-6 pt-3 sm:grid-cols-2 sm:gap-4"
      >
        {pickerPlans.map((plan, index) => (
          <PlanCard
            key={plan.key}
            ref={(node) => {
              cards.current[index] = node;
            }}
            plan={plan}
            period={period}
            checked={index === checkedIndex}
            tabStop={index === tabStopIndex}
            popular={index === 1}
            disabled={disabled}
            onSelect={() => onChange(plan.name)}
            onKeyDown={onCardKeyDown(index)}
          />
        ))}
      </div>
    </div>
  );
}
