import { resetSecondFactor } from '../lib/auth/second-factor-reset';
import { runEmailCommand } from './email-command';

/**
 * npm run reset-two-factor -- <email>
 * For someone who lost their authenticator and their recovery codes (decision
 * 047): run by whoever runs the server, never through the support inbox, so
 * nobody can talk their way past the second factor. Removes the factor, ends
 * every session, writes an audit row. Like grant-admin, it refuses a PGlite
 * data directory that a running server holds.
 */
runEmailCommand('npm run reset-two-factor -- <email>', async (db, email) => {
  const result = await resetSecondFactor(db, email, 'reset-two-factor CLI');
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
});
