import { eq } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../env';
import { openDatabase, type Database } from '../db/client';
import { users } from '../db/schema';
import { DataDirLockedError } from '../db/data-dir-lock';
import { grantAdminByEmail } from '../lib/roles';

/**
 * npm run grant-admin -- <email>
 * Grants the admin role on a database no server holds open (a running
 * server's PGlite directory is locked, and this refuses it).
 */
async function main() {
  const email = process.argv[2]?.trim().toLowerCase();
  if (!email || !email.includes('@')) {
    console.error('Usage: npm run grant-admin -- <email>');
    process.exit(2);
  }
  try {
    const config = loadConfig();
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      const granted = await grantAdminByEmail(database.db, [email]);
      const { hasAccount } = await accountExists(database.db, email);
      if (!hasAccount) {
        console.error(`No account uses ${email}. Sign up first, or add it to ADMIN_EMAILS.`);
        process.exitCode = 1;
      } else {
        console.log(granted ? `${email} now holds the admin role.` : `${email} already held the admin role.`);
      }
    } finally {
      await database.close();
    }
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function accountExists(db: Database, email: string) {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { hasAccount: rows.length > 0 };
}

void main();
