import { withRetries } from '@/lib/with-retries';
import { getSession, type AuthUser } from '../api/get-session';
import { loadRoleState, type RoleState } from './role-state';

/**
 * The session and the roles, kept outside TanStack Query so that the public
 * pages' first load carries no query library (decision 037). It keeps what the
 * queries gave before: one read at start-up, a re-read when the tab is shown
 * again and the session is over a minute old (another tab may have signed in or
 * out), roles kept for five minutes, and two retries for a failed read that a
 * retry might fix (network, 5xx).
 */
const SESSION_STALE_MS = 60_000;
const ROLES_STALE_MS = 5 * 60_000;

export interface AuthSnapshot {
  /** True until the first session read has answered (or failed). */
  sessionPending: boolean;
  user: AuthUser | null;
  /** The roles of `user`, once loaded. */
  roles: RoleState | null;
}

export interface AuthStoreSources {
  getSession: () => Promise<AuthUser | null>;
  loadRoleState: (userId: string) => Promise<RoleState>;
}

const sameUser = (a: AuthUser | null, b: AuthUser | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.id === b.id &&
    a.email === b.email &&
    a.name === b.name &&
    a.emailVerified === b.emailVerified &&
    a.secondFactor === b.secondFactor);

export class AuthStore {
  private snapshot: AuthSnapshot = { sessionPending: true, user: null, roles: null };
  private readonly listeners = new Set<() => void>();
  /** Only the latest session read may write: an older answer is out of date. */
  private sessionReads = 0;
  private sessionReadAt = 0;
  private rolesReadAt = 0;
  private rolesLoading: { userId: string; promise: Promise<void> } | null = null;
  private started = false;

  constructor(private readonly sources: AuthStoreSources = { getSession, loadRoleState }) {}

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = () => this.snapshot;

  /** Reads the session once, and again when the tab is shown after a while. Returns the clean-up. */
  start(): () => void {
    if (!this.started) {
      this.started = true;
      this.readInBackground();
    }
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      if (Date.now() - this.sessionReadAt > SESSION_STALE_MS) this.readInBackground();
      else if (this.snapshot.user && Date.now() - this.rolesReadAt > ROLES_STALE_MS)
        void this.loadRoles(this.snapshot.user.id);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }

  /** Reads the session now; when someone is signed in, waits for their roles too. */
  async refresh(): Promise<AuthUser | null> {
    const user = await this.readSession();
    if (user) await this.ensureRoles(user.id);
    return this.snapshot.user?.id === user?.id ? this.snapshot.user : user;
  }

  /** Signed out, here and now (the server session is ended by the caller). */
  clear() {
    this.sessionReads++;
    this.rolesLoading = null;
    this.set({ sessionPending: false, user: null, roles: null });
  }

  /** Replaces the loaded roles of the signed-in user (a role switch). */
  setRoles(userId: string, roles: RoleState) {
    if (this.snapshot.user?.id === userId) this.set({ roles });
  }

  private readInBackground() {
    this.readSession().catch((error: unknown) => {
      console.error('Could not read the session', error);
      // The first read failing leaves the visitor signed out rather than loading for ever.
      if (this.snapshot.sessionPending) this.set({ sessionPending: false });
    });
  }

  private async readSession(): Promise<AuthUser | null> {
    const read = ++this.sessionReads;
    const user = await withRetries(this.sources.getSession);
    if (read !== this.sessionReads) return user;
    this.sessionReadAt = Date.now();
    const previous = this.snapshot.user;
    if (sameUser(previous, user)) {
      if (this.snapshot.sessionPending) this.set({ sessionPending: false });
    } else {
      this.rolesLoading = null;
      this.set({ sessionPending: false, user, roles: null });
    }
    if (user) void this.ensureRoles(user.id);
    return this.snapshot.user;
  }

  private ensureRoles(userId: string): Promise<void> {
    if (this.snapshot.roles && this.snapshot.user?.id === userId) return Promise.resolve();
    if (this.rolesLoading?.userId === userId) return this.rolesLoading.promise;
    return this.loadRoles(userId);
  }

  private loadRoles(userId: string): Promise<void> {
    const promise = this.sources.loadRoleState(userId).then((roles) => {
      if (this.rolesLoading?.promise === promise) this.rolesLoading = null;
      if (this.snapshot.user?.id !== userId) return;
      this.rolesReadAt = Date.now();
      this.set({ roles });
    });
    this.rolesLoading = { userId, promise };
    return promise;
  }

  private set(patch: Partial<AuthSnapshot>) {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }
}
