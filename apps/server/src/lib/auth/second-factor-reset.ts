import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions, twoFactors, users } from '../../db/schema';
import { recordAudit } from '../accounts/audit';

export type SecondFactorResetResult = 'reset' | 'no-factor' | 'no-account';

/**
 * The operator's way back in for someone who lost both their authenticator and
 * their recovery codes (decision 047; `npm run reset-two-factor`): removes the
 * account's factor and ends every session, in one transaction with its audit
 * row. The account then signs in with the password alone, and an admin is
 * taken to set up a new authenticator before the admin area answers. The
 * session and users triggers (migration 0007) tell every running instance.
 */
export async function resetSecondFactor(db: Database, email: string, source: string): Promise<SecondFactorResetResult> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ id: users.id, enabled: users.twoFactorEnabled })
      .from(users)
      .where(eq(users.email, email))
      .for('update');
    if (!account) return 'no-account';
    const removed = await tx
      .delete(twoFactors)
      .where(eq(twoFactors.userId, account.id))
      .returning({ id: twoFactors.id });
    if (!account.enabled && removed.length === 0) return 'no-factor';
    await tx.update(users).set({ twoFactorEnabled: false, updatedAt: new Date() }).where(eq(users.id, account.id));
    await tx.delete(sessions).where(eq(sessions.userId, account.id));
    await recordAudit(tx, { actorId: null, action: 'two_factor.reset', targetUserId: account.id, details: { source } });
    return 'reset';
  });
}
