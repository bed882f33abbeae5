import { and, asc, eq, sql } from 'drizzle-orm';
import type { CoachRefDto } from '@app/shared';
import type { Database } from '../../db/client';
import { profiles, userRoles, users } from '../../db/schema';

/**
 * The coaching team as the inbox names it (decision 061): every active
 * account with the admin role. A conversation is assigned to one of them.
 */

/** An admin with no name in their profile, as the team sees them. */
export const UNNAMED_COACH = 'Unnamed coach';

const coachName = sql<string>`coalesce(nullif(btrim(${profiles.fullName}), ''), ${UNNAMED_COACH})`;
const isActiveCoach = and(eq(userRoles.role, 'admin'), eq(profiles.isActive, true));

/** Every active admin, by name. */
export async function teamCoaches(db: Database): Promise<CoachRefDto[]> {
  const rows = await db
    .select({ id: users.id, name: coachName })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(isActiveCoach)
    .orderBy(asc(coachName), asc(users.id));
  return rows;
}

/** One active admin by id, or null: whom a conversation may be assigned to. */
export async function activeCoach(db: Database, id: string): Promise<CoachRefDto | null> {
  const [row] = await db
    .select({ id: users.id, name: coachName })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(and(eq(users.id, id), isActiveCoach));
  return row ?? null;
}
