import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { conversationChannel, type ChatMessageDto } from '@app/shared';
import { BrowserSocketStandIn } from './browser-socket-stand-in';
import type { FetchChatPage } from './catch-up';
import { useLiveThread } from './use-live-thread';

const message = (id: string): ChatMessageDto => ({
  id,
  conversation_id: 'c1',
  member_id: 'm1',
  message: id,
  created_at: '2026-11-23T10:00:00.000Z',
  author: 'member',
  channel: 'web',
  type: 'text',
  status: 'sent',
  client_id: null,
  is_admin_message: false,
  sender_left: false,
  author_name: null,
  author_id: null,
  read_at: null,
  media: null,
  reaction: null,
  failure_reason: null,
  origin: null,
  programme: null,
});

/** A fetchPage per conversation whose first page arrives when the test says so. */
function pages() {
  const release = new Map<string, () => void>();
  const fetchPageFor =
    (key: string): FetchChatPage =>
    () =>
      new Promise((resolve) =>
        release.set(key, () => resolve({ conversation_id: key, messages: [message(key)], has_more: false })),
      );
  return { fetchPageFor, release: (key: string) => act(async () => release.get(key)?.()) };
}

describe('a live thread switching conversations', () => {
  it('is never ready for a conversation whose first page has not arrived, not even on the switching render', async () => {
    const { fetchPageFor, release } = pages();
    const seen: [string, string][] = [];
    const { result, rerender } = renderHook(
      ({ key }: { key: string }) => {
        const thread = useLiveThread({ key, fetchPage: fetchPageFor(key), channel: null });
        seen.push([key, thread.status]);
        return thread;
      },
      { initialProps: { key: 'a' } },
    );
    await release('a');
    expect(result.current.status).toBe('ready');

    rerender({ key: 'b' });
    // A screen that acts once the thread is ready (the admin's pane marks it read) must wait for b's page.
    expect(seen.filter(([key, status]) => key === 'b' && status === 'ready')).toEqual([]);
    await release('b');
    expect(result.current.status).toBe('ready');
    expect(result.current.messages.map((m) => m.id)).toEqual(['b']);
  });
});

describe('a live thread catching up after it joins', () => {
  it('reads an empty conversation again: a message sent between the first read and the join is not missed', async () => {
    vi.stubGlobal('WebSocket', BrowserSocketStandIn);
    try {
      let sent: ChatMessageDto[] = [];
      const reads: { before?: string; after?: string }[] = [];
      const fetchPage: FetchChatPage = async (cursor) => {
        reads.push(cursor);
        return { conversation_id: 'c-empty', messages: sent, has_more: false };
      };
      const { result } = renderHook(() =>
        useLiveThread({ key: 'c-empty', fetchPage, channel: conversationChannel('c-empty') }),
      );
      await waitFor(() => expect(result.current.status).toBe('ready'));
      expect(result.current.messages).toEqual([]);

      // The first step is posted before the channel is joined: no live frame will bring it.
      sent = [message('first-step')];
      BrowserSocketStandIn.sockets.at(-1)!.openAndJoin();
      await waitFor(() => expect(result.current.messages.map((m) => m.id)).toEqual(['first-step']));
      expect(reads).toEqual([{}, {}]);
    } finally {
      for (const socket of BrowserSocketStandIn.sockets) socket.answer('leave');
      vi.unstubAllGlobals();
    }
  });
});

describe('a live thread whose catch-up read fails', () => {
  it('reads again from where the failed read started: when the network is back, and after a delay', async () => {
    vi.stubGlobal('WebSocket', BrowserSocketStandIn);
    try {
      const stored = [message('m1')];
      const reads: { before?: string; after?: string }[] = [];
      let failing = true;
      const fetchPage: FetchChatPage = async (cursor) => {
        reads.push(cursor);
        if (cursor.after && failing) throw new TypeError('Failed to fetch');
        const from = cursor.after ? stored.findIndex((m) => m.id === cursor.after) + 1 : 0;
        return { conversation_id: 'c-retry', messages: stored.slice(from), has_more: false };
      };
      const channel = conversationChannel('c-retry');
      const { result } = renderHook(() => useLiveThread({ key: 'c-retry', fetchPage, channel }));
      await waitFor(() => expect(result.current.status).toBe('ready'));

      // Sent while the socket was down; the read after the join fails and the socket stays up.
      stored.push(message('m2'));
      const socket = BrowserSocketStandIn.sockets.at(-1)!;
      socket.openAndJoin();
      await waitFor(() => expect(reads).toEqual([{}, { after: 'm1' }]));
      // A live message now is newer than the one missed: the retry must not start after it.
      stored.push(message('m3'));
      socket.receive({ type: 'message', channel, message: message('m3') });
      expect(result.current.messages.map((m) => m.id)).toEqual(['m1', 'm3']);

      // The browser says the network is back, but reads still fail: tried, and tried again later.
      act(() => void window.dispatchEvent(new Event('online')));
      await waitFor(() => expect(reads).toEqual([{}, { after: 'm1' }, { after: 'm1' }]));
      failing = false;
      // The second failure's delay is the reconnect schedule's second (2 s).
      await waitFor(() => expect(result.current.messages.map((m) => m.id)).toEqual(['m1', 'm2', 'm3']), {
        timeout: 3000,
      });
      expect(reads).toEqual([{}, { after: 'm1' }, { after: 'm1' }, { after: 'm1' }]);
    } finally {
      for (const socket of BrowserSocketStandIn.sockets) socket.answer('leave');
      vi.unstubAllGlobals();
    }
  });
});
