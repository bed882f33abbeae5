import { roleStorageKey } from '@app/shared';

/** Every browser-storage key the app uses, in one place (user-app §3). */
export const STORAGE_KEYS = {
  /** localStorage: the remembered role, one key per user id. */
  currentRole: roleStorageKey,
  /** localStorage: plan chosen on /pricing, read once by onboarding. */
  selectedPricingPlan: 'selectedPricingPlan',
  /** sessionStorage: the exit-intent popup was shown this session. */
  exitIntentShown: 'exitIntentShown',
} as const;
