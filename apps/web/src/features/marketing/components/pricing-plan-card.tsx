import { Check } from 'lucide-react';
import type { BillingPeriod, Plan } from '@app/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { periodInAddress } from '@/lib/period-in-address';
import { displayPrice, saveBadge } from '@/lib/plan-price';

interface PricingPlanCardProps {
  plan: Plan;
  period: BillingPeriod;
  tagline: string;
  /** The free plan's note under its price. */
  freeNote?: string;
  action: string;
  featured?: boolean;
  onChoose: (planName: string) => void;
}

/**
 * One plan on /pricing: name, price for the chosen period, every feature, and a button.
 * The button submits a form to /auth?plan=…&period=…: a click on the pre-rendered page,
 * before React has taken it over, still arrives (the /auth route reads the plan from the
 * address). Once React runs, the submit is handled here and the address stays clean.
 */
export function PricingPlanCard({ plan, period, tagline, freeNote, action, featured, onChoose }: PricingPlanCardProps) {
  const price = displayPrice(plan, period);
  const headingId = `plan-${plan.key}`;
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'bg-card relative flex flex-col rounded-2xl border p-6 shadow-xs sm:p-8',
        featured && 'border-featured-foreground/30 ring-featured/50 shadow-md ring-4',
      )}
    >
      {featured && (
        <p className="bg-featured text-featured-foreground absolute -top-3 left-6 rounded-full px-3 py-1 text-xs font-semibold">
          Most Popular
        </p>
      )}
      <h3 id={headingId} className="text-xl font-semibold">
        {plan.name}
      </h3>
      <p className="text-muted-foreground mt-1 text-sm">{tagline}</p>
      <div className="mt-6 flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <p className="text-4xl font-semibold tracking-tight sm:text-5xl">{price.perMonth}</p>
        <p className="text-muted-foreground">per month</p>
        {price.saving && (
          <Badge variant="savings" className="ml-1 self-center">
            {saveBadge(plan)}
          </Badge>
        )}
      </div>
      <div className="mt-2 min-h-12 text-sm">
        {price.billing ? (
          <p className="text-muted-foreground">{price.billing}</p>
        ) : (
          <p className="text-muted-foreground">{freeNote}</p>
        )}
        {price.saving && <p className="text-primary font-medium">{price.saving}</p>}
      </div>
      <ul className="mt-6 flex-1 space-y-3 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-3">
            <Check aria-hidden="true" className="text-primary mt-0.5 size-4 shrink-0" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <form
        method="get"
        action="/auth"
        className="mt-8"
        onSubmit={(event) => {
          event.preventDefault();
          onChoose(plan.name);
        }}
      >
        <input type="hidden" name="plan" value={plan.name} />
        <input type="hidden" name="period" value={periodInAddress(period)} />
        <Button type="submit" size="lg" variant={featured ? 'default' : 'outline'} className="w-full">
          {action}
        </Button>
      </form>
    </article>
  );
}
