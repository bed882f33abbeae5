import { eq, sql } from 'drizzle-orm';
import type { Role } from '@app/shared';
import type { SessionUser } from '../../app-env';
import type { Database } from '../../db/client';
import { profiles, sessions, userRoles, users } from '../../db/schema';
import type { AccountCache } from '../accounts/account-cache';
import type { Auth } from './auth';
import { secondFactorState, type SecondFactorState } from './second-factor';
import { readSignedCookie } from './signed-cookie';

export interface SignedInAccount {
  user: Readonly<SessionUser>;
  /** Ordered by role ascending, as rolesOf returns them. */
  roles: readonly Role[];
  /** Whether the account has a second factor and this session passed it (decision 047). */
  secondFactor: SecondFactorState;
}

export type SessionLookup = (headers: Headers) => Promise<SignedInAccount | null>;

/** The session by its token, with its account, the account's state and its roles: one statement. */
function prepareAccountBySessionToken(db: Database) {
  return db
    .select({
      token: sessions.token,
      expiresAt: sessions.expiresAt,
      id: users.id,
      email: users.email,
      name: users.name,
      emailVerified: users.emailVerified,
      twoFactorEnabled: users.twoFactorEnabled,
      twoFactorVerified: sessions.twoFactorVerified,
      // No profile yet only while the account is being created (isAccountActive agrees).
      isActive: sql<boolean>`coalesce(${profiles.isActive}, true)`,
      roles: sql<Role[]>`array(
        select ${userRoles.role} from ${userRoles}
        where ${userRoles.userId} = ${users.id} order by ${userRoles.role}
      )`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare('calm_account_by_session_token');
}

const freshLookups = new WeakMap<Auth, SessionLookup>();
const cachedLookups = new WeakMap<AccountCache, SessionLookup>();

/**
 * Reads the account behind a request's session cookie. Without `cache`, from
 * the database on every call (one round trip): the realtime hub checks open
 * sockets this way. With it, a session read in the last few seconds is served
 * from this instance's memory until the database says its account changed
 * (lib/accounts/account-cache.ts, decision 040). One lookup per auth instance (and
 * cache): the statement is prepared and better-auth's settings read once.
 */
export function sessionLookup(auth: Auth, db: Database, cache?: AccountCache): SessionLookup {
  let lookup = cache ? cachedLookups.get(cache) : freshLookups.get(auth);
  if (!lookup) {
    lookup = createSessionLookup(auth, db, cache);
    if (cache) cachedLookups.set(cache, lookup);
    else freshLookups.set(auth, lookup);
  }
  return lookup;
}

function createSessionLookup(auth: Auth, db: Database, cache: AccountCache | undefined): SessionLookup {
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
    const now = Date.now();
    // Sliding expiry as better-auth's getSession does it: once a session is
    // updateAge old, push its end out again (one write a day, not one a request).
    const dueForRefresh = (expiresAt: number) => expiresAt - s.expiresInMs + s.updateAgeMs <= now;

    const remembered = cache?.get(token);
    if (remembered && remembered.expiresAt >= now && !dueForRefresh(remembered.expiresAt)) return remembered;

    const ticket = cache?.ticket();
    const [row] = await accountBySessionToken.execute({ token });
    // An unproven address holds no session (decision 046); one made before that rule is refused here too.
    if (!row || row.expiresAt.getTime() < now || !row.isActive || !row.emailVerified) return null;

    // "Don't remember me" sessions end with the browser and are never extended.
    if (dueForRefresh(row.expiresAt.getTime()) && !readSignedCookie(cookies, s.dontRememberCookie, s.secret)) {
      // The write's own notice (migration 0007) forgets this session everywhere; it is read afresh next time.
      await s.internalAdapter.updateSession(row.token, {
        expiresAt: new Date(now + s.expiresInMs),
        updatedAt: new Date(now),
      });
      return {
        user: { id: row.id, email: row.email, name: row.name, emailVerified: row.emailVerified },
        roles: row.roles,
        secondFactor: secondFactorState(row.twoFactorEnabled, row.twoFactorVerified),
      };
    }
    const account = {
      user: { id: row.id, email: row.email, name: row.name, emailVerified: row.emailVerified },
      roles: row.roles,
      secondFactor: secondFactorState(row.twoFactorEnabled, row.twoFactorVerified),
      expiresAt: row.expiresAt.getTime(),
    };
    if (ticket) cache!.store(token, ticket, account);
    return account;
  };
}
