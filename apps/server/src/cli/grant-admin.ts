import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { grantAdminToVerified } from '../lib/accounts/roles';
import { runEmailCommand } from './email-command';

/**
 * npm run grant-admin -- <email>
 * Grants the admin role on a database no server holds open (a running
 * server's PGlite directory is locked, and this refuses it). Like
 * ADMIN_EMAILS, only to an account that has verified its address
 * (decision 010): whoever typed the address cannot tell who signed up with it.
 */
runEmailCommand('npm run grant-admin -- <email>', async (db, email) => {
  const { granted, unverified } = await grantAdminToVerified(db, [email], 'grant-admin CLI');
  if (unverified.length) {
    console.error(
      `The account using ${email} has not verified its address yet, so it cannot hold the admin role. ` +
        'Ask its owner to follow the link in their confirmation mail (or to reset their password), then run this again.',
    );
    process.exitCode = 1;
  } else if (!(await accountExists(db, email))) {
    console.error(`No account uses ${email}. Sign up first, or add it to ADMIN_EMAILS.`);
    process.exitCode = 1;
  } else {
    console.log(granted.length ? `${email} now holds the admin role.` : `${email} already held the admin role.`);
  }
});

async function accountExists(db: Database, email: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return rows.length > 0;
}
