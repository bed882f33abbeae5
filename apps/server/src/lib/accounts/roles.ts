import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Role } from '@app/shared';
import type { Database, Tx } from '../../db/client';
import { auditLog, profiles, userRoles, users } from '../../db/schema';
import { recordAudit } from './audit';

/** Roles of one account, ordered by role ascending (docs/product.md#accounts-and-signing-in). */
export async function rolesOf(db: Database | Tx, userId: string): Promise<Role[]> {
  const rows = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(userRoles.role));
  return rows.map((r) => r.role);
}

/**
 * Every admin-area change to roles or activation runs under this one
 * transaction-scoped advisory lock, so its checks read the accounts as the
 * previous change left them: two simultaneous removals cannot leave a member
 * with no role, nor the service with no active admin. Such changes are rare;
 * one at a time costs nothing.
 */
const ADMIN_CHANGE_LOCK = 7_312_001;

/**
 * Takes the lock, then confirms that the acting admin still holds the admin
 * role on an active account: the request's guard checked it before a
 * simultaneous change (another admin removing this one) may have committed.
 */
export async function lockAdminChanges(tx: Tx, actorId: string | null): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_CHANGE_LOCK})`);
  if (actorId === null) return true;
  const [actor] = await tx
    .select({ one: sql`1` })
    .from(userRoles)
    .innerJoin(profiles, eq(profiles.id, userRoles.userId))
    .where(and(eq(userRoles.userId, actorId), eq(userRoles.role, 'admin'), eq(profiles.isActive, true)));
  return Boolean(actor);
}

export type RoleChangeResult =
  | { outcome: 'changed' | 'unchanged'; roles: Role[] }
  | { outcome: 'not_found' | 'not_held' | 'last_role' | 'last_admin' | 'actor_not_admin' };

type RoleChange = { actorId: string; userId: string; role: Role };
type Refusal = { outcome: 'not_held' | 'last_role' | 'last_admin' };

/**
 * One role change in the admin area: under the lock, on an existing account,
 * refused when `check` finds a reason; otherwise applied and audited with the
 * roles before and after.
 */
function changeRole(
  db: Database,
  { actorId, userId, role }: RoleChange,
  action: 'role.add' | 'role.remove',
  check: (tx: Tx, before: Role[]) => Promise<Refusal | 'unchanged' | null>,
  apply: (tx: Tx) => Promise<unknown>,
): Promise<RoleChangeResult> {
  return db.transaction(async (tx) => {
    if (!(await lockAdminChanges(tx, actorId))) return { outcome: 'actor_not_admin' };
    const [target] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!target) return { outcome: 'not_found' };
    const before = await rolesOf(tx, userId);
    const refusal = await check(tx, before);
    if (refusal === 'unchanged') return { outcome: 'unchanged', roles: before };
    if (refusal) return refusal;
    await apply(tx);
    const after = await rolesOf(tx, userId);
    await recordAudit(tx, { actorId, action, targetUserId: userId, details: { role, before, after } });
    return { outcome: 'changed', roles: after };
  });
}

/** Adds a role (admin area). */
export function addRole(db: Database, change: RoleChange): Promise<RoleChangeResult> {
  return changeRole(
    db,
    change,
    'role.add',
    async (_tx, before) => (before.includes(change.role) ? 'unchanged' : null),
    (tx) => tx.insert(userRoles).values({ userId: change.userId, role: change.role }).onConflictDoNothing(),
  );
}

/**
 * Removes a role (admin area) unless it is the member's last one
 * (docs/product.md#admin-back-office) or the last admin's admin role.
 */
export function removeRole(db: Database, change: RoleChange): Promise<RoleChangeResult> {
  const { userId, role } = change;
  return changeRole(
    db,
    change,
    'role.remove',
    async (tx, before): Promise<Refusal | null> => {
      if (!before.includes(role)) return { outcome: 'not_held' };
      if (before.length === 1) return { outcome: 'last_role' };
      if (role !== 'admin') return null;
      // At least one other active admin must remain.
      const [others] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(userRoles)
        .innerJoin(profiles, eq(profiles.id, userRoles.userId))
        .where(and(eq(userRoles.role, 'admin'), eq(profiles.isActive, true), ne(userRoles.userId, userId)));
      return (others?.n ?? 0) === 0 ? { outcome: 'last_admin' } : null;
    },
    (tx) => tx.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, role))),
  );
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
