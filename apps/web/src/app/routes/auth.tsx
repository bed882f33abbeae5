import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { findPlanByName } from '@app/shared';
import { useAuth } from '@/features/auth';
import { AuthScreen } from '@/features/auth/components/auth-screen';
import { chooserStart } from '@/features/billing/lib/chooser-start';
import type { BillingPeriod } from '@/lib/plan-price';
import { useChoosePlan } from '../choose-plan';

interface PlanArrival {
  plan: string;
  period: BillingPeriod;
}

/**
 * /auth?plan=…&period=…: a plan button on /pricing clicked before JavaScript ran (its form
 * submits here). Read once, after hydration (the pre-rendered page cannot know the
 * address), then taken out of the address; a name that is not a plan is ignored.
 */
function usePlanFromAddress(): PlanArrival | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [arrival, setArrival] = useState<PlanArrival | null>(null);
  useEffect(() => {
    const search = new URLSearchParams(location.search);
    if (!search.has('plan')) return;
    const plan = findPlanByName(search.get('plan'));
    if (plan) setArrival({ plan: plan.name, period: chooserStart(search).period });
    search.delete('plan');
    search.delete('period');
    const rest = search.toString();
    void navigate({ search: rest ? `?${rest}` : '' }, { replace: true, state: location.state });
    // Once, on arrival: the address is cleaned straight away.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return arrival;
}

export default function AuthPage() {
  const location = useLocation();
  const auth = useAuth();
  const choosePlan = useChoosePlan();
  const arrival = usePlanFromAddress();
  // Who the arriving plan was acted on for, once the session is known.
  const [handledFor, setHandledFor] = useState<'member' | 'visitor' | null>(null);

  // Chosen as the /pricing button would have.
  useEffect(() => {
    if (!arrival || handledFor || auth.loading) return;
    setHandledFor(auth.user ? 'member' : 'visitor');
    choosePlan(arrival.plan, arrival.period, { replace: true });
  }, [arrival, handledFor, auth.loading, auth.user, choosePlan]);

  // A member with a plan to act on leaves for it, not for the dashboard /auth sends them to.
  if (arrival && handledFor !== 'visitor' && auth.user) return null;
  // Keyed by the entry: arriving again (with the Sign Up tab asked for) opens afresh.
  return <AuthScreen key={location.key} />;
}
