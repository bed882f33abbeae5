import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { REALTIME_PATH, type RealtimeChannel } from '@app/shared';
import { RealtimeClient, type ChannelFrame, type ChannelState, type ConnectionState } from './realtime-client';

export type { ChannelFrame, ChannelState, ConnectionState };

let client: RealtimeClient | null = null;

/** The tab's one realtime client, made on first use; same origin as the page (the dev server proxies it). */
export function realtimeClient(): RealtimeClient {
  if (!client) {
    const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
    const created = new RealtimeClient({ url: `${scheme}//${window.location.host}${REALTIME_PATH}` });
    // A laptop that wakes or a phone back in signal: reconnect now, not after the delay in progress.
    window.addEventListener('online', () => created.reconnectNow());
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') created.reconnectNow();
    });
    client = created;
  }
  return client;
}

export interface ChannelHandlers {
  onFrame?(frame: ChannelFrame): void;
  /** After every (re)join: fetch what arrived while not joined. */
  onJoined?(): void;
}

/**
 * Listens on a channel while the component is mounted (null: not at all, e.g. in the demo).
 * The handlers may change on every render; the latest ones are called. Answers the channel's state.
 */
export function useRealtimeChannel(channel: RealtimeChannel | null, handlers: ChannelHandlers): ChannelState {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const [state, setState] = useState<ChannelState>('closed');
  useEffect(() => {
    if (!channel) return;
    const stop = realtimeClient().subscribe(channel, {
      onFrame: (frame) => latest.current.onFrame?.(frame),
      onJoined: () => latest.current.onJoined?.(),
      onState: setState,
    });
    return () => {
      stop();
      setState('closed');
    };
  }, [channel]);
  return channel ? state : 'closed';
}

/** The shared socket's state, for the "Reconnecting…" hint. */
export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(
    (onChange) => realtimeClient().onConnectionChange(onChange),
    () => realtimeClient().connectionState,
    () => 'idle',
  );
}
