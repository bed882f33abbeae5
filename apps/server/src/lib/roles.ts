import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Role } from '@app/shared';
import type { Database } from '../db/client';
import { userRoles, users } from '../db/schema';

/** Roles of one account, ordered by role ascending (user-app §7). */
export async function rolesOf(db: Database, userId: string): Promise<Role[]> {
  const rows = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(userRoles.role));
  return rows.map((r) => r.role);
}

export async function hasRole(db: Database, userId: string, role: Role): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)))
    .limit(1);
  return Boolean(row);
}

/** Grants admin to every existing account whose address is listed; returns how many gained it. */
export async function grantAdminByEmail(db: Database, emails: readonly string[]): Promise<number> {
  const wanted = emails.map((e) => e.trim().toLowerCase()).filter(Boolean);
  if (wanted.length === 0) return 0;
  const accounts = await db.select({ id: users.id }).from(users).where(inArray(users.email, wanted));
  if (accounts.length === 0) return 0;
  const inserted = await db
    .insert(userRoles)
    .values(accounts.map((a) => ({ userId: a.id, role: 'admin' as const })))
    .onConflictDoNothing()
    .returning({ id: userRoles.id });
  return inserted.length;
}
