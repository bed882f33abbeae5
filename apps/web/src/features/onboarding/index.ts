/** The onboarding feature's public surface: the two-step wizard and the page after it. */
export { OnboardingWizard } from './components/onboarding-wizard';
export { SpaceReady, SpaceReadyIntro } from './components/space-ready';
export { planFromState } from './lib/onboarding-plan';
