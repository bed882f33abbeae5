import { ConfigError, loadConfig } from '../env';
import { openDatabase } from '../db/client';
import { DataDirLockedError } from '../db/data-dir-lock';
import { resetSecondFactor } from '../lib/second-factor-reset';

/**
 * npm run reset-two-factor -- <email>
 * For someone who lost their authenticator and their recovery codes (decision
 * 047): run by whoever runs the server, never through the support inbox, so
 * nobody can talk their way past the second factor. Removes the factor, ends
 * every session, writes an audit row. Like grant-admin, it refuses a PGlite
 * data directory that a running server holds.
 */
async function main() {
  const email = process.argv[2]?.trim().toLowerCase();
  if (!email || !email.includes('@')) {
    console.error('Usage: npm run reset-two-factor -- <email>');
    process.exit(2);
  }
  try {
    const config = loadConfig();
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      const result = await resetSecondFactor(database.db, email, 'reset-two-factor CLI');
      if (result === 'no-account') {
        console.error(`No account uses ${email}.`);
        process.exitCode = 1;
      } else if (result === 'no-factor') {
        console.log(`${email} has no two-step sign-in; nothing changed.`);
      } else {
        console.log(
          `${email}: two-step sign-in removed and every session ended. They sign in with their password ` +
            'and, if they are an admin, set up a new authenticator before the admin area opens.',
        );
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

void main();
