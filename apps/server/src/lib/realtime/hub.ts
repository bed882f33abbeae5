import {
  conversationChannel,
  INBOX_CHANNEL,
  REALTIME_CLOSE,
  REALTIME_IDLE_TIMEOUT_MS,
  type ChatMessageDto,
  type RealtimeChannel,
  type RealtimeServerFrame,
} from '@app/shared';
import type { Database } from '../../db/client';
import { chatMessageById, chatMessagesSince } from '../chat/chat-messages';
import type { Logger } from '../logger';
import type { SessionLookup } from '../session-lookup';
import { mayUseAdminArea } from '../second-factor';
import type { BusResumed, RealtimeBus, RealtimeEvent } from './bus';
import { parseClientFrame } from './client-frames';

/** One open WebSocket, as the hub sees it (realtime.routes.ts adapts the real socket). */
export interface RealtimeSocket {
  send(text: string): void;
  close(code: number, reason: string): void;
  /** A WebSocket ping; `onPong` below is told of the answer. */
  ping(): void;
  /** Drops the TCP connection without a closing handshake (a dead peer would never answer one). */
  terminate(): void;
}

export interface RealtimeConnection {
  readonly userId: string;
  readonly isAdmin: boolean;
  /** The upgrade request's headers (its session cookie), to check the session again when told it may have ended. */
  readonly headers: Headers;
  readonly socket: RealtimeSocket;
  readonly channels: Set<RealtimeChannel>;
  lastFrameAt: number;
  /** Pings sent since the last pong. */
  missedPings: number;
}

export interface RealtimeHubOptions {
  bus: RealtimeBus;
  db: Database;
  logger: Logger;
  /**
   * Reads an account from request headers (lib/session-lookup.ts), from the
   * database every time: built lazily, it needs better-auth.
   */
  lookup: () => SessionLookup;
  /** Forgets what this instance remembers of an account (lib/account-cache.ts), before its notice comes round. */
  forgetAccount?: (userId: string) => void;
  /** A socket that sent no frame for this long is closed (REALTIME_CLOSE.idle). */
  idleTimeoutMs?: number;
  /** How often sockets are pinged and checked for idleness. */
  sweepMs?: number;
}

/** A socket that leaves this many pings in a row unanswered is taken for dead (one late pong on a busy machine is not). */
const MAX_MISSED_PINGS = 2;
/** How many delivered message ids are remembered, so a catch-up after a bus outage sends none twice. */
const RECENT_IDS = 2000;
/** A catch-up reads back this far before the outage began (clocks of two instances differ a little). */
const CATCH_UP_MARGIN_MS = 5000;

/**
 * The WebSocket side of the realtime bus on one server instance: who is
 * connected, which channels each socket joined, and what each bus event means
 * for them (decision 029). On a message event the hub reads the committed row
 * once and sends it to every socket on that conversation's channel; the inbox
 * channel only hears that something changed. Frames are those of
 * packages/shared/src/chat-contract.ts.
 */
