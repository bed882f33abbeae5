/** The billing feature's public surface: the member's subscription and plan changes. */
export { subscriptionQueryKey, subscriptionQueryOptions, useSubscription } from './api/get-subscription';
export { SubscriptionPlanCard } from './components/subscription-plan-card';
export { currentPlanName } from './lib/plan-change';
