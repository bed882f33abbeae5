import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { queryOptions, skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { canSwitchTo, roleStorageKey, type Role } from '@app/shared';
import { localStore } from '@/lib/browser-storage';
import { loadPage } from '@/lib/navigation';
import { SESSION_QUERY_KEY, sessionQueryOptions, type AuthUser } from '../api/get-session';
import { signOut as signOutRequest } from '../api/sign-out';
import { AuthContext, type AuthContextValue, type AuthStatus, type SessionUser } from '../lib/auth-context';
import { loadRoleState, rolesQueryKey, type RoleState } from '../lib/role-state';

function toSessionUser(user: AuthUser): SessionUser {
  return { id: user.id, email: user.email, full_name: user.name?.trim() || null };
}

const ROLES_STALE_MS = 5 * 60_000;

const rolesQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: rolesQueryKey(userId),
    queryFn: userId ? () => loadRoleState(userId) : skipToken,
    staleTime: ROLES_STALE_MS,
  });

/** Session and roles for the whole app (docs/product.md#accounts-and-signing-in). */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useQuery(sessionQueryOptions());
  const authUser = session.data ?? null;
  const user = useMemo(() => (authUser ? toSessionUser(authUser) : null), [authUser]);
  const rolesQuery = useQuery(rolesQueryOptions(user?.id));
  const loadedRoles: RoleState | null = user ? (rolesQuery.data ?? null) : null;
  // A switch is React state, so it lands in the same render as the navigation that follows it
  // (a cache write would reach the guards a tick later and bounce the user back).
  const [switched, setSwitched] = useState<{ userId: string; role: Role } | null>(null);
  const roleState = useMemo<RoleState | null>(
    () =>
      loadedRoles && switched && switched.userId === user?.id && loadedRoles.roles.includes(switched.role)
        ? { ...loadedRoles, currentRole: switched.role }
        : loadedRoles,
    [loadedRoles, switched, user?.id],
  );

  const userId = user?.id;
  const loading = session.isPending || (user !== null && roleState === null);
  const status: AuthStatus = loading ? 'loading' : user ? 'signedIn' : 'signedOut';

  const switchRole = useCallback(
    (role: Role) => {
      if (!userId || !roleState || !canSwitchTo(roleState.roles, role)) return false;
      localStore.set(roleStorageKey(userId), role);
      setSwitched({ userId, role });
      queryClient.setQueryData<RoleState>(rolesQueryKey(userId), { ...roleState, currentRole: role });
      return true;
    },
    [queryClient, roleState, userId],
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
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
    queryClient.removeQueries({ queryKey: ['auth', 'roles'] });
  }, [endServerSession, queryClient]);

  const signOut = useCallback(async () => {
    await endServerSession();
    // A full page load drops every cached query of the signed-in account. The
    // cache is not cleared first: guards would redirect before the load starts.
    loadPage('/auth');
  }, [endServerSession]);

  const refresh = useCallback(async () => {
    try {
      const next = await queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
      if (!next) return null;
      // Load the roles now, so guards see a settled state on the next screen.
      await queryClient.fetchQuery({
        queryKey: rolesQueryKey(next.id),
        queryFn: () => loadRoleState(next.id),
        staleTime: ROLES_STALE_MS,
      });
      return toSessionUser(next);
    } catch (error) {
      console.error('Could not refresh the session', error);
      return null;
    }
  }, [queryClient]);

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
