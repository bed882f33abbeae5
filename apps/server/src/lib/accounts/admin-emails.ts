import type { Database } from '../../db/client';
import type { Logger } from '../logger';
import { grantAdminToVerified, unprovenAdmins } from './roles';

/**
 * The ADMIN_EMAILS rule (decision 010): a listed address holds the admin role
 * once its account has proven it owns the address — by the confirmation link,
 * an email-change link, a password-reset link, or a Google account that
 * vouches for it. Never for an unconfirmed sign-up.
 */
export function createAdminEmailsRule(db: Database, adminEmails: readonly string[], logger: Logger) {
  const listed = new Set(adminEmails.map((e) => e.toLowerCase()));
  return {
    /** Runs after every write of an account (create or update) that better-auth makes. */
    async onAccountWritten(user: { email: string; emailVerified: boolean } | null | undefined) {
      if (!user?.emailVerified || !listed.has(user.email.toLowerCase())) return;
      const { granted } = await grantAdminToVerified(db, [user.email], 'ADMIN_EMAILS');
      if (granted.length) logger.info({ email: user.email }, 'admin role granted from ADMIN_EMAILS');
    },
  };
}

/**
 * At start-up: grants the role to listed accounts that are verified, and warns
 * about every admin role no proven address stands behind (it is not removed
 * automatically: an operator checks it and removes it in the admin area).
 */
export async function applyAdminEmailsAtStartup(db: Database, adminEmails: readonly string[], logger: Logger) {
  const { granted, unverified } = await grantAdminToVerified(db, adminEmails, 'ADMIN_EMAILS');
  if (granted.length) logger.info({ granted }, 'admin role granted from ADMIN_EMAILS');
  if (unverified.length) {
    logger.info({ unverified }, 'ADMIN_EMAILS accounts gain the admin role once their address is verified');
  }
  for (const admin of await unprovenAdmins(db)) {
    if (admin.grantedBy) {
      logger.warn(
        { userId: admin.userId, email: admin.email, grantedBy: admin.grantedBy },
        'admin role was granted by an account whose address is not verified: check it, and remove it in the admin area unless you know it is right',
      );
    } else {
      logger.warn(
        { userId: admin.userId, email: admin.email },
        'admin role is held by an account whose address is not verified: check it, and remove it in the admin area unless you know it is right',
      );
    }
  }
}
