import { betaCopy } from '@app/shared';
import type { PlanAvailability } from '@/components/plan-picker/plan-picker';
import { useBetaPlace } from '../api/get-beta-place';

/**
 * Free Beta Access has limited places (BETA_SEATS, decision 023): the picker
 * says how many are left, and once none are, that the beta is full; a member
 * who holds a place keeps it. The count is worded as on the public pages,
 * which show the same live figure (decision 038).
 */
export function usePlanAvailability(): Required<PlanAvailability> {
  const beta = useBetaPlace().data;
  const full = Boolean(beta && beta.left === 0 && !beta.holding);
  return {
    unavailable: (plan) => plan.key === 'free_beta' && full,
    noteFor: (plan) => {
      if (plan.key !== 'free_beta' || !beta) return null;
      if (beta.holding) return 'You hold one of the beta places: unlimited conversations during the beta.';
      if (full) return `The beta is full: all ${beta.seats} places are taken. You stay on your current plan.`;
      return `${betaCopy(beta).spotsOfSeats}: unlimited conversations during the beta.`;
    },
  };
}
