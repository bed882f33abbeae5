import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Role } from '@app/shared';
import type { Database } from '../db/client';
import { auditLog, userRoles, users } from '../db/schema';
import { recordAudit } from './audit';

/** Roles of one account, ordered by role ascending (docs/product.md#accounts-and-signing-in). */
export async function rolesOf(db: Database, userId: string): Promise<Role[]> {
  const rows = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(userRoles.role));
  return rows.map((r) => r.role);
}

/** Where an admin role granted outside the admin area came from, for the audit log. */
export type AdminGrantSource = 'ADMIN_EMAILS' | 'grant-admin CLI';

/**
 * Grants admin to the accounts that use one of these addresses AND have
 * proven they own it (decision 010): an unconfirmed sign-up never gains it.
 * Each new grant writes an audit row. Returns the addresses that gained the
 * role now, and the listed addresses whose account is not verified yet.
 */
export async function grantAdminToVerified(
  db: Database,
  emails: readonly string[],
  source: AdminGrantSource,
): Promise<{ granted: string[]; unverified: string[] }> {
  const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()).filter(Boolean))];
  if (wanted.length === 0) return { granted: [], unverified: [] };
  const accounts = await db
    .select({ id: users.id, email: users.email, verified: users.emailVerified })
    .from(users)
    .where(inArray(users.email, wanted));
  const proven = accounts.filter((a) => a.verified);
  const unverified = accounts.filter((a) => !a.verified).map((a) => a.email);
  if (proven.length === 0) return { granted: [], unverified };
  const granted = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(userRoles)
      .values(proven.map((a) => ({ userId: a.id, role: 'admin' as const })))
      .onConflictDoNothing()
      .returning({ userId: userRoles.userId });
    for (const { userId } of inserted) {
      await recordAudit(tx, {
        actorId: null,
        action: 'role.add',
        targetUserId: userId,
        details: { role: 'admin', source },
      });
    }
    return inserted.map((row) => proven.find((a) => a.id === row.userId)!.email);
  });
  return { granted, unverified };
}

export interface UnprovenAdmin {
  userId: string;
  email: string;
  /** Set when the role was granted in the admin area by an admin whose own address is unverified. */
  grantedBy?: string;
}

/**
 * Admin roles that no proven address stands behind: held by an account whose
 * address is unverified (granted before the rule of decision 010 existed), or
 * granted in the admin area by such an account. Reported at start-up, never
 * removed silently: an operator decides.
 */
export async function unprovenAdmins(db: Database): Promise<UnprovenAdmin[]> {
  const holders = await db
    .select({ userId: users.id, email: users.email })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(userRoles.role, 'admin'), eq(users.emailVerified, false)))
    .orderBy(asc(users.email));
  if (holders.length === 0) return [];
  const grants = await db
    .selectDistinct({ userId: users.id, email: users.email, grantedBy: auditLog.actorId })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.targetUserId))
    .innerJoin(userRoles, and(eq(userRoles.userId, auditLog.targetUserId), eq(userRoles.role, 'admin')))
    .where(
      and(
        eq(auditLog.action, 'role.add'),
        sql`${auditLog.details}->>'role' = 'admin'`,
        inArray(
          auditLog.actorId,
          holders.map((h) => h.userId),
        ),
      ),
    )
    .orderBy(asc(users.email));
  const holderEmail = new Map(holders.map((h) => [h.userId, h.email]));
  return [
    ...holders,
    ...grants
      .filter((g) => !holderEmail.has(g.userId))
      .map((g) => ({ userId: g.userId, email: g.email, grantedBy: holderEmail.get(g.grantedBy!)! })),
  ];
}
