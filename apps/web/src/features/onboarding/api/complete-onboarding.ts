import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, read } from '@/lib/api';
import { profilePlanToSave } from '../lib/onboarding-plan';

/** PATCH /api/me/profile with the plan onboarding may write (nothing for a paid plan). */
export async function completeOnboarding(chosenPlan: string): Promise<void> {
  const pricingPlan = profilePlanToSave(chosenPlan);
  if (pricingPlan === null) return;
  await read(api.me.profile.$patch({ json: { pricing_plan: pricingPlan } }));
}

export function useCompleteOnboarding(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeOnboarding,
    // The dashboard's plan badge reads this cached profile.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['me', userId, 'profile'] }),
  });
}
