import { useEffect, useState } from 'react';
import { localStore } from '@/lib/browser-storage';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { startingPlan } from '../lib/onboarding-plan';

/**
 * Reads `selectedPricingPlan` once and removes it (docs/product.md#onboarding). Reading in the
 * state initialiser and removing in an effect keeps the choice under React's
 * development double-render, which would otherwise see the key already gone.
 */
export function useStartingPlan(): string {
  const [plan] = useState(() => startingPlan(localStore.get(STORAGE_KEYS.selectedPricingPlan)));
  useEffect(() => {
    localStore.remove(STORAGE_KEYS.selectedPricingPlan);
  }, []);
  return plan;
}
