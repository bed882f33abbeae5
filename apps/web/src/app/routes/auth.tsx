import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from '@/lib/app-navigation';
import { findPlanByName } from '@app/shared';
import { useAuth } from '@/features/auth';
import { AuthScreen } from '@/features/auth/components/auth-screen';
import { chooserStart } from '@/features/billing/lib/chooser-start';
import type { BillingPeriod } from '@app/shared';
import { SIGN_UP_STATE } from '@/lib/sign-up-link';
import { useChoosePlan } from '../choose-plan';

/**
 * Marks a history entry that only tidies this page's own address (the query read on
 * arrival, the plan it brought): the screen stays as it is, with whatever the visitor
 * typed into it, rather than opening afresh as a new arrival does.
 */
const SAME_SCREEN = { sameScreen: true } as const;

/**
 * The key /auth's screen is mounted under: a new arrival (a link to /auth, Back to it)
 * opens a fresh screen, but the page tidying its own address keeps the screen, so a name
 * and email typed into the pre-rendered form before hydration are never wiped.
 */
function useScreenKey(location: ReturnType<typeof useLocation>): string {
  const sameScreen = (location.state as { sameScreen?: unknown } | null)?.sameScreen === true;
  const [screenKey, setScreenKey] = useState(location.key);
  // Adjusted while rendering (React's pattern for state derived from props), so a new
  // arrival never renders the old screen once.
  if (!sameScreen && screenKey !== location.key) setScreenKey(location.key);
  return sameScreen ? screenKey : location.key;
}

interface PlanArrival {
  plan: string;
  period: BillingPeriod;
}

/**
 * What a link put in the address, read after hydration and then taken out of it:
 * - `?tab=signup` (lib/sign-up-link): a sign-up link followed as a page load (from a
 *   marketing page, before hydration, or with JavaScript off); the page arrives on the
 *   Sign Up tab, and the tab is kept in the state as a link inside the app would;
 * - `?plan=…&period=…`: a plan button on /pricing clicked before JavaScript ran (its
 *   form submits here); a name that is not a plan is ignored.
 */
function useArrivalFromAddress(): PlanArrival | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [arrival, setArrival] = useState<PlanArrival | null>(null);
  useEffect(() => {
    const search = new URLSearchParams(location.search);
    if (!search.has('plan') && !search.has('tab')) return;
    const plan = findPlanByName(search.get('plan'));
    if (plan) setArrival({ plan: plan.name, period: chooserStart(search).period });
    const signUp = search.get('tab') === SIGN_UP_STATE.tab;
    for (const name of ['plan', 'period', 'tab']) search.delete(name);
    const rest = search.toString();
    const state: unknown = { ...(location.state as object | null), ...(signUp ? SIGN_UP_STATE : {}), ...SAME_SCREEN };
    void navigate({ search: rest ? `?${rest}` : '' }, { replace: true, state });
    // On arrival, and when a plan chosen here sends the visitor on to the Sign Up tab
    // (choose-plan.ts names it in the address): the address is cleaned straight away.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.search]);
  return arrival;
}

export default function AuthPage() {
  const location = useLocation();
  const auth = useAuth();
  const choosePlan = useChoosePlan();
  const arrival = useArrivalFromAddress();
  const screenKey = useScreenKey(location);
  // Who the arriving plan was acted on for, once the session is known.
  const [handledFor, setHandledFor] = useState<'member' | 'visitor' | null>(null);

  // Chosen as the /pricing button would have.
  useEffect(() => {
    if (!arrival || handledFor || auth.loading) return;
    setHandledFor(auth.user ? 'member' : 'visitor');
    choosePlan(arrival.plan, arrival.period, { replace: true, state: SAME_SCREEN });
  }, [arrival, handledFor, auth.loading, auth.user, choosePlan]);

  // A member with a plan to act on leaves for it, not for the dashboard /auth sends them to.
  if (arrival && handledFor !== 'visitor' && auth.user) return null;
  // Keyed by the arrival: arriving again (with the Sign Up tab asked for) opens afresh.
  return <AuthScreen key={screenKey} />;
}
