import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@app/shared';
import { useUserActions } from '../api/user-actions';
import { RoleManager } from './role-manager';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Harness({ roles, isLastAdmin }: { roles: Role[]; isLastAdmin: boolean }) {
  const actions = useUserActions();
  return <RoleManager userId="u1" userName="Mina" roles={roles} isLastAdmin={isLastAdmin} actions={actions} />;
}

function renderRoles(roles: Role[], isLastAdmin = false) {
  const fetchMock = vi.fn(
    async () => new Response(JSON.stringify(['user']), { headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness roles={roles} isLastAdmin={isLastAdmin} />
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe('RoleManager (docs/product.md#admin-back-office)', () => {
  it('hides the remove control when one role is left, and offers to add the other', () => {
    renderRoles(['user']);
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(screen.getByRole('button', { name: /^Add role/ }).textContent).toBe('Add role to Mina');
  });

  it('offers nothing to add when both roles are held, and removes either', () => {
    renderRoles(['admin', 'user']);
    expect(screen.queryByRole('button', { name: /^Add role/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove admin role from Mina' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove user role from Mina' })).toBeTruthy();
  });

  it('never offers to take the admin role from the last admin', () => {
    renderRoles(['admin', 'user'], true);
    expect(screen.queryByRole('button', { name: 'Remove admin role from Mina' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove user role from Mina' })).toBeTruthy();
  });

  it('removes a role through the admin API', async () => {
    const fetchMock = renderRoles(['admin', 'user']);
    await userEvent.click(screen.getByRole('button', { name: 'Remove admin role from Mina' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(String(url)).toMatch(/\/api\/admin\/users\/u1\/roles\/admin$/);
    expect(init.method).toBe('DELETE');
  });

  it('keeps focus on the controls while a change is in flight, and ignores presses meanwhile', async () => {
    const fetchMock = renderRoles(['admin', 'user']);
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    const removeAdmin = screen.getByRole('button', { name: 'Remove admin role from Mina' });
    removeAdmin.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(removeAdmin.getAttribute('aria-disabled')).toBe('true'));
    const removeUser = screen.getByRole('button', { name: 'Remove user role from Mina' });
    expect(removeUser.getAttribute('aria-disabled')).toBe('true');
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(removeAdmin);
    await userEvent.click(removeUser);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    answer(new Response(JSON.stringify(['user']), { headers: { 'Content-Type': 'application/json' } }));
    await waitFor(() => expect(removeAdmin.getAttribute('aria-disabled')).toBeNull());
  });
});
