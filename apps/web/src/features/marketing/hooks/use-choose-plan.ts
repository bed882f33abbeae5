import { useNavigate } from 'react-router';
import { localStore } from '@/lib/browser-storage';
import { STORAGE_KEYS } from '@/lib/storage-keys';

/**
 * Remembers the plan picked on /pricing (onboarding reads it once, docs/product.md#public-site)
 * and opens the sign-up tab of /auth.
 */
export function useChoosePlan() {
  const navigate = useNavigate();
  return (planName: string) => {
    localStore.set(STORAGE_KEYS.selectedPricingPlan, planName);
    void navigate('/auth', { state: { tab: 'signup' } });
  };
}
