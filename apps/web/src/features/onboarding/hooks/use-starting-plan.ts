import { useState } from 'react';
import { localStore } from '@/lib/browser-storage';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { startingPlan } from '../lib/onboarding-plan';

/**
 * Reads `selectedPricingPlan` (docs/product.md#onboarding). The key stays until
 * Complete Setup succeeds (forgetChosenPlan), so a reload or a confirmation
 * link opened later still starts on the plan chosen on /pricing (decision 033).
 */
export function useStartingPlan(): string {
  const [plan] = useState(() => startingPlan(localStore.get(STORAGE_KEYS.selectedPricingPlan)));
  return plan;
}

/** Onboarding is done: the choice made on /pricing has been acted on. */
export function forgetChosenPlan(): void {
  localStore.remove(STORAGE_KEYS.selectedPricingPlan);
}
