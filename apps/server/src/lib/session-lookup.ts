import { eq, sql } from 'drizzle-orm';
import type { Role } from '@app/shared';
import type { ProfileRow, SessionUser } from '../app-env';
import type { Database } from '../db/client';
import { profiles, sessions, userRoles, users } from '../db/schema';
import type { Auth } from './auth';
import { readSignedCookie } from './signed-cookie';

export interface SignedInAccount {
  user: SessionUser;
  /** Ordered by role ascending, as rolesOf returns them. */
  roles: Role[];
  /**
   * The member's profile row as it was when the request began, read in the same
   * statement: a handler that only shows it (GET /api/me/profile) needs no
   * second round trip. Handlers that change it read and write it themselves.
   */
  profile: ProfileRow | null;
}

export type SessionLookup = (headers: Headers) => Promise<SignedInAccount | null>;

/** The session by its token, with its account, its profile (and so its state) and its roles: one statement. */
function prepareAccountBySessionToken(db: Database) {
  return db
    .select({
      token: sessions.token,
      expiresAt: sessions.expiresAt,
      id: users.id,
      email: users.email,
      name: users.name,
      emailVerified: users.emailVerified,
      // No profile yet only while the account is being created (isAccountActive agrees).
      isActive: sql<boolean>`coalesce(${profiles.isActive}, true)`,
      roles: sql<Role[]>`array(
        select ${userRoles.role} from ${userRoles}
        where ${userRoles.userId} = ${users.id} order by ${userRoles.role}
      )`,
      profile: profiles,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare('calm_account_by_session_token');
}

const lookups = new WeakMap<Auth, SessionLookup>();

/**
 * Reads the account behind a request's session cookie in one round trip. Nothing
 * is kept between requests, so a signed-out session, a reset password, a
 * deactivated account or a removed role counts from the very next request, on
 * every instance (decision 016). One lookup per auth instance: the statement is
 * prepared and better-auth's settings read once.
 */
export function sessionLookup(auth: Auth, db: Database): SessionLookup {
  let lookup = lookups.get(auth);
  if (!lookup) {
    lookup = createSessionLookup(auth, db);
    lookups.set(auth, lookup);
  }
  return lookup;
}

function createSessionLookup(auth: Auth, db: Database): SessionLookup {
  const accountBySessionToken = prepareAccountBySessionToken(db);
  // better-auth's own cookie names, secret and session lifetimes, so both read sessions alike.
  const settings = auth.$context.then((ctx) => ({
    sessionCookie: ctx.authCookies.sessionToken.name,
    dontRememberCookie: ctx.authCookies.dontRememberToken.name,
    secret: ctx.secret,
    expiresInMs: ctx.sessionConfig.expiresIn * 1000,
    updateAgeMs: ctx.sessionConfig.updateAge * 1000,
    internalAdapter: ctx.internalAdapter,
  }));

  return async (headers) => {
    const s = await settings;
    const cookies = headers.get('cookie');
    const token = readSignedCookie(cookies, s.sessionCookie, s.secret);
    if (!token) return null;
    const [row] = await accountBySessionToken.execute({ token });
    const now = Date.now();
    if (!row || row.expiresAt.getTime() < now || !row.isActive) return null;

    // Sliding expiry as better-auth's getSession does it: once a session is
    // updateAge old, push its end out again (one write a day, not one a request).
    // "Don't remember me" sessions end with the browser and are never extended.
    const dueForRefresh = row.expiresAt.getTime() - s.expiresInMs + s.updateAgeMs <= now;
    if (dueForRefresh && !readSignedCookie(cookies, s.dontRememberCookie, s.secret)) {
      await s.internalAdapter.updateSession(row.token, {
        expiresAt: new Date(now + s.expiresInMs),
        updatedAt: new Date(now),
      });
    }
    return {
      user: { id: row.id, email: row.email, name: row.name, emailVerified: row.emailVerified },
      roles: row.roles,
      profile: row.profile,
    };
  };
}
