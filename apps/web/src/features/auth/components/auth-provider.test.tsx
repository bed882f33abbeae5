import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { roleStorageKey } from '@app/shared';
import { loadPage } from '@/lib/navigation';
import { useAuth } from '../hooks/use-auth';
import { AuthProvider } from './auth-provider';

vi.mock('@/lib/navigation', () => ({ loadPage: vi.fn() }));

const USER = { id: 'u1', email: 'jane.doe@example.com', name: 'Jane Doe', emailVerified: true };

interface FakeServer {
  session: typeof USER | null;
  /** A role list, or a status code to fail with. */
  roles: string[] | number;
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function installFetch(server: FakeServer) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/auth/get-session')
      return json(server.session ? { session: { id: 's1' }, user: server.session } : null);
    if (url === '/api/me/roles') {
      return typeof server.roles === 'number' ? json({ error: 'Nope' }, server.roles) : json(server.roles);
    }
    if (url === '/api/auth/sign-out' && init?.method === 'POST') return json({ success: true });
    return json({ error: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function wrapper({ children }: { children: ReactNode }) {
  return <AuthProvider>{children}</AuthProvider>;
}

async function renderAuth(server: FakeServer) {
  const fetchMock = installFetch(server);
  const hook = renderHook(() => useAuth(), { wrapper });
  await waitFor(() => expect(hook.result.current.loading).toBe(false));
  return { ...hook, fetchMock };
}

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.mocked(loadPage).mockClear();
});

describe('AuthProvider', () => {
  it('starts loading, then reports a signed-out visitor without asking for roles', async () => {
    const fetchMock = installFetch({ session: null, roles: ['user'] });
    const { result } = renderHook(() => useAuth(), { wrapper });
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('signedOut'));
    expect(result.current.user).toBeNull();
    expect(result.current.roles).toEqual([]);
    expect(result.current.currentRole).toBeNull();
    expect(fetchMock).not.toHaveBeenCalledWith('/api/me/roles', expect.anything());
  });

  it('keeps the session user with full_name taken from the account name', async () => {
    const { result } = await renderAuth({ session: USER, roles: ['user'] });
    expect(result.current.status).toBe('signedIn');
    expect(result.current.user).toEqual({
      id: 'u1',
      email: 'jane.doe@example.com',
      full_name: 'Jane Doe',
      second_factor: 'not-enrolled',
    });
    expect(result.current.isUser).toBe(true);
    expect(result.current.isAdmin).toBe(false);
    expect(result.current.hasMultipleRoles).toBe(false);
  });

  it('prefers admin when held and nothing is remembered, and remembers the choice', async () => {
    const { result } = await renderAuth({ session: USER, roles: ['admin', 'user'] });
    expect(result.current.currentRole).toBe('admin');
    expect(result.current.isAdmin).toBe(true);
    expect(result.current.hasMultipleRoles).toBe(true);
    expect(localStorage.getItem(roleStorageKey('u1'))).toBe('admin');
  });

  it('uses the remembered role while it is still held', async () => {
    localStorage.setItem(roleStorageKey('u1'), 'user');
    const { result } = await renderAuth({ session: USER, roles: ['admin', 'user'] });
    expect(result.current.currentRole).toBe('user');
    expect(result.current.isAdmin).toBe(false);
  });

  it('ignores a remembered role that is no longer held', async () => {
    localStorage.setItem(roleStorageKey('u1'), 'admin');
    const { result } = await renderAuth({ session: USER, roles: ['user'] });
    expect(result.current.currentRole).toBe('user');
    expect(localStorage.getItem(roleStorageKey('u1'))).toBe('user');
  });

  it('falls back to the user role, stored, when roles fail to load', async () => {
    localStorage.setItem(roleStorageKey('u1'), 'admin');
    const { result } = await renderAuth({ session: USER, roles: 500 });
    expect(result.current.roles).toEqual(['user']);
    expect(result.current.currentRole).toBe('user');
    expect(localStorage.getItem(roleStorageKey('u1'))).toBe('user');
  });

  it('does not forget a remembered role when the roles request gets no answer', async () => {
    localStorage.setItem(roleStorageKey('u1'), 'admin');
    const fetchMock = installFetch({ session: USER, roles: ['admin', 'user'] });
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/me/roles') throw new TypeError('Failed to fetch');
      return answer(input, init);
    });
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.currentRole).toBe('user');
    expect(localStorage.getItem(roleStorageKey('u1'))).toBe('admin');
  });

  it('switches only to a held role, and remembers it', async () => {
    const { result } = await renderAuth({ session: USER, roles: ['admin', 'user'] });
    let switched = false;
    act(() => {
      switched = result.current.switchRole('user');
    });
    expect(switched).toBe(true);
    await waitFor(() => expect(result.current.currentRole).toBe('user'));
    expect(result.current.isUser).toBe(true);
    expect(localStorage.getItem(roleStorageKey('u1'))).toBe('user');
  });

  it('refuses to switch to a role that is not held', async () => {
    const { result } = await renderAuth({ session: USER, roles: ['user'] });
    let switched = true;
    act(() => {
      switched = result.current.switchRole('admin');
    });
    expect(switched).toBe(false);
    expect(result.current.currentRole).toBe('user');
    expect(localStorage.getItem(roleStorageKey('u1'))).toBe('user');
  });

  it('signs out: forgets the role, ends the session, then loads /auth as a full page', async () => {
    const { result, fetchMock } = await renderAuth({ session: USER, roles: ['admin', 'user'] });
    await act(() => result.current.signOut());
    expect(localStorage.getItem(roleStorageKey('u1'))).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/sign-out',
      expect.objectContaining({ method: 'POST', body: '{}' }),
    );
    expect(loadPage).toHaveBeenCalledWith('/auth');
  });

  it('picks up a new session on refresh()', async () => {
    const server: FakeServer = { session: null, roles: ['user'] };
    installFetch(server);
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('signedOut'));
    server.session = USER;
    let refreshed: unknown;
    await act(async () => {
      refreshed = await result.current.refresh();
    });
    expect(refreshed).toEqual({
      id: 'u1',
      email: 'jane.doe@example.com',
      full_name: 'Jane Doe',
      second_factor: 'not-enrolled',
    });
    await waitFor(() => expect(result.current.status).toBe('signedIn'));
    expect(result.current.currentRole).toBe('user');
  });
});

describe('useAuth', () => {
  it('fails clearly outside the provider', () => {
    function Orphan() {
      useAuth();
      return null;
    }
    expect(() => render(<Orphan />)).toThrow('useAuth must be used within an AuthProvider');
    expect(screen.queryByText('anything')).toBeNull();
  });
});
