import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CoachMemoryDto } from '@app/shared';
import { MemberContext } from '@/lib/member-api/member-api';
import { serverMemberApi } from '@/lib/member-api/server-member-api';
import { CoachMemoryCard } from './coach-memory-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
const remembered: CoachMemoryDto = {
  summary: 'Sam is preparing for a hard annual review and wants to say no to extra work more calmly.',
  notes: [{ id: 'n1', text: 'Box breathing before meetings helped.', created_at: '2026-11-20T09:00:00.000Z' }],
  also_reads: ['Your focus area', "Today's prompt"],
};

/** The card against the server's routes, answered here as the server does (DELETE: 204, nothing after). */
function renderCard(memory: CoachMemoryDto) {
  let current = memory;
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'DELETE') {
      current = { ...current, summary: null, notes: [] };
      return new Response(null, { status: 204 });
    }
    return json(current);
  });
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemberContext.Provider value={{ userId: 'u1', demo: false, api: serverMemberApi }}>
        <CoachMemoryCard />
      </MemberContext.Provider>
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe('What your coach remembers', () => {
  it('shows the summary, the notes and what else it reads, and forgets them only once confirmed', async () => {
    const fetchMock = renderCard(remembered);
    expect(await screen.findByText(remembered.summary!)).toBeTruthy();
    expect(screen.getByText('Box breathing before meetings helped.')).toBeTruthy();
    const reads = screen.getByRole('heading', { name: 'It also reads, each time it answers' }).parentElement!;
    expect(
      within(reads)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(remembered.also_reads);

    // Keyboard only: the button, then the dialog's choices.
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Forget all of this' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Forget all of this?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    expect(screen.getByText(remembered.summary!)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Forget all of this' }));
    const again = await screen.findByRole('alertdialog', { name: 'Forget all of this?' });
    await user.click(within(again).getByRole('button', { name: 'Forget all of this' }));
    expect(await screen.findByText('Nothing yet.')).toBeTruthy();
    expect(screen.getByText('No notes.')).toBeTruthy();
    expect(screen.queryByText(remembered.summary!)).toBeNull();
    const deletes = fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    expect(deletes.map(([url]) => url)).toEqual(['/api/me/coach/memory']);
    // Nothing left to forget.
    expect(screen.getByRole('button', { name: 'Forget all of this' }).getAttribute('aria-disabled')).toBe('true');
  });
});
