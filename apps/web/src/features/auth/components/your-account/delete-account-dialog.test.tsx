import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeleteAccountDialog } from './delete-account-dialog';

const json = (body: unknown, status = 200) =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

function renderDialog(answer: () => Response) {
  const fetchMock = vi.fn(async () => answer());
  vi.stubGlobal('fetch', fetchMock);
  const onDeleted = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <DeleteAccountDialog email="sam@example.com" financialRecordYears={7} onDeleted={onDeleted} />
    </QueryClientProvider>,
  );
  return { fetchMock, onDeleted };
}

async function fillAndSubmit(password: string, word: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Delete my account' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
  await user.type(screen.getByLabelText('Your password'), password);
  if (word) await user.type(screen.getByLabelText('Type DELETE to confirm'), word);
  await user.click(
    [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Delete my account') as HTMLElement,
  );
  return user;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DeleteAccountDialog', () => {
  it('sends nothing until DELETE is typed, and says so on the field', async () => {
    const { fetchMock } = renderDialog(() => json(null, 204));
    await fillAndSubmit('calm-river-42', 'delete');
    expect(await screen.findByText('Type DELETE to confirm', { selector: 'p' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says a refusal the member can act on inside the dialog', async () => {
    renderDialog(() =>
      json(
        { error: 'Your subscription renews on 1 December 2026. Please cancel it first.', code: 'subscription_active' },
        409,
      ),
    );
    await fillAndSubmit('calm-river-42', 'DELETE');
    expect((await screen.findByRole('alert')).textContent).toContain('Your subscription renews on 1 December 2026');
  });

  it('confirms the deletion, and leaves once the member closes it', async () => {
    const { fetchMock, onDeleted } = renderDialog(() => new Response(null, { status: 204 }));
    const user = await fillAndSubmit('calm-river-42', 'DELETE');
    await screen.findByRole('dialog', { name: 'Your account has been deleted' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/api/me/account');
    expect(init.method).toBe('DELETE');
    expect(JSON.parse(String(init.body))).toEqual({ password: 'calm-river-42', confirmation: 'DELETE' });
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onDeleted).toHaveBeenCalledOnce();
  });
});
