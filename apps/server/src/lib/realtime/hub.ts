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
import { isMembersConversation } from '../chat/conversations';
import type { Logger } from '../logger';
import type { SessionLookup } from '../session-lookup';
import { mayUseAdminArea } from '../second-factor';
import type { BusResumed, RealtimeBus, RealtimeEvent } from './bus';
import { parseClientFrame } from './client-frames';
import { frameBucket, REALTIME_LIMITS, socketCounter, type RealtimeLimits } from './limits';

/** One open WebSocket, as the hub sees it (realtime.routes.ts adapts the real socket). */
export interface RealtimeSocket {
  send(text: string): void;
  close(code: number, reason: string): void;
  /** A WebSocket ping; `onPong` below is told of the answer. */
  ping(): void;
  /** Drops the TCP connection without a closing handshake (a dead peer would never answer one). */
  terminate(): void;
  /** Bytes queued for the peer that it has not taken yet (ws's bufferedAmount). */
  unsentBytes(): number;
}

export interface RealtimeConnection {
  readonly userId: string;
  readonly isAdmin: boolean;
  /** The client address the upgrade came from (lib/client-ip.ts), for the per-address limit. */
  readonly address: string;
  /** The upgrade request's headers (its session cookie), to check the session again when told it may have ended. */
  readonly headers: Headers;
  readonly socket: RealtimeSocket;
  readonly channels: Set<RealtimeChannel>;
  /** Frames this socket may still send now (limits.ts). */
  readonly frames: ReturnType<typeof frameBucket>;
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
  /** What one socket, account and address may hold and send (limits.ts); tests change some. */
  limits?: Partial<RealtimeLimits>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
  const limits: RealtimeLimits = { ...REALTIME_LIMITS, ...options.limits };
  const connections = new Set<RealtimeConnection>();
  const perAccount = socketCounter();
  const perAddress = socketCounter();
  const recentIds = new Set<string>();
  let closed = false;

  function add(conn: RealtimeConnection) {
    connections.add(conn);
    perAccount.add(conn.userId);
    perAddress.add(conn.address);
  }

  /** Forgets a socket: nothing more is sent to it, and what it sends next is ignored. */
  function remove(conn: RealtimeConnection) {
    if (!connections.delete(conn)) return;
    perAccount.remove(conn.userId);
    perAddress.remove(conn.address);
  }

  /**
   * Drops a socket for breaking a limit, with a warning that names the limit
   * and nothing about the person. A peer that stopped reading would never take
   * a closing frame queued behind what it left unread, so it is cut off at once.
   */
  function drop(conn: RealtimeConnection, limit: 'unsent bytes' | 'frames per second') {
    remove(conn);
    if (limit === 'unsent bytes') conn.socket.terminate();
    else conn.socket.close(REALTIME_CLOSE.tooManyFrames, 'Too many frames');
    logger.warn(
      { limit, max: limit === 'unsent bytes' ? limits.maxUnsentBytes : limits.framesPerSecond },
      'realtime socket dropped',
    );
  }

  /**
   * Queues a frame, unless the peer has left more than the bound unread: then
   * it is dropped instead, so one slow or stalled reader never makes the
   * server hold an ever longer queue (a publish to it stops here too).
   */
  const send = (conn: RealtimeConnection, frame: RealtimeServerFrame) => {
    if (conn.socket.unsentBytes() > limits.maxUnsentBytes) {
      drop(conn, 'unsent bytes');
      return;
    }
    try {
      conn.socket.send(JSON.stringify(frame));
    } catch (err) {
      logger.debug({ err }, 'realtime send failed');
    }
  };

