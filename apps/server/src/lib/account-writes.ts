import { and, eq, like } from 'drizzle-orm';
import { MAX_FULL_NAME_LENGTH } from '@app/shared';
import type { Database } from '../db/client';
import { profiles, users, verifications } from '../db/schema';

/** Writes to accounts that better-auth's hooks make on our behalf (lib/auth.ts). */

/**
 * A name that reaches the database without passing our endpoint rules comes
 * from Google's profile; it is cut to the shared limit rather than refused,
 * since the member cannot correct it there. (Typed names were checked already.)
 */
export function clampProviderName<T extends { name?: unknown }>(data: T): { data: T } | undefined {
  if (typeof data.name !== 'string' || data.name.trim().length <= MAX_FULL_NAME_LENGTH) return undefined;
  return { data: { ...data, name: data.name.trim().slice(0, MAX_FULL_NAME_LENGTH) } };
}

/** users.name and profiles.full_name hold the same name, whichever endpoint changed it. */
export async function copyNameToProfile(db: Database, userId: string, name: string): Promise<void> {
  await db
    .update(profiles)
    .set({ fullName: name.trim() || null, updatedAt: new Date() })
    .where(eq(profiles.id, userId));
}

/**
 * Removes every password-reset token of the account (better-auth keeps them as
 * `reset-password:<token>` rows whose value is the account id).
 */
export async function endOtherResets(db: Database, userId: string): Promise<void> {
  await db
    .delete(verifications)
    .where(and(eq(verifications.value, userId), like(verifications.identifier, 'reset-password:%')));
}

/** Marks the account's address as verified; returns the account. */
export async function markAddressProven(db: Database, userId: string) {
  const [row] = await db
    .update(users)
    .set({ emailVerified: true, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ email: users.email, emailVerified: users.emailVerified });
  return row;
}
