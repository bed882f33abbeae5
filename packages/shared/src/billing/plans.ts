import { DEFAULT_PLAN_NAME } from '../product/constants';

/**
 * The plan catalogue: the single source of truth for every plan name the
 * specification uses (docs/product.md#plans-and-their-names). Prices are in pence to keep sums exact.
 * Stripe price ids are configuration (server side), looked up by `key`.
 */
export type PlanKey =
  'base_camp' | 'free_beta' | 'thirty_day_free' | 'space_pass' | 'relief_plan' | 'starter' | 'growth' | 'summit';

export type PlanBadge = 'Free' | 'Sanctuary Pass';

export interface Plan {
  key: PlanKey;
  name: string;
  free: boolean;
  /** Monthly price in pence; 0 for free plans. */
  monthlyPence: number;
  /** Yearly price in pence (billed once a year); 0 for free plans. */
  yearlyPence: number;
  badge: PlanBadge;
  features: readonly string[];
}

const spaceFeatures = [
  'Unlimited instant-calm conversations',
  'Text and audio coaching in your messaging app',
  'Personalised step tasks and daily check-ins',
  'Weekly progress summaries',
  'Strategic prompts for your focus area',
  'Priority support',
] as const;

export const PLANS: readonly Plan[] = [
  {
    key: 'base_camp',
    name: DEFAULT_PLAN_NAME,
    free: true,
    monthlyPence: 0,
    yearlyPence: 0,
    badge: 'Free',
    features: ['One free coaching conversation', 'Your personal dashboard', 'Focus area and coaching tone'],
  },
  {
    key: 'free_beta',
    name: 'Free Beta Access',
    free: true,
    monthlyPence: 0,
    yearlyPence: 0,
    badge: 'Free',
    features: [
      'Full coaching access during the beta',
      'Text and audio coaching in your messaging app',
      'Founding-member status',
      'Lifetime discount after the beta',
      'No credit card required',
    ],
  },
  {
    key: 'thirty_day_free',
    name: '30-Day Free Access',
    free: true,
    monthlyPence: 0,
    yearlyPence: 0,
    badge: 'Free',
    features: ['30 days of full coaching access', 'No credit card required', 'Cancel anytime'],
  },
  {
    key: 'space_pass',
    name: 'The Space Pass',
    free: false,
    monthlyPence: 599,
    yearlyPence: 5750,
    badge: 'Sanctuary Pass',
    features: spaceFeatures,
  },
  {
    key: 'relief_plan',
    name: 'The Relief Plan',
    free: false,
    monthlyPence: 599,
    yearlyPence: 5750,
    badge: 'Sanctuary Pass',
    features: spaceFeatures,
  },
  {
    key: 'starter',
    name: 'Starter',
    free: false,
    monthlyPence: 599,
    yearlyPence: 5750,
    badge: 'Sanctuary Pass',
    features: ['Unlimited instant-calm conversations', 'Daily check-ins', 'Weekly progress summaries'],
  },
  {
    key: 'growth',
    name: 'Growth',
    free: false,
    monthlyPence: 1299,
    yearlyPence: 12470,
    badge: 'Sanctuary Pass',
    features: [
      'Everything in Starter',
      'Personalised step tasks',
      'Audio coaching sessions',
      'Strategic prompts for your focus area',
    ],
  },
  {
    key: 'summit',
    name: 'Summit',
    free: false,
    monthlyPence: 2499,
    yearlyPence: 23990,
    badge: 'Sanctuary Pass',
    features: ['Everything in Growth', 'Priority responses', 'Monthly deep-dive review', 'Priority support'],
  },
];

export const PLAN_NAMES = PLANS.map((p) => p.name) as readonly string[];

export function findPlanByName(name: string | null | undefined): Plan | undefined {
  return PLANS.find((p) => p.name === name);
}

export function findPlanByKey(key: string | null | undefined): Plan | undefined {
  return PLANS.find((p) => p.key === key);
}

/** Badge for any stored plan name; unknown or missing names count as the free default. */
export function planBadge(name: string | null | undefined): PlanBadge {
  return findPlanByName(name)?.badge ?? 'Free';
}

/** The two cards of the plan picker (docs/product.md#plans-and-their-names). */
export const PICKER_PLAN_KEYS: readonly PlanKey[] = ['free_beta', 'space_pass'];
/** Paid tiers sold on the subscription page (docs/product.md#plans-and-their-names). */
export const SUBSCRIPTION_PLAN_KEYS: readonly PlanKey[] = ['starter', 'growth', 'summit'];
/** Tiers an admin may set directly (docs/product.md#plans-and-their-names). */
export const ADMIN_TIER_NAMES: readonly string[] = ['Base Camp', 'Starter', 'Growth', 'Summit'];

/** "£5.99" from pence. */
export function formatPounds(pence: number): string {
  return `£${(pence / 100).toFixed(2)}`;
}

/** Yearly price shown per month, rounded down to the penny (£57.50 → £4.79). */
export function yearlyPerMonthPence(plan: Plan): number {
  return Math.floor(plan.yearlyPence / 12);
}

/** Displayed yearly saving: twelve monthly payments minus the yearly price (£14.38). */
export function yearlySavingPence(plan: Plan): number {
  return plan.monthlyPence * 12 - plan.yearlyPence;
}

/**
 * The tier that sells a paid plan (decision 021): a tier sells itself; The Space
 * Pass and The Relief Plan, offered by the plan picker and /pricing but not
 * sold as such, are bought as the tier of the same monthly and yearly price
 * (Starter). Free and unknown plans: undefined (nothing to buy).
 */
export function tierForPaidPlan(name: string | null | undefined): Plan | undefined {
  const plan = findPlanByName(name);
  if (!plan || plan.free) return undefined;
  if ((SUBSCRIPTION_PLAN_KEYS as readonly string[]).includes(plan.key)) return plan;
  return PLANS.find(
    (tier) =>
      SUBSCRIPTION_PLAN_KEYS.includes(tier.key) &&
      tier.monthlyPence === plan.monthlyPence &&
      tier.yearlyPence === plan.yearlyPence,
  );
}
