import { and, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { twoFactors } from '../../db/schema';
import type { Auth } from './auth';

/**
 * A code typed now, for an act that is hard to take back (decision 061:
 * granting the admin role). The admin's session passed the factor at sign-in
 * (decision 047); this asks the person at the keyboard again.
 *
 * The code is checked by the two-factor plugin itself (its verify endpoint,
 * called in the admin's live session, which checks and changes nothing). The
 * plugin does not count attempts made in a live session, so this does, on the
 * plugin's own counter: wrong codes here and at sign-in add up, and ten in a
 * row lock the factor for 15 minutes, as the plugin locks it.
 */

export type FreshCodeResult = 'passed' | 'wrong' | 'locked' | 'not_enrolled';

const MAX_FAILED = 10;
const LOCK_MINUTES = 15;

export async function checkFreshCode(
  deps: { db: Database; auth: Auth },
  userId: string,
  headers: Headers,
  code: string,
): Promise<FreshCodeResult> {
  const { db, auth } = deps;
  const now = new Date();
  const [factor] = await db
    .select({ id: twoFactors.id, lockedUntil: twoFactors.lockedUntil })
    .from(twoFactors)
    .where(eq(twoFactors.userId, userId));
  if (!factor) return 'not_enrolled';
  if (factor.lockedUntil && factor.lockedUntil > now) return 'locked';
  if (factor.lockedUntil) {
    // A lock that ran out starts the count again (as the plugin does at sign-in).
    await db
      .update(twoFactors)
      .set({ failedVerificationCount: 0, lockedUntil: null })
      .where(and(eq(twoFactors.id, factor.id), lte(twoFactors.lockedUntil, now)));
  }

  let passed = false;
  try {
    await auth.api.verifyTOTP({ body: { code }, headers });
    passed = true;
  } catch {
    // A wrong code (401 from the plugin); nothing else reaches here with a live admin session.
  }
  if (passed) {
    await db.update(twoFactors).set({ failedVerificationCount: 0 }).where(eq(twoFactors.id, factor.id));
    return 'passed';
  }
  // One atomic step: simultaneous wrong codes each count.
  const [after] = await db
    .update(twoFactors)
    .set({
      failedVerificationCount: sql`${twoFactors.failedVerificationCount} + 1`,
      lockedUntil: sql`case when ${twoFactors.failedVerificationCount} + 1 >= ${MAX_FAILED}
                            then now() + make_interval(mins => ${LOCK_MINUTES}) else ${twoFactors.lockedUntil} end`,
    })
    .where(eq(twoFactors.id, factor.id))
    .returning({ lockedUntil: twoFactors.lockedUntil });
  return after?.lockedUntil && after.lockedUntil > new Date() ? 'locked' : 'wrong';
}
