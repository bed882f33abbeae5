import { findPlanByName } from '@app/shared';
import { localStore } from '@/lib/browser-storage';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * "You're joining with The Space Pass": the plan chosen on /pricing, which
 * onboarding starts on (decision 033). Read after hydration only: the
 * pre-rendered /auth page cannot know what this browser stored.
 */
export function ChosenPlanNote() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  const plan = findPlanByName(localStore.get(STORAGE_KEYS.selectedPricingPlan));
  if (!plan) return null;
  return (
    <p className="bg-secondary/60 text-secondary-foreground rounded-md px-3 py-2 text-center text-sm">
      You&apos;re joining with <strong className="font-semibold">{plan.name}</strong>. You can change it while you set
      up your space.
    </p>
  );
}