  /**
   * Every frame a client sends (text, ping, pong) is counted; one over the
   * rate closes the socket. False when the socket is gone (closed before, or now).
   */
  function received(conn: RealtimeConnection): boolean {
    if (!connections.has(conn)) return false;
    if (conn.frames.take()) return true;
    drop(conn, 'frames per second');
    return false;
  }

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
    const channel = conversationChannel(message.conversation_id);
    toChannel(channel, { type: 'message', channel, message });
    toChannel(INBOX_CHANNEL, { type: 'inbox_changed' });
  }

  const wanted = (conversationId: string) => {
    const channel = conversationChannel(conversationId);
    for (const conn of connections) if (conn.channels.has(channel) || conn.channels.has(INBOX_CHANNEL)) return true;
    return false;
  };

  async function onEvent(event: RealtimeEvent | BusResumed) {
    switch (event.kind) {
      case 'message': {
        // Read only when some socket here listens: an instance with no such socket does no work.
        if (!wanted(event.conversation_id)) return;
        const message = await chatMessageById(db, event.message_id);
        if (message) deliver(message);
        return;
      }
      case 'read': {
        const channel = conversationChannel(event.conversation_id);
        toChannel(channel, {
          type: 'read',
          channel,
          conversation_id: event.conversation_id,
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
            remove(conn);
          }
        }),
    );
  }

  /** After the bus was cut off: what was written meanwhile in the conversations watched here. */
  async function catchUp(since: Date) {
    const conversationIds = new Set<string>();
    let inbox = false;
    for (const conn of connections) {
      for (const channel of conn.channels) {
        if (channel === INBOX_CHANNEL) inbox = true;
        else conversationIds.add(channel.slice('conversation:'.length));
      }
    }
    const messages = await chatMessagesSince(db, [...conversationIds], new Date(since.getTime() - CATCH_UP_MARGIN_MS));
    for (const message of messages) deliver(message);
    if (inbox) toChannel(INBOX_CHANNEL, { type: 'inbox_changed' });
  }

  const unsubscribe = bus.subscribe((event) => {
    onEvent(event).catch((err) => logger.warn({ err, kind: event.kind }, 'realtime event not delivered'));
  });

  /**
   * The inbox: admins. A conversation (its id, decision 052): admins, and the
   * member whose conversation it is, read from the database; never a contact's.
   */
  async function mayJoin(conn: RealtimeConnection, channel: RealtimeChannel): Promise<boolean> {
    if (channel === INBOX_CHANNEL) return conn.isAdmin;
    if (!channel.startsWith('conversation:')) return false;
    const conversationId = channel.slice('conversation:'.length);
    if (!UUID.test(conversationId)) return false;
    if (conn.isAdmin) return true;
    return isMembersConversation(db, conversationId, conn.userId);
  }

  async function join(conn: RealtimeConnection, frame: { channel: RealtimeChannel; ref: string }) {
    let allowed = false;
    try {
      allowed = await mayJoin(conn, frame.channel);
    } catch (err) {
      logger.warn({ err }, 'realtime join not checked');
    }
    // The socket may have closed while the database answered.
    if (!connections.has(conn)) return;
    if (!allowed) {
      send(conn, { type: 'error', ref: frame.ref, channel: frame.channel, reason: 'Not allowed to join this channel' });
      return;
    }
    conn.channels.add(frame.channel);
    send(conn, { type: 'joined', channel: frame.channel, ref: frame.ref });
  }

  /** A data frame from the client: JSON text (chat-contract.ts); binary data is refused. */
  function onFrame(conn: RealtimeConnection, data: unknown) {
    if (!received(conn)) return;
    conn.lastFrameAt = Date.now();
    if (typeof data !== 'string') {
      send(conn, { type: 'error', reason: 'Frames are JSON text' });
      return;
    }
    const frame = parseClientFrame(data);
    if (!frame) {
      send(conn, { type: 'error', reason: 'Frame not understood' });
      return;
    }
    switch (frame.type) {
      case 'heartbeat':
        send(conn, { type: 'heartbeat', ref: frame.ref });
        return;
      case 'join':
        void join(conn, frame);
        return;
      case 'leave':
        conn.channels.delete(frame.channel);
        send(conn, { type: 'left', channel: frame.channel, ref: frame.ref });
        return;
    }
  }

  // Idle sockets are closed; sockets whose peer stopped answering pings are
  // dropped (a dead TCP connection raises no event of its own), as are those
  // whose peer left too much unread (the ping would only add to it).
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const conn of connections) {
      if (now - conn.lastFrameAt > idleTimeoutMs) {
        conn.socket.close(REALTIME_CLOSE.idle, 'Idle');
        remove(conn);
      } else if (conn.missedPings >= MAX_MISSED_PINGS) {
        conn.socket.terminate();
        remove(conn);
      } else if (conn.socket.unsentBytes() > limits.maxUnsentBytes) {
        drop(conn, 'unsent bytes');
      } else {
        conn.missedPings += 1;
        conn.socket.ping();
      }
    }
  }, sweepMs);
  sweep.unref();

  return {
    /**
     * A socket just opened for this account, from this address. Past the
     * account's or the address's number of sockets it is closed at once
     * (REALTIME_CLOSE.tooManySockets, the reason saying which); the sockets
     * already open stay.
     */
    open(
      account: { userId: string; isAdmin: boolean; address: string; headers: Headers },
      socket: RealtimeSocket,
    ): RealtimeConnection {
      const now = Date.now();
      const conn: RealtimeConnection = {
        ...account,
        socket,
        channels: new Set(),
        frames: frameBucket(limits, now),
        lastFrameAt: now,
        missedPings: 0,
      };
      if (closed) {
        socket.close(REALTIME_CLOSE.goingAway, 'Server shutting down');
      } else if (perAccount.count(conn.userId) >= limits.socketsPerAccount) {
        socket.close(REALTIME_CLOSE.tooManySockets, 'Too many connections for this account');
        logger.warn({ limit: 'sockets per account', max: limits.socketsPerAccount }, 'realtime socket refused');
      } else if (perAddress.count(conn.address) >= limits.socketsPerAddress) {
        socket.close(REALTIME_CLOSE.tooManySockets, 'Too many connections from this address');
        logger.warn({ limit: 'sockets per address', max: limits.socketsPerAddress }, 'realtime socket refused');
      } else {
        add(conn);
      }
      return conn;
    },
    frame: onFrame,
    /** A ping from the client: counted like any frame (ws answers it with a pong of its own). */
    clientPing(conn: RealtimeConnection) {
      received(conn);
    },
    pong(conn: RealtimeConnection) {
      if (received(conn)) conn.missedPings = 0;
    },
    closed: remove,
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
      perAccount.clear();
      perAddress.clear();
      await bus.close();
    },
  };
}

export type RealtimeHub = ReturnType<typeof createRealtimeHub>;