export function createRealtimeHub(options: RealtimeHubOptions) {
  const { bus, db, logger } = options;
  const idleTimeoutMs = options.idleTimeoutMs ?? REALTIME_IDLE_TIMEOUT_MS;
  const sweepMs = options.sweepMs ?? Math.min(idleTimeoutMs / 2, 15_000);
  const connections = new Set<RealtimeConnection>();
  const recentIds = new Set<string>();
  let closed = false;

  const send = (conn: RealtimeConnection, frame: RealtimeServerFrame) => {
    try {
      conn.socket.send(JSON.stringify(frame));
    } catch (err) {
      logger.debug({ err }, 'realtime send failed');
    }
  };

  function toChannel(channel: RealtimeChannel, frame: RealtimeServerFrame) {
    for (const conn of connections) if (conn.channels.has(channel)) send(conn, frame);
  }

  function remember(id: string): boolean {
    if (recentIds.has(id)) return false;
    recentIds.add(id);
    if (recentIds.size > RECENT_IDS) recentIds.delete(recentIds.values().next().value!);
    return true;
  }

  function deliver(message: ChatMessageDto) {
    if (!remember(message.id)) return;
    const channel = conversationChannel(message.member_id);
    toChannel(channel, { type: 'message', channel, message });
    toChannel(INBOX_CHANNEL, { type: 'inbox_changed' });
  }

  const wanted = (memberId: string) => {
    const channel = conversationChannel(memberId);
    for (const conn of connections) if (conn.channels.has(channel) || conn.channels.has(INBOX_CHANNEL)) return true;
    return false;
  };

  async function onEvent(event: RealtimeEvent | BusResumed) {
    switch (event.kind) {
      case 'message': {
        // Read only when some socket here listens: an instance with no such socket does no work.
        if (!wanted(event.member_id)) return;
        const message = await chatMessageById(db, event.message_id);
        if (message) deliver(message);
        return;
      }
      case 'read': {
        const channel = conversationChannel(event.member_id);
        toChannel(channel, {
          type: 'read',
          channel,
          member_id: event.member_id,
          reader: event.reader,
          read_at: event.read_at,
        });
        toChannel(INBOX_CHANNEL, { type: 'inbox_changed' });
        return;
      }
      case 'session_ended':
        await recheckSessions(event.user_id);
        return;
      case 'resumed':
        await catchUp(event.since);
        return;
    }
  }

  /**
   * Closes this account's sockets whose session no longer stands (signed out,
   * deactivated, password reset), and an admin's socket once the account is no
   * longer an admin (it may have joined the inbox).
   */
  async function recheckSessions(userId: string) {
    const lookup = options.lookup();
    await Promise.all(
      [...connections]
        .filter((conn) => conn.userId === userId)
        .map(async (conn) => {
          const account = await lookup(conn.headers);
          const stillAllowed = account?.user.id === userId && (!conn.isAdmin || mayUseAdminArea(account));
          if (!stillAllowed) {
            conn.socket.close(REALTIME_CLOSE.sessionEnded, 'Session ended');
            connections.delete(conn);
          }
        }),
    );
  }

  /** After the bus was cut off: what was written meanwhile in the conversations watched here. */
  async function catchUp(since: Date) {
    const memberIds = new Set<string>();
    let inbox = false;
    for (const conn of connections) {
      for (const channel of conn.channels) {
        if (channel === INBOX_CHANNEL) inbox = true;
        else memberIds.add(channel.slice('conversation:'.length));
      }
    }
    const messages = await chatMessagesSince(db, [...memberIds], new Date(since.getTime() - CATCH_UP_MARGIN_MS));
    for (const message of messages) deliver(message);
    if (inbox) toChannel(INBOX_CHANNEL, { type: 'inbox_changed' });
  }

  const unsubscribe = bus.subscribe((event) => {
    onEvent(event).catch((err) => logger.warn({ err, kind: event.kind }, 'realtime event not delivered'));
  });

  function mayJoin(conn: RealtimeConnection, channel: unknown): channel is RealtimeChannel {
    if (channel === INBOX_CHANNEL) return conn.isAdmin;
    if (typeof channel !== 'string' || !channel.startsWith('conversation:')) return false;
    const memberId = channel.slice('conversation:'.length);
    return memberId.length > 0 && (conn.isAdmin || memberId === conn.userId);
  }

  function onFrame(conn: RealtimeConnection, text: string) {
    conn.lastFrameAt = Date.now();
    const frame = parseClientFrame(text);
    if (!frame) {
      send(conn, { type: 'error', reason: 'Frame not understood' });
      return;
    }
    switch (frame.type) {
      case 'heartbeat':
        send(conn, { type: 'heartbeat', ref: frame.ref });
        return;
      case 'join':
        if (!mayJoin(conn, frame.channel)) {
          send(conn, {
            type: 'error',
            ref: frame.ref,
            channel: frame.channel,
            reason: 'Not allowed to join this channel',
          });
          return;
        }
        conn.channels.add(frame.channel);
        send(conn, { type: 'joined', channel: frame.channel, ref: frame.ref });
        return;
      case 'leave':
        conn.channels.delete(frame.channel);
        send(conn, { type: 'left', channel: frame.channel, ref: frame.ref });
        return;
    }
  }

  // Idle sockets are closed; sockets whose peer stopped answering pings are
  // dropped (a dead TCP connection raises no event of its own).
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const conn of connections) {
      if (now - conn.lastFrameAt > idleTimeoutMs) {
        conn.socket.close(REALTIME_CLOSE.idle, 'Idle');
        connections.delete(conn);
      } else if (conn.missedPings >= MAX_MISSED_PINGS) {
        conn.socket.terminate();
        connections.delete(conn);
      } else {
        conn.missedPings += 1;
        conn.socket.ping();
      }
    }
  }, sweepMs);
  sweep.unref();

  return {
    /** A socket just opened for this account. */
    open(account: { userId: string; isAdmin: boolean; headers: Headers }, socket: RealtimeSocket): RealtimeConnection {
      const conn: RealtimeConnection = {
        ...account,
        socket,
        channels: new Set(),
        lastFrameAt: Date.now(),
        missedPings: 0,
      };
      if (closed) socket.close(REALTIME_CLOSE.goingAway, 'Server shutting down');
      else connections.add(conn);
      return conn;
    },
    frame: onFrame,
    pong(conn: RealtimeConnection) {
      conn.missedPings = 0;
    },
    closed(conn: RealtimeConnection) {
      connections.delete(conn);
    },
    /**
     * Publishes on the bus, after the change is committed; every instance (this
     * one too) delivers it. A bus that cannot publish (the database is away) is
     * logged, not thrown: the change is made, and clients catch up on reconnect.
     */
    async publish(event: RealtimeEvent) {
      try {
        await bus.publish(event);
      } catch (err) {
        logger.warn({ err, kind: event.kind }, 'realtime event not published');
      }
    },
    /**
     * Some session of this account ended or its rights changed: this instance
     * forgets the account at once, then every instance checks its sockets (the
     * database's own notice, migration 0007, follows too).
     */
    sessionsChanged(userId: string) {
      options.forgetAccount?.(userId);
      return this.publish({ kind: 'session_ended', user_id: userId });
    },
    /** How many sockets are open here (tests, logs). */
    get size() {
      return connections.size;
    },
    /** Shutdown: every socket is told to reconnect elsewhere (1001), then the bus closes. */
    async close() {
      closed = true;
      clearInterval(sweep);
      unsubscribe();
      for (const conn of connections) conn.socket.close(REALTIME_CLOSE.goingAway, 'Server shutting down');
      connections.clear();
      await bus.close();
    },
  };
}

export type RealtimeHub = ReturnType<typeof createRealtimeHub>;
