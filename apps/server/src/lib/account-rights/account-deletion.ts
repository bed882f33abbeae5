import { and, eq, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  auditLog,
  chatMessages,
  exitIntentSurveys,
  outbox,
  profiles,
  retainedPaymentRecords,
  subscriptions,
  userRoles,
  users,
  verifications,
} from '../../db/schema';
import { lockAdminChanges } from '../accounts/roles';
import { enqueueMail } from '../mail/mail-delivery';
import { accountDeletedMail } from '../mail/templates';

/**
 * How long a deleted member's de-identified financial record is kept: the
 * privacy policy's "Financial records: kept for 7 years, as UK tax law
 * requires" (LEGAL.financialRecordYears in the web app's legal facts).
 */
export const FINANCIAL_RECORD_YEARS = 7;

/** Why an account cannot be deleted now: what the member must do first. */
export type DeletionRefusal =
  /** A subscription that will renew: the member cancels it first (decision 031). */
  | { outcome: 'subscription_renews'; renewsAt: Date | null }
  /** The only active admin: the service would be left with nobody to run it. */
  | { outcome: 'last_admin' };

export type DeletionResult = { outcome: 'deleted' } | { outcome: 'not_found' } | DeletionRefusal;

/** A subscription still billing: live, and not already set to end with its paid period. */
function renews(sub: typeof subscriptions.$inferSelect, now: Date): boolean {
  const live = sub.status === 'active' || sub.status === 'past_due' || sub.status === 'trialing';
  const periodOpen = !sub.currentPeriodEnd || sub.currentPeriodEnd > now;
  return live && periodOpen && !sub.cancelAtPeriodEnd;
}

/**
 * The one rule of what stops a deletion (decision 031), asked by the deletion itself (inside its
 * transaction, under the admin-change lock) and by the profile beforehand, so a member is told
 * before typing anything; null when nothing does.
 */
export async function deletionRefusal(
  db: Pick<Database, 'select'>,
  userId: string,
  now = new Date(),
): Promise<DeletionRefusal | null> {
  const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  if (sub && renews(sub, now)) return { outcome: 'subscription_renews', renewsAt: sub.currentPeriodEnd };

  const [isAdmin] = await db
    .select({ one: sql`1` })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, 'admin')));
  if (isAdmin) {
    const [otherAdmin] = await db
      .select({ one: sql`1` })
      .from(userRoles)
      .innerJoin(profiles, eq(profiles.id, userRoles.userId))
      .where(and(eq(userRoles.role, 'admin'), ne(userRoles.userId, userId), eq(profiles.isActive, true)))
      .limit(1);
    if (!otherAdmin) return { outcome: 'last_admin' };
  }
  return null;
}

/**
 * Deletes a member's account in one transaction (decision 031): everything the
 * privacy policy calls "account and coaching data" goes at once, and with it
 * every session, so they are signed out everywhere. What stays is only what
 * the law asks for: the subscription's financial facts, with nothing naming
 * the member. A confirmation mail is queued in the same transaction.
 *
 * Most rows go by the users row's ON DELETE CASCADE (sessions, sign-in methods,
 * profile, roles, reflections, ratings, tracker feedback, the member's chat
 * messages and the replies to them, subscription, payment customer, beta place,
 * checkouts, pending email change, mail queued for the account wherever it was
 * addressed). The rows below are linked by something other than a foreign
 * key, or by one that would only be set to null, and are deleted by hand.
 */
export async function deleteAccount(
  db: Database,
  { userId, publicUrl, now = new Date() }: { userId: string; publicUrl: string; now?: Date },
): Promise<DeletionResult> {
  return db.transaction(async (tx) => {
    // Under the admin-change lock, so two admins deleting themselves at once cannot leave none.
    await lockAdminChanges(tx, null);
    const [account] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!account) return { outcome: 'not_found' };

    const refusal = await deletionRefusal(tx, userId, now);
    if (refusal) return refusal;
    const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId));

    if (sub) {
      const keepUntil = new Date(now);
      keepUntil.setUTCFullYear(keepUntil.getUTCFullYear() + FINANCIAL_RECORD_YEARS);
      // No user id, customer id, name or address: the provider's subscription
      // reference is enough to match its invoices, and names nobody here.
      await tx.insert(retainedPaymentRecords).values({
        provider: sub.provider,
        providerSubscriptionId: sub.providerSubscriptionId,
        planKey: sub.planKey,
        billingPeriod: sub.billingPeriod,
        status: sub.status,
        startedAt: sub.createdAt,
        currentPeriodEnd: sub.currentPeriodEnd,
        accountDeletedAt: now,
        keepUntil,
      });
    }
    // Records past their period go too; deletions are when the table is looked at anyway.
    await tx.delete(retainedPaymentRecords).where(lt(retainedPaymentRecords.keepUntil, now));

    const sameAddress = (column: typeof exitIntentSurveys.email | SQL) =>
      sql`lower(${column}) = lower(${account.email})`;
    // The admin's per-member history (actor rows of an admin who leaves keep the change, with actor null).
    await tx.delete(auditLog).where(eq(auditLog.targetUserId, userId));
    // The public exit survey has no account link; the address is what ties it to the member.
    await tx.delete(exitIntentSurveys).where(sameAddress(exitIntentSurveys.email));
    // Mails already sent or waiting to be: they hold the name, the address and live links.
    // (Mail sent for the account to another address, an email change's, goes by cascade.)
    // The exit survey's webhook deliveries hold the survey's address, like the survey.
    await tx
      .delete(outbox)
      .where(
        or(
          and(eq(outbox.topic, 'mail'), sameAddress(sql`${outbox.payload} ->> 'to'`)),
          and(eq(outbox.topic, 'webhook'), sameAddress(sql`${outbox.payload} -> 'body' ->> 'email'`)),
        ),
      );
    // Outstanding password-reset links (better-auth stores the account id as the value).
    await tx.delete(verifications).where(eq(verifications.value, userId));
    // A coach who leaves does not take their replies out of members' conversations:
    // they stay, without a writer, shown as from the coaching team (decision 049).
    await tx
      .update(chatMessages)
      .set({ senderId: null })
      .where(and(eq(chatMessages.senderId, userId), eq(chatMessages.authorKind, 'coach')));
    await tx.delete(users).where(eq(users.id, userId));

    const mail = accountDeletedMail(account, publicUrl);
    await enqueueMail(tx, { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    return { outcome: 'deleted' };
  });
}
