import {
  parseServerFrame,
  REALTIME_CLOSE,
  REALTIME_HEARTBEAT_MS,
  REALTIME_RECONNECT_DELAYS_MS,
  type RealtimeChannel,
  type RealtimeClientFrame,
  type RealtimeServerFrame,
} from '@app/shared';

/** A channel's life on this tab. */
export type ChannelState = 'closed' | 'joining' | 'joined' | 'leaving' | 'errored';

/** The socket's life: `ended` when the server closed it because the session ended (no reconnect). */
export type ConnectionState = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'ended';

/** Frames delivered to one channel's subscribers. */
export type ChannelFrame = Extract<
  RealtimeServerFrame,
  | { type: 'message' }
  | { type: 'read' }
  | { type: 'message_status' }
  | { type: 'automation' }
  | { type: 'coach_typing' }
  | { type: 'inbox_changed' }
>;

export interface ChannelListener {
  /** A message, a read marker, a delivery status, an automation state, the AI coach typing or an inbox change on this channel. */
  onFrame?(frame: ChannelFrame): void;
  /**
   * The server confirmed the join. Called on the first join and again after
   * every reconnect: whatever arrived while the socket was down was not
   * delivered, so the subscriber fetches what it missed here.
   */
  onJoined?(): void;
  onState?(state: ChannelState): void;
}

/** The smallest part of the browser's WebSocket this client uses; tests pass a fake with the same shape. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface RealtimeClientOptions {
  /** The endpoint's absolute ws:// or wss:// address. */
  url: string;
  createSocket?: (url: string) => SocketLike;
  /** Timers, replaceable in tests. */
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  /** Told of each frame from the server that does not parse (it is dropped); by default, logged in development. */
  onUnreadableFrame?: (text: string) => void;
}

function logUnreadableFrame(text: string) {
  // A server of another version, or a bug: worth seeing while developing, nothing a member could act on.
  if (import.meta.env.DEV) console.warn('Realtime frame not understood; dropped', text.slice(0, 200));
}

const OPEN = 1;

interface ChannelEntry {
  state: ChannelState;
  listeners: Set<ChannelListener>;
  /** The ref of the join or leave frame awaiting its answer. */
  pendingRef?: string;
}

/**
 * One WebSocket per tab, shared by every screen that listens (decision 036).
 * It joins the channels asked for, answers the server's heartbeat rule by
 * sending one every REALTIME_HEARTBEAT_MS, and when the socket drops it
 * reconnects after 1, 2, 5, 10 s and then every 10 s, joining every channel
 * again. The delays start over only once the server answers on a new socket:
 * one it accepts and then closes at once does not count as a connection. A
 * close with REALTIME_CLOSE.tooManySockets waits the longest delay at once
 * (decision 048); one with REALTIME_CLOSE.sessionEnded stops it until a new
 * subscription after the next sign-in. The socket exists only while a channel
 * is wanted. `reconnectNow` cuts a waiting delay short when there is reason to
 * think the server can be reached again (the network came back, the tab was shown).
 */
