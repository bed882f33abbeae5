import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import type { Auth } from '../lib/auth/auth';
import type { Database } from '../db/client';
import type { AccountCache } from '../lib/accounts/account-cache';
import { adminSecondFactorRefusal } from '../lib/auth/second-factor';
import { sessionLookup, type SessionLookup } from '../lib/auth/session-lookup';

/**
 * 401 unless the request carries a live session of an active account. The
 * session, the account's state and its roles come from one query
 * (lib/auth/session-lookup.ts, decision 016), or from this instance's memory of
 * that query's answer until the database says the account changed
 * (lib/accounts/account-cache.ts, decision 040).
 */
export function requireUser(
  auth: Auth,
  db: Database,
  cache: AccountCache | undefined,
  refusal = 'Auth session missing!',
): MiddlewareHandler<AppEnv> {
  // Built on the first request: every router declares its guards when the app is
  // assembled, and tests assemble routers without a database.
  let lookup: SessionLookup | undefined;
  return async (c, next) => {
    lookup ??= sessionLookup(auth, db, cache);
    const account = await lookup(c.req.raw.headers);
    if (!account) return c.json({ error: refusal }, 401);
    c.set('user', account.user);
    c.set('roles', account.roles);
    c.set('secondFactor', account.secondFactor);
    await next();
  };
}

/**
 * 403 unless the signed-in account holds the admin role, as user_roles says
 * (read in requireUser's query, or remembered until a role changes); the role
 * the browser "acts under" is not trusted. Then 403 with a code the web app
 * acts on unless the account has a second factor and this session passed it
 * (decision 047): admins read every member's conversations.
 */
export function requireAdmin(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!c.get('roles').includes('admin')) return c.json({ error: 'Admin role required' }, 403);
    const refusal = adminSecondFactorRefusal(c.get('secondFactor'));
    if (refusal) return c.json(refusal, 403);
    await next();
  };
}
