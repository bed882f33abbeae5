import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import type { Auth } from '../lib/auth';
import type { Database } from '../db/client';
import { isAccountActive } from '../lib/accounts';
import { rolesOf } from '../lib/roles';

/** 401 unless the request carries a live session of an active account. */
export function requireUser(auth: Auth, db: Database): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const result = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!result || !(await isAccountActive(db, result.user.id))) {
      return c.json({ error: 'Auth session missing!' }, 401);
    }
    const { id, email, name, emailVerified } = result.user;
    c.set('user', { id, email, name, emailVerified });
    await next();
  };
}

/**
 * 403 unless the signed-in account holds the admin role, read from
 * user_roles on every request; the role the browser "acts under" is not trusted.
 */
export function requireAdmin(db: Database): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const roles = await rolesOf(db, c.get('user').id);
    if (!roles.includes('admin')) return c.json({ error: 'Admin role required' }, 403);
    c.set('roles', roles);
    await next();
  };
}
