/** The billing feature's public surface: the member's subscription and plan changes. */
export { useSubscription } from './api/get-subscription';
export { SubscriptionPlanCard } from './components/subscription-plan-card';
export { useMemberPlan, useRefreshMemberPlan } from './api/get-member-plan';
export { SubscriptionStatusCard } from './components/subscription-status-card';
export { SubscriptionPlanChooser } from './components/subscription-plan-chooser';
export { LocalCheckout } from './components/local-checkout';
export { LocalPortal } from './components/local-portal';
export { chooserStart } from './lib/chooser-start';
export { useRefreshBetaPlace } from './api/get-beta-place';
export { usePlanAvailability } from './hooks/use-plan-availability';
export { PlanSummary } from './components/plan-summary';
