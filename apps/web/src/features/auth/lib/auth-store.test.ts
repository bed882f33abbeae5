import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-request';
import type { AuthUser } from '../api/get-session';
import { AuthStore } from './auth-store';
import type { RoleState } from './role-state';

const USER: AuthUser = {
  id: 'u1',
  email: 'jane.doe@example.com',
  name: 'Jane Doe',
  emailVerified: true,
  secondFactor: 'not-enrolled',
};
const ROLES: RoleState = { roles: ['user'], currentRole: 'user' };

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('AuthStore', () => {
  it('reads the session once at start, then the roles of its user', async () => {
    const getSession = vi.fn(async () => USER);
    const loadRoleState = vi.fn(async () => ROLES);
    const store = new AuthStore({ getSession, loadRoleState });
    expect(store.getSnapshot()).toEqual({ sessionPending: true, user: null, roles: null });
    const stop = store.start();
    store.start()();
    await vi.waitFor(() => expect(store.getSnapshot().roles).toEqual(ROLES));
    expect(store.getSnapshot()).toMatchObject({ sessionPending: false, user: USER });
    expect(getSession).toHaveBeenCalledTimes(1);
    expect(loadRoleState).toHaveBeenCalledWith('u1');
    stop();
  });

  it('settles signed out without retrying when the server refuses the read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const getSession = vi.fn(async (): Promise<AuthUser | null> => {
      throw new ApiError(403, 'Forbidden', undefined, undefined, {});
    });
    const store = new AuthStore({ getSession, loadRoleState: async () => ROLES });
    store.start();
    await vi.waitFor(() => expect(store.getSnapshot().sessionPending).toBe(false));
    expect(store.getSnapshot().user).toBeNull();
    expect(getSession).toHaveBeenCalledTimes(1);
  });

  it('retries a read that never reached the server twice', async () => {
    vi.useFakeTimers();
    const getSession = vi
      .fn<() => Promise<AuthUser | null>>()
      .mockRejectedValueOnce(new ApiError(0, 'Offline', undefined, undefined, {}))
      .mockRejectedValueOnce(new ApiError(503, 'Unavailable', undefined, undefined, {}))
      .mockResolvedValue(USER);
    const store = new AuthStore({ getSession, loadRoleState: async () => ROLES });
    const user = store.refresh();
    await vi.runAllTimersAsync();
    await expect(user).resolves.toEqual(USER);
    expect(getSession).toHaveBeenCalledTimes(3);
  });

  it('drops an answer that arrives after the session was cleared', async () => {
    const answer = deferred<AuthUser | null>();
    const store = new AuthStore({ getSession: () => answer.promise, loadRoleState: async () => ROLES });
    store.start();
    store.clear();
    answer.resolve(USER);
    await answer.promise;
    await Promise.resolve();
    expect(store.getSnapshot()).toEqual({ sessionPending: false, user: null, roles: null });
  });

  it('keeps the same user object when a re-read answers the same account', async () => {
    const store = new AuthStore({ getSession: async () => ({ ...USER }), loadRoleState: async () => ROLES });
    await store.refresh();
    const first = store.getSnapshot();
    await store.refresh();
    expect(store.getSnapshot().user).toBe(first.user);
    expect(store.getSnapshot().roles).toBe(first.roles);
  });
});
