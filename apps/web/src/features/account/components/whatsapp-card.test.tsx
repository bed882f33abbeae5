import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MemberWhatsAppDto } from '@app/shared';
import { MemberContext, type MemberApi } from '@/lib/member-api/member-api';
import { WhatsAppCard } from './whatsapp-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
const linked: MemberWhatsAppDto = {
  reference: 'CS-7F3K9QWX',
  contact: { contact_id: 'k1', phone: '447700900123', profile_name: 'Sam R.', linked_at: '2026-11-20T09:00:00.000Z' },
};

function renderCard(first: MemberWhatsAppDto) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
    init?.method === 'DELETE' ? json({ reference: 'CS-AB12CD34', contact: null }) : json(first),
  );
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemberContext.Provider value={{ userId: 'u1', demo: false, api: {} as MemberApi }}>
        <WhatsAppCard />
      </MemberContext.Provider>
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe('WhatsApp on the profile', () => {
  it('shows the linked number and unlinks it only once confirmed', async () => {
    const fetchMock = renderCard(linked);
    expect(await screen.findByText('+447700900123 · Sam R.')).toBeTruthy();
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Unlink' }));
    await user.click(await screen.findByRole('button', { name: 'Keep it linked' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    expect(screen.getByText('+447700900123 · Sam R.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Unlink' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Unlink this WhatsApp?' });
    await user.click([...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Unlink')!);
    await screen.findByText(/No WhatsApp is linked yet/);
    const [url, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'DELETE')!;
    expect(String(url)).toMatch(/\/api\/me\/whatsapp$/);
    expect(init?.method).toBe('DELETE');
  });

  it('names the profile when WhatsApp hides the number, and explains how to link when nothing is', async () => {
    renderCard({ ...linked, contact: { ...linked.contact!, phone: null } });
    expect(await screen.findByText('Sam R.')).toBeTruthy();
    cleanup();
    renderCard({ reference: 'CS-7F3K9QWX', contact: null });
    expect(
      await screen.findByText(
        'No WhatsApp is linked yet. Send us the greeting from a chat link and your WhatsApp is linked to this account, so your coach sees all your messages in one place.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unlink' })).toBeNull();
  });
});
