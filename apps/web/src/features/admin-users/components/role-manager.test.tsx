import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
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

  it('removes the admin role through the admin API once confirmed, naming the person', async () => {
    const fetchMock = renderRoles(['admin', 'user']);
    await userEvent.click(screen.getByRole('button', { name: 'Remove admin role from Mina' }));
    const ask = await screen.findByRole('alertdialog', { name: "Remove Mina's admin role?" });
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.click(within(ask).getByRole('button', { name: 'Remove admin role' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(String(url)).toMatch(/\/api\/admin\/users\/u1\/roles\/admin$/);
    expect(init.method).toBe('DELETE');
  });

  it('keeps focus on the controls while a change is in flight, and ignores presses meanwhile', async () => {
    const fetchMock = renderRoles(['admin', 'user']);
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    const removeUser = screen.getByRole('button', { name: 'Remove user role from Mina' });
    removeUser.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(removeUser.getAttribute('aria-disabled')).toBe('true'));
    const removeAdmin = screen.getByRole('button', { name: 'Remove admin role from Mina' });
    expect(removeAdmin.getAttribute('aria-disabled')).toBe('true');
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(removeUser);
    await userEvent.click(removeAdmin);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    answer(new Response(JSON.stringify(['admin']), { headers: { 'Content-Type': 'application/json' } }));
    await waitFor(() => expect(removeUser.getAttribute('aria-disabled')).toBeNull());
  });

  it('grants admin only with the code typed in the dialog, which says a wrong code and stays open', async () => {
    const fetchMock = renderRoles(['user']);
    fetchMock.mockImplementationOnce(
      async () =>
        new Response(JSON.stringify({ error: 'That code is not right.', code: 'second_factor_wrong' }), {
          status: 403,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    await userEvent.click(screen.getByRole('button', { name: /^Add role/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'admin' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Make Mina an admin?' });
    await userEvent.type(within(ask).getByLabelText('Code from your authenticator app'), '123456');
    await userEvent.click(within(ask).getByRole('button', { name: 'Grant admin role' }));
    expect((await within(ask).findByRole('alert')).textContent).toBe('That code is not right.');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ role: 'admin', code: '123456' });
  });
});
