import { and, eq, sql } from 'drizzle-orm';
import { EXIT_SURVEY_SOURCE } from '@app/shared';
import type { Tx } from '../../db/client';
import { exitIntentSurveys, planGrants, users } from '../../db/schema';

/** How long the exit-intent offer gives full access, counted from sign-up (docs/product.md#exit-intent-offer). */
export const EXIT_OFFER_DAYS = 30;
const DAY_MS = 24 * 60 * 60_000;

export type ExitOfferClaim =
  { outcome: 'granted' | 'held'; endsAt: Date } | { outcome: 'not_claimed' } | { outcome: 'over'; endsAt: Date };

export const EXIT_OFFER_NOT_CLAIMED_MESSAGE =
  '30-Day Free Access is the offer for visitors who answered our two questions: claim it with the email address of this account first.';
export const exitOfferOverMessage = (endsAt: Date) =>
  `30-Day Free Access runs for 30 days from sign-up; yours ended on ${endsAt.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' })}.`;

/**
 * Turns the exit-intent offer into access (decision 065): the member's plan becomes
 * 30-Day Free Access for 30 days from their sign-up, a plan grant. Only for the member
 * who claimed it: an exit survey was saved with their account's email address, which
 * they proved theirs by confirming it (no session without that). Once: one offer grant
 * per member (a unique index), so a second claim, or two at once, finds it held.
 */
export async function claimExitOffer(tx: Tx, userId: string, now = new Date()): Promise<ExitOfferClaim> {
  const [member] = await tx
    .select({ email: users.email, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!member) return { outcome: 'not_claimed' };
  const [held] = await tx
    .select({ endsAt: planGrants.endsAt })
    .from(planGrants)
    .where(and(eq(planGrants.userId, userId), eq(planGrants.source, 'offer')));
  if (held) return { outcome: 'held', endsAt: held.endsAt };
  const [survey] = await tx
    .select({ id: exitIntentSurveys.id })
    .from(exitIntentSurveys)
    .where(
      and(
        eq(exitIntentSurveys.source, EXIT_SURVEY_SOURCE),
        sql`lower(${exitIntentSurveys.email}) = lower(${member.email})`,
      ),
    )
    .limit(1);
  if (!survey) return { outcome: 'not_claimed' };
  const endsAt = new Date(member.createdAt.getTime() + EXIT_OFFER_DAYS * DAY_MS);
  if (endsAt <= now) return { outcome: 'over', endsAt };
  const inserted = await tx
    .insert(planGrants)
    .values({ userId, planKey: 'thirty_day_free', source: 'offer', startsAt: member.createdAt, endsAt })
    .onConflictDoNothing()
    .returning({ endsAt: planGrants.endsAt });
  return { outcome: inserted.length ? 'granted' : 'held', endsAt };
}
