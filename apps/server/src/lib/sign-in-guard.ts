import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import type { HookEndpointContext } from 'better-auth';
import { APIError, isAPIError } from 'better-auth/api';
import { SIGN_IN_LOCKED_CODE, signInLockedMessage } from '@app/shared';
import type { Config } from '../env';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import type { Logger } from './logger';
import { signInLockedMail } from './mail/templates';
import type { Mailer } from './mail/mailer';
import { clearCounter, countHit, readCounter, type CounterState } from './rate-limit-counters';

export const SIGN_IN_PATH = '/sign-in/email';

interface Deps {
  db: Database;
  config: Config;
  mailer: Mailer;
  logger: Logger;
}

/**
 * Password guessing against one account, from any number of addresses
 * (docs/decisions/011). Each attempt is counted before the password is checked,
 * so parallel requests cannot slip past the limit; a successful sign-in clears
 * the count. Past `slowdownAfter` attempts each one waits (doubling, at most
 * four times the first wait); the `lockAfter`-th failure locks the address for
 * `lockSeconds`, when even the right password is refused with 429 and the owner
 * is mailed once. Everything keys on the normalised email, hashed, whether or
 * not an account has it, so the answers never tell who is a member.
 */
export function createSignInGuard({ db, config, mailer, logger }: Deps) {
  const { slowdownAfter, slowdownMs, lockAfter, lockSeconds } = config.signInGuard;
  const keys = (email: string) => {
    const id = createHash('sha256').update(email).digest('hex');
    return { attempts: `sign-in-attempts:${id}`, lock: `sign-in-lock:${id}` };
  };

  const refuse = ({ secondsLeft }: CounterState) =>
    new APIError(
      'TOO_MANY_REQUESTS',
      { message: signInLockedMessage(Math.ceil(secondsLeft / 60)), code: SIGN_IN_LOCKED_CODE },
      { 'Retry-After': String(secondsLeft) },
    );

  /** Starts a lock unless one is running; only the request that starts it sends the mail. */
  async function lock(email: string): Promise<CounterState> {
    const state = await countHit(db, keys(email).lock, { max: 1, windowSeconds: lockSeconds });
    if (state.count === 1) {
      // Not awaited: known and unknown addresses must answer alike, in the same time.
      mailOwner(email).catch((error: unknown) => logger.error({ err: error }, 'sign-in lock mail failed'));
    }
    return state;
  }

  async function mailOwner(email: string) {
    const [owner] = await db
      .select({ email: users.email, name: users.name, emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.email, email));
    if (!owner) return;
    const minutes = Math.ceil(lockSeconds / 60);
    await mailer.send(signInLockedMail(owner, minutes, `${config.publicUrl}/auth?reset`));
  }

  return {
    /** hooks.before: refuses while locked, counts the attempt, slows it when there were many. */
    async before(ctx: HookEndpointContext) {
      const email = signInEmail(ctx);
      if (!email) return;
      const { attempts, lock: lockKey } = keys(email);
      const locked = await readCounter(db, lockKey);
      if (locked) throw refuse(locked);
      const { count } = await countHit(db, attempts, { max: lockAfter, windowSeconds: lockSeconds });
      // Only when parallel attempts outran the lock: they are all spent already.
      if (count > lockAfter) throw refuse(await lock(email));
      if (count > slowdownAfter && slowdownMs > 0) {
        await sleep(Math.min(slowdownMs * 2 ** (count - slowdownAfter - 1), slowdownMs * 4));
      }
    },

    /** hooks.after: a success clears the count; the `lockAfter`-th failure starts the lock. */
    async after(ctx: HookEndpointContext) {
      const email = signInEmail(ctx);
      if (!email) return;
      const returned = ctx.context?.returned;
      if (!isAPIError(returned)) {
        await clearCounter(db, keys(email).attempts);
        return;
      }
      if (returned.statusCode !== 401) return; // not a wrong password (bad input, deactivated account)
      const attempts = await readCounter(db, keys(email).attempts);
      if (attempts && attempts.count >= lockAfter) await lock(email);
    },

    /** A new password ends the lock and the count (emailAndPassword.onPasswordReset). */
    async clear(email: string) {
      const { attempts, lock: lockKey } = keys(normaliseEmail(email));
      await clearCounter(db, attempts);
      await clearCounter(db, lockKey);
    },
  };
}

/** better-auth looks accounts up by the lower-cased address; trimming too means " A@b.co" is the same account. */
function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

function signInEmail(ctx: HookEndpointContext): string | undefined {
  if (ctx.path !== SIGN_IN_PATH) return undefined;
  const email = (ctx.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.trim() ? normaliseEmail(email) : undefined;
}
