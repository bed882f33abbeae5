import { useNavigate } from '@/lib/app-navigation';
import { paidPlanToBuy } from '@app/shared';
import { useAuth } from '@/features/auth';
import { subscriptionPathFor } from '@/features/billing/lib/chooser-start';
import { localStore } from '@/lib/browser-storage';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import type { BillingPeriod } from '@app/shared';
import { SIGN_UP_PATH, SIGN_UP_STATE } from '@/lib/sign-up-link';

interface ChooseOptions {
  /** Replaces the current history entry (a choice that arrived on /auth in its address). */
  replace?: boolean;
  /** More navigation state for /auth (its mark that the same screen stays, app/routes/auth.tsx). */
  state?: object;
}

/**
 * What a plan button on /pricing does, also when its choice arrives on /auth in the
 * address (`?plan=`, sent by the button's form before JavaScript ran). A member who is
 * signed in already buys a paid plan straight away (decision 021), and switches to a free
 * one where their plan is changed, on the profile (decision 033). Everyone else signs up
 * first: the plan is remembered (onboarding reads it once, docs/product.md#public-site)
 * and the Sign Up tab of /auth opens.
 */
export function useChoosePlan() {
  const { user } = useAuth();
  const navigate = useNavigate();
  return (planName: string, period: BillingPeriod, { replace = false, state = {} }: ChooseOptions = {}) => {
    if (user) {
      void navigate(paidPlanToBuy(planName) ? subscriptionPathFor(planName, period) : '/profile#plan', { replace });
      return;
    }
    localStore.set(STORAGE_KEYS.selectedPricingPlan, planName);
    // The address names the tab too, so a marketing page's page load arrives on it (decision 041);
    // a choice that arrived on /auth in the address (`replace`) is already there, and the
    // address it just cleaned stays clean: the state alone opens the tab.
    void navigate(replace ? '/auth' : SIGN_UP_PATH, { replace, state: { ...state, ...SIGN_UP_STATE } });
  };
}
