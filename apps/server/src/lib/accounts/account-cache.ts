import type { Role } from '@app/shared';
import type { SessionUser } from '../../app-env';
import type { RealtimeBus } from '../realtime/bus';
import type { SecondFactorState } from '../auth/second-factor';

/** What the sign-in check learns from the database about one live session (lib/auth/session-lookup.ts). */
export interface SessionAccount {
  user: Readonly<SessionUser>;
  /** Ordered by role ascending, as rolesOf returns them. */
  roles: readonly Role[];
  /** The account's second factor and whether this session passed it (a session update or a users update notifies). */
  secondFactor: SecondFactorState;
  /** When the session ends (ms since the epoch), as its row said. */
  expiresAt: number;
}

/** Taken before the database is asked, handed to `store` with its answer: see `store`. */
export interface CacheTicket {
  readonly hearing: number | null;
  readonly changes: number;
}

export interface AccountCacheOptions {
  bus: RealtimeBus;
  /** The backstop: an entry is dropped this long after it was read, notice or not. */
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

/**
 * How long an entry may be served without a notice from the database: it only
 * matters if notices were lost without the LISTEN connection being seen to
 * drop (the bus's keep-alive finds a silently dead one within 15 s).
 */
export const ACCOUNT_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

/**
 * The account behind a session token, remembered for a few seconds by this
 * instance (decision 040): its user, its roles and when the session ends. It
 * is only ever an answer the database gave, and it is forgotten
 *
 * - as soon as the database says the account changed: triggers on sessions,
 *   users, profiles.is_active and user_roles send a `session_ended` notice on
 *   the realtime bus when their transaction commits (migration 0007), and this
 *   instance's own code forgets the account before answering the request that
 *   changed it (`forget`, through the hub's `sessionsChanged`);
 * - whenever the bus may have missed a notice: while its LISTEN connection is
 *   down nothing is served or stored, and what was stored before a reconnect
 *   is never served after it (`bus.hearing()` changes);
 * - after `ttlMs` in any case.
 *
 * Nothing about the profile's contents is kept: only what decides who the
 * caller is and what they may do.
 */
export function createAccountCache(options: AccountCacheOptions) {
  const { bus } = options;
  const ttlMs = options.ttlMs ?? ACCOUNT_CACHE_TTL_MS;
  const maxEntries = options.maxEntries ?? MAX_ENTRIES;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { account: SessionAccount; hearing: number; storedAt: number }>();
  /** Counts the notices heard: an answer read while one arrived may predate the change, so it is not stored. */
  let changes = 0;

  function forget(userId: string) {
    changes += 1;
    for (const [token, entry] of entries) if (entry.account.user.id === userId) entries.delete(token);
  }

  const unsubscribe = bus.subscribe((event) => {
    if (event.kind === 'session_ended') forget(event.user_id);
    else if (event.kind === 'resumed') {
      changes += 1;
      entries.clear();
    }
  });

  return {
    /** The remembered account of this session token, if it may still be served. */
    get(token: string): SessionAccount | undefined {
      if (entries.size === 0) return undefined;
      const hearing = bus.hearing();
      if (hearing === null) {
        entries.clear();
        return undefined;
      }
      const entry = entries.get(token);
      if (!entry) return undefined;
      if (entry.hearing !== hearing || now() - entry.storedAt > ttlMs) {
        entries.delete(token);
        return undefined;
      }
      return entry.account;
    },
    /** Take one just before asking the database for a session. */
    ticket(): CacheTicket {
      return { hearing: bus.hearing(), changes };
    },
    /**
     * Keeps the database's answer, unless a notice came (or the bus was cut
     * off) since the ticket was taken: the answer may then be older than the
     * change, and its notice already spent.
     */
    store(token: string, ticket: CacheTicket, account: SessionAccount) {
      if (ticket.hearing === null || ticket.changes !== changes || bus.hearing() !== ticket.hearing) return;
      if (entries.size >= maxEntries && !entries.has(token)) entries.delete(entries.keys().next().value!);
      const frozen: SessionAccount = {
        user: Object.freeze({ ...account.user }),
        roles: Object.freeze([...account.roles]),
        secondFactor: account.secondFactor,
        expiresAt: account.expiresAt,
      };
      entries.set(token, { account: Object.freeze(frozen), hearing: ticket.hearing, storedAt: now() });
    },
    /** This account changed here: forget it before the change's notice comes round. */
    forget,
    /** Entries held (tests). */
    get size() {
      return entries.size;
    },
    close() {
      unsubscribe();
      entries.clear();
    },
  };
}

export type AccountCache = ReturnType<typeof createAccountCache>;
