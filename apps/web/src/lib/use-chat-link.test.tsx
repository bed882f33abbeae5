import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MemberWhatsAppDto } from '@app/shared';
import { forgetAppConfig } from './app-config';
import { MemberContext, type Member, type MemberApi } from './member-api/member-api';
import { useChatLink } from './use-chat-link';

afterEach(() => {
  cleanup();
  forgetAppConfig();
  vi.unstubAllGlobals();
});

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

/** The server: its config, and the member's WhatsApp once `release` is called (a slow read). */
function server() {
  let release!: () => void;
  const whatsappRead = new Promise<void>((resolve) => (release = resolve));
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.includes('/api/config'))
      return json({ google_sign_in: false, whatsapp_number: '+1 555 0100', local_mode: true });
    if (url.includes('/api/me/whatsapp')) {
      await whatsappRead;
      return json({ reference: 'CS-7F3K9QWX', contact: null } satisfies MemberWhatsAppDto);
    }
    return new Response(null, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, release };
}

function renderLink(member: Member | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemberContext.Provider value={member}>{children}</MemberContext.Provider>
    </QueryClientProvider>
  );
  return renderHook(() => useChatLink('Hi, where do we begin?'), { wrapper });
}

const plain = `https://wa.me/15550100?text=${encodeURIComponent('Hi, where do we begin?')}`;
const api = {} as MemberApi;

describe('the chat link', () => {
  it('carries a signed-in member’s reference once known, and the plain greeting until then', async () => {
    const { release } = server();
    const { result } = renderLink({ userId: 'u1', demo: false, api });
    // Never waits for the reference: the plain link first.
    await waitFor(() => expect(result.current.link).toBe(plain));
    release();
    await waitFor(() =>
      expect(result.current.link).toBe(
        `https://wa.me/15550100?text=${encodeURIComponent('Hi, where do we begin? (ref CS-7F3K9QWX)')}`,
      ),
    );
  });

  it('stays plain for a demo visitor and when nobody is signed in, without asking for a reference', async () => {
    for (const member of [{ userId: 'demo', demo: true, api }, null]) {
      const { fetchMock, release } = server();
      release();
      const { result, unmount } = renderLink(member);
      await waitFor(() => expect(result.current.link).toBe(plain));
      expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContainEqual(
        expect.stringContaining('/api/me/whatsapp'),
      );
      unmount();
      forgetAppConfig();
    }
  });
});
