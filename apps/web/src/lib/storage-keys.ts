import { roleStorageKey } from '@app/shared';

/** Every browser-storage key the app uses, in one place. */
export const STORAGE_KEYS = {
  /** localStorage: the remembered role, one key per user id. */
  currentRole: roleStorageKey,
  /** localStorage: plan chosen on /pricing, read once by onboarding. */
  selectedPricingPlan: 'selectedPricingPlan',
  /** sessionStorage: toasts a page left for the next page it loads (JSON list, lib/toast-after-load). */
  toastsAfterLoad: 'toastsAfterLoad',
  /** sessionStorage: the exit-intent popup was shown this session. */
  exitIntentShown: 'exitIntentShown',
  /** localStorage: the demo visitor's profile (JSON, docs/product.md#demo-mode). */
  demoUser: 'demoUser',
  /** localStorage: 'true' while a demo is running (docs/product.md#demo-mode). */
  demoSession: 'demoSession',
  /** localStorage: the demo visitor's reflections (JSON list, newest first). */
  demoReflections: 'demoReflections',
  /** localStorage: the demo visitor's prompt ratings (JSON map prompt id → 1–5). */
  demoPromptRatings: 'demoPromptRatings',
  /** localStorage: the demo visitor's tracker feedback (JSON). */
  demoTrackerFeedback: 'demoTrackerFeedback',
  /** localStorage: the /dev/whatsapp phone's number and profile name (JSON, local mode only). */
  devWhatsAppPhone: 'devWhatsAppPhone',
} as const;
