import {
  channelName,
  parseChannel,
  parseClientFrame,
  REALTIME_CLOSE,
  REALTIME_IDLE_TIMEOUT_MS,
  type ParsedChannel,
  type RealtimeChannel,
  type RealtimeChannelKind,
  type RealtimeClientFrame,
  type RealtimeServerFrame,
} from '@app/shared';
import type { Logger } from '../logger';
import type { SessionLookup } from '../auth/session-lookup';
import { mayUseAdminArea } from '../auth/second-factor';
import type { BusResumed, RealtimeBus, RealtimeEvent } from './bus';
import type { DomainEventKind, RealtimeHandler, RealtimeOutlet } from './handler';
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
  /** Reads nothing more from the peer (ws's pause): what a flooding peer still sends stays in its own buffers. */
  stopReading(): void;
}

export interface RealtimeConnection {
  readonly userId: string;
  readonly isAdmin: boolean;
  /** The client address the upgrade came from (lib/http/client-ip.ts), for the per-address limit. */
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
  /** Answers not given yet (a handler deciding a join), and the last of them: the next frame's answer waits for it. */
  waiting: number;
  answered: Promise<void>;
}

export interface RealtimeHubOptions {
  bus: RealtimeBus;
  logger: Logger;
  /**
   * Reads an account from request headers (lib/auth/session-lookup.ts), from the
   * database every time: built lazily, it needs better-auth.
   */
  lookup: () => SessionLookup;
  /** Forgets what this instance remembers of an account (lib/accounts/account-cache.ts), before its notice comes round. */
  forgetAccount?: (userId: string) => void;
  /** A socket that sent no frame for this long is closed (REALTIME_CLOSE.idle). */
  idleTimeoutMs?: number;
  /** How often sockets are pinged and checked for idleness. */
  sweepMs?: number;
  /** What one socket, account and address may hold and send (limits.ts); tests change some. */
  limits?: Partial<RealtimeLimits>;
}

/** A socket that leaves this many pings in a row unanswered is taken for dead (one late pong on a busy machine is not). */
const MAX_MISSED_PINGS = 2;

/**
 * The WebSocket side of the realtime bus on one server instance: who is
 * connected, which channels each socket joined, their limits and sessions
 * (decisions 029, 048). What a channel or a bus event means belongs to the
 * domain handler registered for it (handler.ts, decision 053): the hub asks it
 * whether a socket may join, hands it the events it owns, and tells it to
 * catch up after a bus outage. Frames are packages/shared/src/realtime/frames.ts.
 */
