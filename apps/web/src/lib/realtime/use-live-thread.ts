import { useCallback, useEffect, useRef, useState } from 'react';
import { REALTIME_RECONNECT_DELAYS_MS, type ChatMessageDto, type RealtimeChannel } from '@app/shared';
import { fetchAllAfter, type FetchChatPage } from './catch-up';
import { useRealtimeChannel, type ChannelState } from './realtime';
import { applyRead, applyStatus, mergeMessages, newestSavedId, type ThreadMessage } from './thread';

/** How far back a jump to a message reads (CHAT_PAGE_SIZE each): past this, a very old message is not shown. */
export const MAX_PAGES_TO_FIND = 100;

export interface LiveThreadOptions {
  /** Names the conversation; a new key starts over. */
  key: string;
  fetchPage: FetchChatPage;
  /** The conversation's realtime channel, or null to read without listening (the demo). */
  channel: RealtimeChannel | null;
  /** The first page could not be read. */
  onLoadError?(error: unknown): void;
  /** An older page could not be read. */
  onOlderError?(error: unknown): void;
  /** A message arrived live (not a catch-up read). */
  onLiveMessage?(message: ChatMessageDto): void;
}

export interface LiveThread {
  messages: ThreadMessage[];
  status: 'loading' | 'ready' | 'error';
  hasOlder: boolean;
  loadingOlder: boolean;
  channelState: ChannelState;
  loadOlder(): Promise<void>;
  /**
   * Reads older pages until one holds this message (a search result to show), at most
   * MAX_PAGES_TO_FIND of them; resolves whether it is in the thread now.
   */
  loadOlderThrough(messageId: string): Promise<boolean>;
  /** Adds or replaces messages (a temporary entry, the saved message that replaces it). */
  upsert(...messages: ThreadMessage[]): void;
  remove(id: string): void;
  /** Marks the messages of one side read here, after this side reported reading them. */
  markRead(reader: 'admin' | 'member', readAt: string): void;
  reload(): void;
}

/**
 * One conversation kept live: its newest page, older pages on request, new
 * and changed messages, read markers and delivery statuses from its channel, and after every (re)join a
 * catch-up read of what came after the newest message held, merged by id so
 * nothing is lost and nothing shows twice.
 */
