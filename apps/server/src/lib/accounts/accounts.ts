import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { profiles, sessions, users } from '../../db/schema';
import { recordAudit } from './audit';
import { lockAdminChanges } from './roles';

/**
 * Activates or deactivates an account. Deactivation revokes every session in
 * the same transaction, so the member is signed out everywhere at once. Runs
 * under the admin-change lock (lib/accounts/roles.ts): an admin whose own role or
 * account was taken away by a simultaneous change cannot go on to deactivate
 * the last other admin.
 */
export async function setAccountActive(
  db: Database,
  { actorId, userId, isActive }: { actorId: string | null; userId: string; isActive: boolean },
): Promise<'changed' | 'not_found' | 'actor_not_admin'> {
  return db.transaction(async (tx) => {
    if (!(await lockAdminChanges(tx, actorId))) return 'actor_not_admin';
    const [current] = await tx
      .select({ isActive: profiles.isActive })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .for('update');
    if (!current) return 'not_found';
    await tx.update(profiles).set({ isActive, updatedAt: new Date() }).where(eq(profiles.id, userId));
    if (!isActive) await tx.delete(sessions).where(eq(sessions.userId, userId));
    await recordAudit(tx, {
      actorId,
      action: isActive ? 'account.activate' : 'account.deactivate',
      targetUserId: userId,
      details: { before: current.isActive, after: isActive },
    });
    return 'changed';
  });
}

/**
 * Why the account may not hold a session, if it may not: deactivated, or its
 * address never proven (decision 046). better-auth's session.create hook asks
 * this on every way in.
 */
export async function sessionRefusal(db: Database, userId: string): Promise<'deactivated' | 'unproven' | null> {
  const [row] = await db
    .select({ isActive: profiles.isActive, emailVerified: users.emailVerified })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId));
  // No profile yet means the account is being created in this very transaction.
  if (row?.isActive === false) return 'deactivated';
  if (row && !row.emailVerified) return 'unproven';
  return null;
}