export function createRealtimeHub(options: RealtimeHubOptions) {
  const { bus, logger } = options;
  const idleTimeoutMs = options.idleTimeoutMs ?? REALTIME_IDLE_TIMEOUT_MS;
  const sweepMs = options.sweepMs ?? Math.min(idleTimeoutMs / 2, 15_000);
  const limits: RealtimeLimits = { ...REALTIME_LIMITS, ...options.limits };
  const connections = new Set<RealtimeConnection>();
  const perAccount = socketCounter();
  const perAddress = socketCounter();
  const handlers: RealtimeHandler[] = [];
  const channelOwners = new Map<RealtimeChannelKind, RealtimeHandler>();
  const eventOwners = new Map<DomainEventKind, RealtimeHandler>();
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
    else {
      // A peer over the frame rate may be flooding: its closing reply is not waited for (the
      // close is cut off after a short grace), so nothing more it sends is read meanwhile.
      conn.socket.stopReading();
      conn.socket.close(REALTIME_CLOSE.tooManyFrames, 'Too many frames');
    }
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

  /** What handlers may do with the sockets here. */
  const outlet: RealtimeOutlet = {
    toChannel(channel, frame) {
      for (const conn of connections) {
        if (conn.channels.has(channel)) send(conn, typeof frame === 'function' ? frame(conn) : frame);
      }
    },
    watches(...channels) {
      for (const conn of connections) for (const channel of channels) if (conn.channels.has(channel)) return true;
      return false;
    },
    watched<K extends RealtimeChannelKind>(kind: K) {
      const names = new Set<RealtimeChannel>();
      for (const conn of connections) for (const channel of conn.channels) names.add(channel);
      return [...names]
        .map(parseChannel)
        .filter((parsed): parsed is Extract<ParsedChannel, { kind: K }> => parsed?.kind === kind);
    },
  };

  async function onEvent(event: RealtimeEvent | BusResumed) {
    switch (event.kind) {
      case 'session_ended':
        await recheckSessions(event.user_id);
        return;
      case 'resumed':
        // Each domain reads back what it may have missed; one failing does not keep the others from it.
        await Promise.all(
          handlers.map((handler) =>
            handler
              .catchUp?.(event.since, outlet)
              .catch((err) => logger.warn({ err, handler: handler.name }, 'realtime catch-up failed')),
          ),
        );
        return;
      default: {
        // Another instance may know kinds nobody here handles yet: nothing to tell the sockets here.
        const handler = eventOwners.get(event.kind);
        await handler?.onEvent(event as never, outlet);
        return;
      }
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

  const unsubscribe = bus.subscribe((event) => {
    onEvent(event).catch((err) => logger.warn({ err, kind: event.kind }, 'realtime event not delivered'));
  });

  /**
   * A join: refused unless the channel parses and the handler that owns its
   * kind says yes. Answered at once when the handler decides at once.
   */
  function join(conn: RealtimeConnection, frame: Extract<RealtimeClientFrame, { type: 'join' }>) {
    const parsed = parseChannel(frame.channel);
    const handler = parsed && channelOwners.get(parsed.kind);
    const decide = (allowed: boolean) => {
      // The socket may have closed, or its session ended, while the handler decided.
      if (!connections.has(conn)) return;
      if (!parsed || !allowed) {
        send(conn, {
          type: 'error',
          ref: frame.ref,
          channel: frame.channel,
          reason: 'Not allowed to join this channel',
        });
        return;
      }
      const channel = channelName(parsed);
      conn.channels.add(channel);
      send(conn, { type: 'joined', channel, ref: frame.ref });
    };
    if (!parsed || !handler) return decide(false);
    // A handler that cannot decide (its database is away) refuses; the client joins again on reconnect.
    const undecided = (err: unknown) => {
      logger.warn({ err, handler: handler.name }, 'realtime join not decided');
      decide(false);
    };
    let allowed: boolean | Promise<boolean>;
    try {
      allowed = handler.mayJoin(conn, parsed);
    } catch (err) {
      return undecided(err);
    }
    if (typeof allowed === 'boolean') return decide(allowed);
    return allowed.then(decide, undecided);
  }

  /** Answers a frame; a promise only while a handler decides a join. */
  function answer(conn: RealtimeConnection, frame: RealtimeClientFrame): void | Promise<void> {
    switch (frame.type) {
      case 'heartbeat':
        send(conn, { type: 'heartbeat', ref: frame.ref });
        return;
      case 'join':
        return join(conn, frame);
      case 'leave': {
        const parsed = parseChannel(frame.channel);
        if (!parsed) {
          send(conn, { type: 'error', ref: frame.ref, channel: frame.channel, reason: 'Not a channel' });
          return;
        }
        const channel = channelName(parsed);
        conn.channels.delete(channel);
        send(conn, { type: 'left', channel, ref: frame.ref });
        return;
      }
    }
  }

  /** A data frame from the client: JSON text (packages/shared/src/realtime/frames.ts); binary data is refused. */
  function onFrame(conn: RealtimeConnection, data: unknown) {
    if (!received(conn)) return;
    conn.lastFrameAt = Date.now();
    const frame = typeof data === 'string' ? parseClientFrame(data) : null;
    const reason = typeof data === 'string' ? 'Frame not understood' : 'Frames are JSON text';
    const reply = () => {
      if (!connections.has(conn)) return;
      if (frame) return answer(conn, frame);
      send(conn, { type: 'error', reason });
    };
    // Answers keep the order frames came in: behind a join a handler decides slowly, the next ones wait.
    if (conn.waiting === 0) {
      const pending = reply();
      if (pending) later(conn, pending);
    } else {
      later(conn, conn.answered.then(reply));
    }
  }

  /** Makes this the answer the socket's next frame waits for. */
  function later(conn: RealtimeConnection, answered: Promise<void>) {
    conn.waiting += 1;
    conn.answered = answered
      .catch((err) => logger.warn({ err }, 'realtime frame not answered'))
      .finally(() => {
        conn.waiting -= 1;
      });
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
     * Adds a domain's handler (server.ts registers each at start-up). A channel
     * kind or an event kind has one owner: a second is a programming error.
     */
    register<K extends DomainEventKind>(handler: RealtimeHandler<K>) {
      const owned = handler as unknown as RealtimeHandler;
      for (const kind of handler.channels) {
        if (channelOwners.has(kind)) throw new Error(`realtime channel kind ${kind} already has a handler`);
      }
      for (const kind of handler.events) {
        if (eventOwners.has(kind)) throw new Error(`realtime event kind ${kind} already has a handler`);
      }
      for (const kind of handler.channels) channelOwners.set(kind, owned);
      for (const kind of handler.events) eventOwners.set(kind, owned);
      handlers.push(owned);
    },
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
        waiting: 0,
        answered: Promise.resolve(),
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
    /** The accounts with an admin socket open here: who is online for the coach digest (decision 063). */
    connectedAdmins(): string[] {
      return [...new Set([...connections].filter((conn) => conn.isAdmin).map((conn) => conn.userId))];
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
