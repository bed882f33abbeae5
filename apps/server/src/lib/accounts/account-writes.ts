import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { MAX_FULL_NAME_LENGTH } from '@app/shared';
import type { Database, Tx } from '../../db/client';
import { accounts, profiles, sessions, users, verifications } from '../../db/schema';

/** Writes to accounts that better-auth's hooks make on our behalf (lib/auth/auth.ts). */

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

/** Ends every session of the account and forgets its password: only a reset link or Google lets it in again. */
export async function forgetPasswordAndSessions(tx: Database | Tx, userId: string): Promise<void> {
  await tx.delete(accounts).where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}

/**
 * Google (or another provider) vouched for an address whose account never
 * proved it (decision 046): the password was chosen by whoever signed up,
 * perhaps not the address's owner, so it goes, with any session. Returns
 * whether it did.
 */
export async function dropUnprovenPassword(db: Database, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user || user.emailVerified) return false;
    await forgetPasswordAndSessions(tx, userId);
    return true;
  });
}

/**
 * The confirmation page's "choose a new password" (decision 046): the holder
 * of the link disowns what the sign-up chose. The password is replaced (as a
 * reset would), every session and reset link ends, and the name typed at
 * sign-up goes too: it may be a stranger's words.
 */
export async function replaceSignUpPassword(db: Database, userId: string, passwordHash: string): Promise<void> {
  await db.transaction(async (tx) => {
    await forgetPasswordAndSessions(tx, userId);
    await tx
      .insert(accounts)
      .values({ id: randomUUID(), accountId: userId, providerId: 'credential', userId, password: passwordHash });
    await tx
      .delete(verifications)
      .where(and(eq(verifications.value, userId), like(verifications.identifier, 'reset-password:%')));
    await tx.update(users).set({ name: '', updatedAt: new Date() }).where(eq(users.id, userId));
    await tx.update(profiles).set({ fullName: null, updatedAt: new Date() }).where(eq(profiles.id, userId));
  });
}