export function useLiveThread({
  key,
  fetchPage,
  channel,
  onLoadError,
  onOlderError,
  onLiveMessage,
}: LiveThreadOptions): LiveThread {
  const [messages, setMessages] = useState<ThreadMessage[]>([]);
  const [loadState, setStatus] = useState<LiveThread['status']>('loading');
  // Which conversation the state above belongs to: on the render that brings a new key,
  // before the effect below starts over, it still describes the previous one.
  const [loadedKey, setLoadedKey] = useState(key);
  const status = loadedKey === key ? loadState : 'loading';
  const [hasOlder, setHasOlder] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [joins, setJoins] = useState(0);
  const [attempt, setAttempt] = useState(0);
  // A catch-up read that failed is tried again: each retry is a new run of the catch-up effect.
  const [catchUpRetries, setCatchUpRetries] = useState(0);
  // The failing catch-up of this conversation: where it started (its retry starts there too, even if a
  // live message arrived since) and how many times in a row it failed (which reconnect delay comes next).
  const failedCatchUp = useRef<{ key: string; after: string | undefined; failures: number } | null>(null);
  // What the async callbacks read: the current key and thread, not the render they started in.
  const current = useRef({ key, messages, fetchPage, onLoadError, onOlderError, onLiveMessage });
  useEffect(() => {
    current.current = { key, messages, fetchPage, onLoadError, onOlderError, onLiveMessage };
  });

  useEffect(() => {
    let cancelled = false;
    setMessages([]);
    setStatus('loading');
    setLoadedKey(key);
    setHasOlder(false);
    current.current.fetchPage({}).then(
      (page) => {
        if (cancelled) return;
        setMessages((thread) => mergeMessages(thread, page.messages));
        setHasOlder(page.has_more);
        setStatus('ready');
      },
      (error: unknown) => {
        if (cancelled) return;
        setStatus('error');
        current.current.onLoadError?.(error);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [key, attempt]);

  const channelState = useRealtimeChannel(channel, {
    onJoined: () => setJoins((n) => n + 1),
    onFrame: (frame) => {
      if (frame.type === 'message') {
        // A message already shown may come again, changed (its attachment fetched, a reaction): replaced by id.
        setMessages((thread) => mergeMessages(thread, [frame.message]));
        current.current.onLiveMessage?.(frame.message);
      } else if (frame.type === 'read') {
        setMessages((thread) => applyRead(thread, frame.reader, frame.read_at));
      } else if (frame.type === 'message_status') {
        setMessages((thread) => applyStatus(thread, frame));
      }
    },
  });

  // After each join, and once the first page is in, read what came after the newest message held:
  // whichever of the two happens last, nothing sent in between is missed.
  useEffect(() => {
    if (joins === 0 || status !== 'ready') return;
    const startedFor = current.current.key;
    const failed = failedCatchUp.current?.key === startedFor ? failedCatchUp.current : null;
    const after = failed ? failed.after : newestSavedId(current.current.messages);
    let stopped = false;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    const tryAgain = () => {
      if (!stopped) setCatchUpRetries((n) => n + 1);
    };
    // An empty thread reads its newest page again: a message sent between the first read and the join
    // (the first message of a new conversation, say) would otherwise wait for the next one.
    const missedSince = after
      ? fetchAllAfter(current.current.fetchPage, after)
      : current.current.fetchPage({}).then((page) => page.messages);
    missedSince.then(
      (missed) => {
        if (failedCatchUp.current?.key === startedFor) failedCatchUp.current = null;
        if (current.current.key === startedFor && missed.length > 0) {
          setMessages((thread) => mergeMessages(thread, missed));
        }
      },
      () => {
        if (stopped) return;
        const failures = (failed?.failures ?? 0) + 1;
        failedCatchUp.current = { key: startedFor, after, failures };
        // The socket may stay up while reads fail (the network dropped for a moment, the database
        // restarted): no join would come to try again, and what was missed would stay missing.
        // So the read is tried again on the reconnect delays, or at once when the network is back.
        const delays = REALTIME_RECONNECT_DELAYS_MS;
        retryTimer = setTimeout(tryAgain, delays[Math.min(failures, delays.length) - 1]);
        window.addEventListener('online', tryAgain, { once: true });
      },
    );
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      window.removeEventListener('online', tryAgain);
    };
  }, [joins, status, catchUpRetries]);

  const loadOlder = useCallback(async () => {
    const oldest = current.current.messages.find((m) => !m.pending);
    if (!oldest || loadingOlder) return;
    const startedFor = current.current.key;
    setLoadingOlder(true);
    try {
      const page = await current.current.fetchPage({ before: oldest.id });
      if (current.current.key !== startedFor) return;
      setMessages((thread) => mergeMessages(thread, page.messages));
      setHasOlder(page.has_more);
    } catch (error) {
      current.current.onOlderError?.(error);
    } finally {
      setLoadingOlder(false);
    }
  }, [loadingOlder]);

  const loadOlderThrough = useCallback(async (messageId: string) => {
    if (current.current.messages.some((m) => m.id === messageId)) return true;
    const startedFor = current.current.key;
    let oldest = current.current.messages.find((m) => !m.pending);
    if (!oldest) return false;
    const read: ChatMessageDto[] = [];
    let more = true;
    let found = false;
    setLoadingOlder(true);
    try {
      // Page after page, each one index range (keyset on the oldest held); merged once, so the list moves once.
      for (let pages = 0; pages < MAX_PAGES_TO_FIND && more && !found; pages++) {
        const page = await current.current.fetchPage({ before: oldest.id });
        if (current.current.key !== startedFor) return false;
        read.push(...page.messages);
        more = page.has_more;
        found = page.messages.some((m) => m.id === messageId);
        if (page.messages.length === 0) break;
        oldest = page.messages[0]!;
      }
      setMessages((thread) => mergeMessages(thread, read));
      setHasOlder(more);
      return found;
    } catch (error) {
      current.current.onOlderError?.(error);
      return false;
    } finally {
      setLoadingOlder(false);
    }
  }, []);

  return {
    messages,
    status,
    hasOlder,
    loadingOlder,
    channelState,
    loadOlder,
    loadOlderThrough,
    upsert: useCallback((...incoming: ThreadMessage[]) => setMessages((thread) => mergeMessages(thread, incoming)), []),
    remove: useCallback((id: string) => setMessages((thread) => thread.filter((m) => m.id !== id)), []),
    markRead: useCallback(
      (reader: 'admin' | 'member', readAt: string) => setMessages((thread) => applyRead(thread, reader, readAt)),
      [],
    ),
    reload: useCallback(() => setAttempt((n) => n + 1), []),
  };
}