export class RealtimeClient {
  private socket: SocketLike | null = null;
  private readonly channels = new Map<RealtimeChannel, ChannelEntry>();
  private readonly connectionListeners = new Set<(state: ConnectionState) => void>();
  private connection: ConnectionState = 'idle';
  private attempt = 0;
  private reconnectTimer: unknown = null;
  /** The waiting delay follows a refusal as one socket too many: trying sooner would be refused again. */
  private refusedAsTooMany = false;
  private heartbeatTimer: unknown = null;
  /** The ref of the last heartbeat not yet answered: a second one unanswered means the socket is dead. */
  private heartbeatPending: string | null = null;
  private nextRef = 0;
  private readonly createSocket: (url: string) => SocketLike;
  private readonly setTimer: (callback: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;

  constructor(private readonly options: RealtimeClientOptions) {
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url) as unknown as SocketLike);
    this.setTimer = options.setTimeout ?? ((callback, ms) => setTimeout(callback, ms));
    this.clearTimer = options.clearTimeout ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  }

  get connectionState(): ConnectionState {
    return this.connection;
  }

  channelState(channel: RealtimeChannel): ChannelState {
    return this.channels.get(channel)?.state ?? 'closed';
  }

  onConnectionChange(listener: (state: ConnectionState) => void): () => void {
    this.connectionListeners.add(listener);
    return () => this.connectionListeners.delete(listener);
  }

  /** Listens on a channel, joining it if this is its first listener; the answer stops listening. */
  subscribe(channel: RealtimeChannel, listener: ChannelListener): () => void {
    let entry = this.channels.get(channel);
    if (!entry) {
      entry = { state: 'closed', listeners: new Set() };
      this.channels.set(channel, entry);
    }
    entry.listeners.add(listener);
    listener.onState?.(entry.state);
    if (this.connection === 'ended') {
      // A new subscription after the session ended comes from a new sign-in: try again.
      this.connection = 'idle';
    }
    if (entry.state === 'closed' || entry.state === 'leaving') this.join(channel, entry);
    else if (entry.state === 'joined') listener.onJoined?.();
    this.ensureSocket();
    return () => this.unsubscribe(channel, listener);
  }

  private unsubscribe(channel: RealtimeChannel, listener: ChannelListener) {
    const entry = this.channels.get(channel);
    if (!entry) return;
    entry.listeners.delete(listener);
    if (entry.listeners.size > 0) return;
    if (this.isOpen() && (entry.state === 'joined' || entry.state === 'joining')) {
      const ref = this.ref();
      entry.pendingRef = ref;
      this.setChannelState(entry, 'leaving');
      this.send({ type: 'leave', channel, ref });
    } else {
      this.channels.delete(channel);
    }
    if (this.channels.size === 0 || [...this.channels.values()].every((e) => e.listeners.size === 0)) {
      this.scheduleIdleClose();
    }
  }

  private join(channel: RealtimeChannel, entry: ChannelEntry) {
    if (!this.isOpen()) {
      // Joined when the socket opens.
      this.setChannelState(entry, 'joining');
      entry.pendingRef = undefined;
      return;
    }
    const ref = this.ref();
    entry.pendingRef = ref;
    this.setChannelState(entry, 'joining');
    this.send({ type: 'join', channel, ref });
  }

  private ensureSocket() {
    if (this.socket || this.connection === 'ended' || this.reconnectTimer !== null) return;
    this.open();
  }

  private open() {
    this.reconnectTimer = null;
    this.setConnection(this.attempt === 0 ? 'connecting' : 'reconnecting');
    const socket = this.createSocket(this.options.url);
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.setConnection('open');
      this.startHeartbeat();
      for (const [channel, entry] of this.channels) {
        if (entry.listeners.size === 0) {
          this.channels.delete(channel);
          continue;
        }
        this.join(channel, entry);
      }
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket || typeof event.data !== 'string') return;
      // Every frame is checked against the shared schemas (decision 053): one that does not fit is dropped whole.
      const frame = parseServerFrame(event.data);
      if (!frame) {
        (this.options.onUnreadableFrame ?? logUnreadableFrame)(event.data);
        return;
      }
      // The server answered: this socket was accepted, so a later drop starts the delays over.
      this.attempt = 0;
      this.receive(frame);
    };
    socket.onerror = () => {
      // A close event always follows; reconnecting is decided there.
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.dropSocket();
      const wanted = [...this.channels.values()].some((entry) => entry.listeners.size > 0);
      for (const [channel, entry] of this.channels) {
        if (entry.listeners.size === 0) this.channels.delete(channel);
        else this.setChannelState(entry, event.code === REALTIME_CLOSE.sessionEnded ? 'closed' : 'errored');
      }
      if (event.code === REALTIME_CLOSE.sessionEnded) {
        this.setConnection('ended');
        return;
      }
      if (!wanted) {
        this.attempt = 0;
        this.setConnection('idle');
        return;
      }
      // Refused as one socket too many: asking again soon would be refused again.
      this.refusedAsTooMany = event.code === REALTIME_CLOSE.tooManySockets;
      if (this.refusedAsTooMany) {
        this.attempt = Math.max(this.attempt, REALTIME_RECONNECT_DELAYS_MS.length - 1);
      }
      this.scheduleReconnect();
    };
  }

  /**
   * Tries at once instead of waiting out the current delay (up to 10 s): the browser
   * says the network is back, or the member returned to the tab. Nothing happens
   * unless a reconnect is waiting, and not after a refusal as one socket too many.
   * A try that fails goes on with the next delay, as any other.
   */
  reconnectNow() {
    if (this.reconnectTimer === null || this.refusedAsTooMany) return;
    this.clearTimer(this.reconnectTimer);
    this.open();
  }

  private receive(frame: RealtimeServerFrame) {
    switch (frame.type) {
      case 'heartbeat':
        if (frame.ref === this.heartbeatPending) this.heartbeatPending = null;
        return;
      case 'joined': {
        const entry = this.channels.get(frame.channel);
        if (!entry || entry.pendingRef !== frame.ref) return;
        entry.pendingRef = undefined;
        this.setChannelState(entry, 'joined');
        for (const listener of entry.listeners) listener.onJoined?.();
        return;
      }
      case 'left': {
        const entry = this.channels.get(frame.channel);
        if (!entry || entry.pendingRef !== frame.ref) return;
        entry.pendingRef = undefined;
        if (entry.listeners.size > 0) {
          // Someone subscribed again while the leave was on its way.
          this.join(frame.channel, entry);
        } else {
          this.setChannelState(entry, 'closed');
          this.channels.delete(frame.channel);
        }
        return;
      }
      case 'error': {
        const channel =
          frame.channel ??
          [...this.channels.entries()].find(([, entry]) => frame.ref && entry.pendingRef === frame.ref)?.[0];
        // The channel a refused join named: not one of ours unless it is a key here.
        const entry = channel && this.channels.get(channel as RealtimeChannel);
        if (!entry) return;
        entry.pendingRef = undefined;
        this.setChannelState(entry, 'errored');
        return;
      }
      case 'inbox_changed':
        this.deliver('inbox', frame);
        return;
      case 'message':
      case 'read':
      case 'message_status':
      case 'automation':
      case 'coach_typing':
        this.deliver(frame.channel, frame);
        return;
    }
  }

  private deliver(channel: RealtimeChannel, frame: ChannelFrame) {
    const entry = this.channels.get(channel);
    if (entry?.state !== 'joined') return;
    for (const listener of entry.listeners) listener.onFrame?.(frame);
  }

  private startHeartbeat() {
    this.stopHeartbeat();
    const beat = () => {
      if (!this.isOpen()) return;
      if (this.heartbeatPending) {
        // The last heartbeat went unanswered for a whole interval: the connection is dead even if
        // the browser has not noticed. Closing it starts the reconnect.
        this.socket?.close(4000, 'heartbeat timeout');
        return;
      }
      const ref = this.ref();
      this.heartbeatPending = ref;
      this.send({ type: 'heartbeat', ref });
      this.heartbeatTimer = this.setTimer(beat, REALTIME_HEARTBEAT_MS);
    };
    this.heartbeatTimer = this.setTimer(beat, REALTIME_HEARTBEAT_MS);
  }

  private stopHeartbeat() {
    if (this.heartbeatTimer !== null) this.clearTimer(this.heartbeatTimer);
    this.heartbeatTimer = null;
    this.heartbeatPending = null;
  }

  private scheduleReconnect() {
    const delays = REALTIME_RECONNECT_DELAYS_MS;
    const delay = delays[Math.min(this.attempt, delays.length - 1)]!;
    this.attempt += 1;
    this.setConnection('reconnecting');
    this.reconnectTimer = this.setTimer(() => this.open(), delay);
  }

  /** With no channel wanted, the socket is closed (not at once: a screen change often re-subscribes). */
  private scheduleIdleClose() {
    this.setTimer(() => {
      const wanted = [...this.channels.values()].some((entry) => entry.listeners.size > 0);
      if (wanted) return;
      if (this.reconnectTimer !== null) {
        this.clearTimer(this.reconnectTimer);
        this.reconnectTimer = null;
      }
      const socket = this.socket;
      this.dropSocket();
      this.channels.clear();
      this.attempt = 0;
      if (this.connection !== 'ended') this.setConnection('idle');
      socket?.close(1000, 'no channel');
    }, 1000);
  }

  private dropSocket() {
    this.stopHeartbeat();
    if (this.socket) {
      this.socket.onopen = null;
      this.socket.onmessage = null;
      this.socket.onclose = null;
      this.socket.onerror = null;
    }
    this.socket = null;
  }

  private isOpen(): boolean {
    return this.socket !== null && this.socket.readyState === OPEN && this.connection === 'open';
  }

  private send(frame: RealtimeClientFrame) {
    this.socket?.send(JSON.stringify(frame));
  }

  private ref(): string {
    this.nextRef += 1;
    return String(this.nextRef);
  }

  private setChannelState(entry: ChannelEntry, state: ChannelState) {
    if (entry.state === state) return;
    entry.state = state;
    for (const listener of entry.listeners) listener.onState?.(state);
  }

  private setConnection(state: ConnectionState) {
    if (this.connection === state) return;
    this.connection = state;
    for (const listener of this.connectionListeners) listener(state);
  }
}
