import { useState } from 'react';
import { Sparkles } from 'lucide-react';
import { findPlanByKey, type Plan } from '@app/shared';
import { PageHead } from '@/components/layouts/page-head';
import { BillingPeriodToggle } from '@/components/billing-period-toggle';
import { CallToAction } from '@/features/marketing/components/call-to-action';
import { PageIntro } from '@/features/marketing/components/page-intro';
import { PricingComparison } from '@/features/marketing/components/pricing-comparison';
import { PricingPlanCard } from '@/features/marketing/components/pricing-plan-card';
import { TrustBadges } from '@/features/marketing/components/trust-badges';
import { useBetaCopy } from '@/lib/beta-places';
import type { BillingPeriod } from '@app/shared';
import { saveBadge } from '@/lib/plan-price';
import { useChoosePlan } from '../choose-plan';

function catalogued(key: 'free_beta' | 'space_pass'): Plan {
  const plan = findPlanByKey(key);
  // The catalogue is part of the build; a missing key is a programming error, not a visitor's.
  if (!plan) throw new Error(`The plan catalogue has no ${key} plan.`);
  return plan;
}

const freeBeta = catalogued('free_beta');
const spacePass = catalogued('space_pass');

export default function PricingPage() {
  const [period, setPeriod] = useState<BillingPeriod>('month');
  const choose = useChoosePlan();
  const choosePlan = (planName: string) => choose(planName, period);
  const beta = useBetaCopy();

  return (
    <>
      <PageHead
        title="Pricing"
        description={`Calm Space is free during the private beta. After that, ${spacePass.name} gives you everyday coaching in your messaging app for a small monthly or yearly price.`}
        path="/pricing"
      />
      <div className="bg-primary text-primary-foreground">
        <p className="mx-auto flex max-w-6xl flex-wrap items-center justify-center gap-x-2 gap-y-1 px-4 py-2.5 text-center text-sm sm:px-6">
          <Sparkles aria-hidden="true" className="size-4" />
          <strong className="font-semibold">Private beta now open:</strong>
          <span>
            free for founding members, with a lifetime discount after launch.
            {beta && ` ${beta.spotsOfSeats}.`}
          </span>
        </p>
      </div>
      <PageIntro eyebrow="Pricing" title="Simple, honest pricing">
        <p>
          Start free while the beta runs. When you are ready, {spacePass.name} keeps your coach in your pocket for less
          than a coffee a week.
        </p>
      </PageIntro>

      <section aria-labelledby="plans-title" className="mx-auto max-w-5xl px-4 sm:px-6">
        <h2 id="plans-title" className="sr-only">
          Plans
        </h2>
        <div className="flex justify-center">
          <BillingPeriodToggle value={period} onChange={setPeriod} yearlyBadge={saveBadge(spacePass)} />
        </div>
        <div className="mt-10 grid gap-6 md:grid-cols-2">
          <PricingPlanCard
            plan={freeBeta}
            period={period}
            tagline="For founding members of the private beta"
            freeNote="For as long as the beta runs"
            action="Join Free Beta"
            onChoose={choosePlan}
          />
          <PricingPlanCard
            plan={spacePass}
            period={period}
            tagline="Everyday coaching, whenever stress hits"
            action={`Choose ${spacePass.name}`}
            featured
            onChoose={choosePlan}
          />
        </div>
      </section>

      <div className="mt-12">
        <TrustBadges />
      </div>

      <PricingComparison plan={spacePass} period={period} />

      <CallToAction title="Your calmer working week starts here">
        Claim your founding-member place while spots last. It is free during the beta, and you can cancel any time.
      </CallToAction>
    </>
  );
}
