/**
 * The onboarding feature's public surface: the signed-in wizard. The public
 * /onboarding-complete page imports its pieces directly, so it never loads the wizard.
 */
export { OnboardingWizard } from './components/onboarding-wizard';
