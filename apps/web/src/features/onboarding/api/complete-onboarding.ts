import { useMutation } from '@tanstack/react-query';
import { api, read } from '@/lib/api';
import { profilePlanToSave } from '../lib/onboarding-plan';

/** PATCH /api/me/profile with the plan onboarding may write (nothing for a paid plan). */
export async function completeOnboarding(chosenPlan: string): Promise<void> {
  const pricingPlan = profilePlanToSave(chosenPlan);
  if (pricingPlan === null) return;
  await read(api.me.profile.$patch({ json: { pricing_plan: pricingPlan } }));
}

/** `onCompleted` refreshes what the plan shows in (the dashboard's badge reads the cached profile). */
export function useCompleteOnboarding(onCompleted?: () => unknown) {
  return useMutation({
    mutationFn: completeOnboarding,
    onSuccess: () => onCompleted?.(),
  });
}
