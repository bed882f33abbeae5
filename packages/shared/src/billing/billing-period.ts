/**
 * How often a subscription is billed. Its own module, without zod: the public
 * pages' period toggle reads it at first load (the budgets of
 * e2e/js-budget.e2e.ts), while the request schemas that use it load later.
 */
export const BILLING_PERIODS = ['month', 'year'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];
