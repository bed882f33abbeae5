import { useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { canSwitchTo, roleStorageKey, type Role } from '@app/shared';
import { localStore } from '@/lib/browser-storage';
import { loadPage } from '@/lib/navigation';
import type { AuthUser } from '../api/get-session';
import { signOut as signOutRequest } from '../api/sign-out';
import { AuthContext, type AuthContextValue, type AuthStatus, type SessionUser } from '../lib/auth-context';
import { AuthStore } from '../lib/auth-store';
import type { RoleState } from '../lib/role-state';

function toSessionUser(user: AuthUser): SessionUser {
  return { id: user.id, email: user.email, full_name: user.name?.trim() || null, second_factor: user.secondFactor };
}

/** Session and roles for the whole app (docs/product.md#accounts-and-signing-in). */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => new AuthStore());
  useEffect(() => store.start(), [store]);
  // The server snapshot is the first one (session still unknown), as pre-rendered.
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const authUser = snapshot.user;
  const user = useMemo(() => (authUser ? toSessionUser(authUser) : null), [authUser]);
  const loadedRoles: RoleState | null = user ? snapshot.roles : null;
  // A switch is React state, so it lands in the same render as the navigation that follows it
  // (a store write would reach the guards a tick later and bounce the user back).
  const [switched, setSwitched] = useState<{ userId: string; role: Role } | null>(null);
  const roleState = useMemo<RoleState | null>(
    () =>
      loadedRoles && switched && switched.userId === user?.id && loadedRoles.roles.includes(switched.role)
        ? { ...loadedRoles, currentRole: switched.role }
        : loadedRoles,
    [loadedRoles, switched, user?.id],
  );

  const userId = user?.id;
  const loading = snapshot.sessionPending || (user !== null && roleState === null);
  const status: AuthStatus = loading ? 'loading' : user ? 'signedIn' : 'signedOut';

  const switchRole = useCallback(
    (role: Role) => {
      if (!userId || !roleState || !canSwitchTo(roleState.roles, role)) return false;
      localStore.set(roleStorageKey(userId), role);
      setSwitched({ userId, role });
      store.setRoles(userId, { ...roleState, currentRole: role });
      return true;
    },
    [store, roleState, userId],
  );

  /** Forgets the remembered role and ends the session on the server. */
  const endServerSession = useCallback(async () => {
    if (userId) localStore.remove(roleStorageKey(userId));
    try {
      await signOutRequest();
    } catch (error) {
      // The local state is cleared regardless: the visitor asked to leave.
      console.error('Sign-out request failed', error);
    }
  }, [userId]);

  /** Sign-out that stays on the page (after a password reset, say). */
  const endSession = useCallback(async () => {
    await endServerSession();
    store.clear();
  }, [endServerSession, store]);

  const signOut = useCallback(async () => {
    await endServerSession();
    // A full page load drops every cached query of the signed-in account. The
    // cache is not cleared first: guards would redirect before the load starts.
    loadPage('/auth');
  }, [endServerSession]);

  const refresh = useCallback(async () => {
    try {
      // Waits for the roles too, so guards see a settled state on the next screen.
      const next = await store.refresh();
      return next ? toSessionUser(next) : null;
    } catch (error) {
      console.error('Could not refresh the session', error);
      return null;
    }
  }, [store]);

  const value = useMemo<AuthContextValue>(() => {
    const roles = roleState?.roles ?? [];
    const currentRole = roleState?.currentRole ?? null;
    return {
      status,
      loading,
      user,
      roles,
      currentRole,
      isAdmin: currentRole === 'admin',
      isUser: currentRole === 'user',
      hasMultipleRoles: roles.length > 1,
      switchRole,
      signOut,
      endSession,
      refresh,
    };
  }, [status, loading, user, roleState, switchRole, signOut, endSession, refresh]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
