import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import type { GenericEndpointContext, HookEndpointContext } from 'better-auth';
import { APIError, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { SIGN_IN_LOCKED_CODE, signInLockedMessage } from '@app/shared';
import type { Config } from '../../env';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import type { Logger } from '../logger';
import { signInLockedMail } from '../mail/templates';
import type { Mailer } from '../mail/mailer';
import { readKnownDevice, rememberDevice, type KnownDevice } from './known-device';
import { clearCounter, countHit, readCounter, type CounterState } from '../rate-limit-counters';

export const SIGN_IN_PATH = '/sign-in/email';
const CHANGE_PASSWORD_PATH = '/change-password';

interface Deps {
  db: Database;
  config: Config;
  secret: string;
  mailer: Mailer;
  logger: Logger;
}

/** One password check the guard counts: whose account, and through which endpoint. */
interface Attempt {
  email: string;
  path: typeof SIGN_IN_PATH | typeof CHANGE_PASSWORD_PATH;
}

/**
 * Password guessing against one account, from any number of addresses
 * (docs/decisions/011 and 049). Each attempt, at sign-in or at change-password,
 * is counted before the password is checked, so parallel requests cannot slip
 * past the limit; a success clears the count. Past `slowdownAfter` attempts each
 * one waits (doubling, at most four times the first wait); the `lockAfter`-th
 * failure locks the account for `lockSeconds`, when even the right password is
 * refused with 429 and the owner is mailed once. Everything keys on the
 * normalised email, hashed, whether or not an account has it, so the answers
 * never tell who is a member.
 *
 * The lock does not lock out the owner: a browser that has signed in to the
 * account before carries a known-device cookie (known-device.ts), and while the
 * account is locked its sign-ins are counted on that device alone, with the
 * same slowdown and limit, so strangers' failures cannot keep the owner out.
 * Changing the password gets no such pass: whoever holds a session is already
 * in that browser, and the owner can reset the password instead.
 */
export function createSignInGuard({ db, config, secret, mailer, logger }: Deps) {
  const { slowdownAfter, slowdownMs, lockAfter, lockSeconds } = config.signInGuard;
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
  const keys = (email: string) => {
    const id = sha256(email);
    return { attempts: `sign-in-attempts:${id}`, lock: `sign-in-lock:${id}` };
  };
  const deviceKey = (device: KnownDevice) => `sign-in-device:${sha256(device.value)}`;
  /** Which counter counted a request's attempt (the account's, or a known device's), for hooks.after. */
  const countedOn = new WeakMap<object, string>();

  const refuse = ({ secondsLeft }: CounterState) =>
    new APIError(
      'TOO_MANY_REQUESTS',
      { message: signInLockedMessage(Math.ceil(secondsLeft / 60)), code: SIGN_IN_LOCKED_CODE },
      { 'Retry-After': String(secondsLeft) },
    );

  const slowDown = async (count: number) => {
    if (count > slowdownAfter && slowdownMs > 0) {
      await sleep(Math.min(slowdownMs * 2 ** (count - slowdownAfter - 1), slowdownMs * 4));
    }
  };

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
      .select({ id: users.id, email: users.email, name: users.name, emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.email, email));
    if (!owner) return;
    const minutes = Math.ceil(lockSeconds / 60);
    const mail = signInLockedMail(owner, minutes, `${config.publicUrl}/auth?reset`);
    await mailer.send({ ...mail, userId: owner.id });
  }

  /** The request's known-device cookie, if it is valid and was issued for the account of `email`. */
  async function knownDeviceOf(ctx: HookEndpointContext, email: string): Promise<KnownDevice | null> {
    const device = readKnownDevice(ctx.headers?.get('cookie') ?? null, secret);
    if (!device) return null;
    const [account] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return account?.id === device.userId ? device : null;
  }

  return {
    /** hooks.before: refuses while locked (unless a known device), counts the attempt, slows it when there were many. */
    async before(ctx: HookEndpointContext) {
      const attempt = await attemptOf(ctx);
      if (!attempt) return;
      const { attempts, lock: lockKey } = keys(attempt.email);
      const locked = await readCounter(db, lockKey);
      if (locked) {
        // Only at sign-in: a change-password caller already holds a session, likely in that very browser.
        const device = attempt.path === SIGN_IN_PATH ? await knownDeviceOf(ctx, attempt.email) : null;
        if (!device) throw refuse(locked);
        const { count } = await countHit(db, deviceKey(device), { max: lockAfter, windowSeconds: lockSeconds });
        if (count > lockAfter) throw refuse(locked);
        if (ctx.request) countedOn.set(ctx.request, deviceKey(device));
        await slowDown(count);
        return;
      }
      const { count } = await countHit(db, attempts, { max: lockAfter, windowSeconds: lockSeconds });
      // Only when parallel attempts outran the lock: they are all spent already.
      if (count > lockAfter) throw refuse(await lock(attempt.email));
      await slowDown(count);
    },

    /** hooks.after: a success clears its count (and marks the browser known); the `lockAfter`-th failure locks. */
    async after(ctx: HookEndpointContext) {
      const attempt = await attemptOf(ctx);
      if (!attempt) return;
      const accountKey = keys(attempt.email).attempts;
      const counter = (ctx.request && countedOn.get(ctx.request)) ?? accountKey;
      const returned = ctx.context?.returned;
      if (!isAPIError(returned)) {
        await clearCounter(db, counter);
        const userId = ctx.context?.newSession?.user.id;
        if (attempt.path === SIGN_IN_PATH && userId) await rememberDevice(ctx, secret, userId, config.production);
        return;
      }
      if (!isWrongPassword(attempt, returned)) return; // bad input, a deactivated account…
      // A known device's failures count on that device only; the account's lock is for everyone else.
      if (counter !== accountKey) return;
      const state = await readCounter(db, accountKey);
      if (state && state.count >= lockAfter) await lock(attempt.email);
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

/** The password check this request makes: sign-in (email from the body) or change-password (the session's). */
async function attemptOf(ctx: HookEndpointContext): Promise<Attempt | undefined> {
  if (ctx.path === SIGN_IN_PATH) {
    const email = (ctx.body as { email?: unknown } | undefined)?.email;
    return typeof email === 'string' && email.trim() ? { email: normaliseEmail(email), path: SIGN_IN_PATH } : undefined;
  }
  if (ctx.path === CHANGE_PASSWORD_PATH) {
    // Without a session better-auth refuses it next, and there is no account to count against.
    const session = await getSessionFromCtx(ctx as GenericEndpointContext, { disableRefresh: true });
    return session ? { email: normaliseEmail(session.user.email), path: CHANGE_PASSWORD_PATH } : undefined;
  }
  return undefined;
}

/** A wrong password: 401 at sign-in, better-auth's INVALID_PASSWORD (400) at change-password. */
function isWrongPassword(attempt: Attempt, error: { statusCode: number; body?: { code?: string } }): boolean {
  return attempt.path === SIGN_IN_PATH ? error.statusCode === 401 : error.body?.code === 'INVALID_PASSWORD';
}
