import type { BillingPeriod } from '@app/shared';

/**
 * A billing period's word in an address (`/subscription?period=yearly`,
 * `/auth?plan=…&period=…`, decision 021), kept as it was so links made before
 * keep working; /pricing's no-script form sends it too. Apart from the words a
 * page shows (PERIOD_WORDS in plan-price.ts): /auth reads addresses at first
 * load and shows no price.
 */
const ADDRESS_WORDS: Record<BillingPeriod, 'monthly' | 'yearly'> = { month: 'monthly', year: 'yearly' };

export const periodInAddress = (period: BillingPeriod) => ADDRESS_WORDS[period];

/** The period an address names; anything else is monthly. */
export const periodFromAddress = (word: string | null): BillingPeriod =>
  word === ADDRESS_WORDS.year ? 'year' : 'month';
