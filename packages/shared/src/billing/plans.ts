import { DEFAULT_PLAN_NAME } from '../product/constants';

/**
 * The plan catalogue: the single source of truth for every plan name the
 * specification uses (docs/product.md#plans-and-their-names). Prices are in pence to keep sums exact.
 * Stripe price ids are configuration (server side), looked up by `key`.
 */
export type PlanKey = 'base_camp' | 'free_beta' | 'thirty_day_free' | 'space_pass' | 'relief_plan';

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
];

export const PLAN_NAMES = PLANS.map((p) => p.name) as readonly string[];

/**
 * Plans once sold and sold no more (decision 065): the Starter, Growth and Summit
 * tiers. A subscription row, a Stripe event or a profile that still names one
 * reads as The Space Pass, so nobody who paid for one loses what they paid for.
 */
export const EARLIER_PAID_PLANS: Readonly<Record<string, string>> = {
  starter: 'Starter',
  growth: 'Growth',
  summit: 'Summit',
};
const SPACE_PASS_KEY: PlanKey = 'space_pass';
const isEarlierKey = (key: string) => Object.hasOwn(EARLIER_PAID_PLANS, key);
const isEarlierName = (name: string) => Object.values(EARLIER_PAID_PLANS).includes(name);

export function findPlanByName(name: string | null | undefined): Plan | undefined {
  if (name && isEarlierName(name)) return findPlanByKey(SPACE_PASS_KEY);
  return PLANS.find((p) => p.name === name);
}

export function findPlanByKey(key: string | null | undefined): Plan | undefined {
  const wanted = key && isEarlierKey(key) ? SPACE_PASS_KEY : key;
  return PLANS.find((p) => p.key === wanted);
}

/** Badge for any stored plan name; unknown or missing names count as the free default. */
export function planBadge(name: string | null | undefined): PlanBadge {
  return findPlanByName(name)?.badge ?? 'Free';
}

/** The two cards of the plan picker (docs/product.md#plans-and-their-names). */
export const PICKER_PLAN_KEYS: readonly PlanKey[] = ['free_beta', 'space_pass'];

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
 * What a member pays for when they choose a paid plan (decision 065): The Space
 * Pass, the one plan sold. The Relief Plan (a greeting's name for the same
 * plan, at the same price) and the earlier tiers are bought as it. Free and
 * unknown plans: undefined (nothing to buy).
 */
export function paidPlanToBuy(name: string | null | undefined): Plan | undefined {
  const plan = findPlanByName(name);
  if (!plan || plan.free) return undefined;
  return findPlanByKey(SPACE_PASS_KEY);
}

/**
 * The member plan of a free plan held without an end date (Base Camp or Free Beta
 * Access): what the demo, which has no server, shows in the shape of GET /api/me/plan.
 */
export function openEndedFreePlan(
  key: 'base_camp' | 'free_beta',
  basis: 'beta' | 'trial' | 'none',
): {
  key: PlanKey;
  name: string;
  badge: PlanBadge;
  basis: 'beta' | 'trial' | 'none';
  unlimited: boolean;
  ends_at: null;
  renews_at: null;
  billing_period: null;
  granted_by_team: false;
} {
  const plan = findPlanByKey(key)!;
  return {
    key: plan.key,
    name: plan.name,
    badge: plan.badge,
    basis,
    unlimited: basis === 'beta',
    ends_at: null,
    renews_at: null,
    billing_period: null,
    granted_by_team: false,
  };
}
