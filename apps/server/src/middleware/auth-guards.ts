import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import type { Auth } from '../lib/auth';
import type { Database } from '../db/client';
import { sessionLookup, type SessionLookup } from '../lib/session-lookup';

/**
 * 401 unless the request carries a live session of an active account. The
 * session, the account's state and its roles come from one query, fresh on
 * every request (lib/session-lookup.ts, decision 016).
 */
export function requireUser(auth: Auth, db: Database, refusal = 'Auth session missing!'): MiddlewareHandler<AppEnv> {
  // Built on the first request: every router declares its guards when the app is
  // assembled, and tests assemble routers without a database.
  let lookup: SessionLookup | undefined;
  return async (c, next) => {
    lookup ??= sessionLookup(auth, db);
    const account = await lookup(c.req.raw.headers);
    if (!account) return c.json({ error: refusal }, 401);
    c.set('user', account.user);
    c.set('roles', account.roles);
    c.set('profile', account.profile);
    await next();
  };
}

/**
 * 403 unless the signed-in account holds the admin role, read from
 * user_roles on every request (in requireUser's query); the role the browser
 * "acts under" is not trusted.
 */
export function requireAdmin(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!c.get('roles').includes('admin')) return c.json({ error: 'Admin role required' }, 403);
    await next();
  };
}
