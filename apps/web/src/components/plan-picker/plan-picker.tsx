import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { findPlanByKey, PICKER_PLAN_KEYS, type Plan, type PlanKey } from '@app/shared';
import { BillingPeriodToggle } from '@/components/billing-period-toggle';
import type { BillingPeriod } from '@app/shared';
import { saveBadge } from '@/lib/plan-price';
import { PlanCard } from './plan-card';

const plansOf = (keys: readonly PlanKey[]): Plan[] =>
  keys.map((key) => findPlanByKey(key)).filter((p): p is Plan => Boolean(p));

/** Keys that move the selection within the group, as a native radio group does. */
const STEP: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/** What a screen tells the picker about each plan's availability (the beta being full, say). */
export interface PlanAvailability {
  /** A line on a card that says plainly what stands in its way. */
  noteFor?: (plan: Plan) => ReactNode;
  /** A card that cannot be chosen now. */
  unavailable?: (plan: Plan) => boolean;
}

interface PlanPickerProps extends PlanAvailability {
  /** The chosen plan's name; a name not offered here (Base Camp, say) checks no card. */
  value: string;
  onChange: (planName: string) => void;
  disabled?: boolean;
  /** The plans offered; the two picker plans (docs/product.md#plans-and-their-names) unless given (the subscription page: Base Camp and The Space Pass). */
  planKeys?: readonly PlanKey[];
  /** The card flagged Most Popular. */
  popularKey?: PlanKey;
  /** The billing period, when the page keeps it (the subscription page buys it); else the picker's own. */
  period?: BillingPeriod;
  onPeriodChange?: (period: BillingPeriod) => void;
  /**
   * Whether the arrow keys choose the card they move to, as a native radio group does (the default).
   * Where choosing asks for confirmation (the profile's plan-change dialogs), the arrows only move
   * focus, and Space, Enter or a click choose: browsing the plans never opens a dialog (decision 034).
   */
  arrowsChoose?: boolean;
  /** Every feature of every card, none summed up (the subscription page, where the plan is paid for). */
  allFeatures?: boolean;
}

/**
 * The plan picker of docs/product.md#plans-and-their-names: Monthly/Yearly toggle and the two picker plans
 * as a radio group. One Tab stop (the checked card, else the first); arrow keys
 * move and select (or only move, see `arrowsChoose`), wrapping round; Space or Enter selects the focused card.
 */
export function PlanPicker({
  value,
  onChange,
  disabled,
  planKeys = PICKER_PLAN_KEYS,
  allFeatures,
  popularKey = 'space_pass',
  period: givenPeriod,
  onPeriodChange,
  noteFor,
  unavailable,
  arrowsChoose = true,
}: PlanPickerProps) {
  const [ownPeriod, setOwnPeriod] = useState<BillingPeriod>('month');
  const period = givenPeriod ?? ownPeriod;
  const setPeriod = onPeriodChange ?? setOwnPeriod;
  const pickerPlans = plansOf(planKeys);
  /** The paid plan whose yearly saving the toggle's badge names. */
  const paidPlan = pickerPlans.find((plan) => !plan.free);
  const cards = useRef<(HTMLDivElement | null)[]>([]);
  const checkedIndex = pickerPlans.findIndex((plan) => plan.name === value);
  const tabStopIndex = checkedIndex === -1 ? 0 : checkedIndex;

  const onCardKeyDown = (index: number) => (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      if (!unavailable?.(pickerPlans[index]!)) onChange(pickerPlans[index]!.name);
      return;
    }
    let next: number | undefined;
    if (event.key in STEP) next = (index + STEP[event.key]! + pickerPlans.length) % pickerPlans.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = pickerPlans.length - 1;
    if (next === undefined) return;
    event.preventDefault();
    cards.current[next]?.focus();
    if (arrowsChoose && !unavailable?.(pickerPlans[next]!)) onChange(pickerPlans[next]!.name);
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
            popular={plan.key === popularKey}
            disabled={disabled || unavailable?.(plan)}
            note={noteFor?.(plan)}
            allFeatures={allFeatures}
            onSelect={() => onChange(plan.name)}
            onKeyDown={onCardKeyDown(index)}
          />
        ))}
      </div>
    </div>
  );
}
