import { WebSocket } from 'ws';
import { REALTIME_PATH, type RealtimeClientFrame, type RealtimeServerFrame } from '@app/shared';

const FRAME_TIMEOUT_MS = 10_000;

/** What a refused upgrade answered: the HTTP status before any WebSocket existed. */
export class UpgradeRefused extends Error {
  constructor(readonly status: number) {
    super(`WebSocket upgrade refused with ${status}`);
  }
}

/**
 * A WebSocket client of the realtime endpoint, as the web app's would be:
 * the session cookie and the page's Origin sent with the upgrade. Frames are
 * kept in arrival order; `next` waits for the first one not yet taken that
 * matches, so a test reads what arrived without sleeping.
 */
export class RealtimeTestClient {
  readonly frames: RealtimeServerFrame[] = [];
  private taken = new Set<RealtimeServerFrame>();
  private waiters: (() => void)[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private refCount = 0;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.frames.push(JSON.parse(String(data)) as RealtimeServerFrame);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) => {
      socket.on('close', (code, reason) => {
        resolve({ code, reason: String(reason) });
        for (const wake of this.waiters.splice(0)) wake();
      });
    });
  }

  /** Opens a socket; rejects with UpgradeRefused when the server answers the upgrade with an HTTP status. */
  static connect(
    baseUrl: string,
    {
      cookie,
      origin = baseUrl,
      answerPings = true,
      headers: extraHeaders = {},
    }: {
      cookie?: string;
      origin?: string | null;
      /** false: a peer whose pongs never come back */ answerPings?: boolean;
      /** More upgrade headers, e.g. the X-Forwarded-For a trusted proxy would add. */
      headers?: Record<string, string>;
    } = {},
  ) {
    const url = new URL(REALTIME_PATH, baseUrl.replace(/^http/, 'ws'));
    const headers: Record<string, string> = { ...extraHeaders };
    if (cookie) headers.cookie = cookie;
    if (origin) headers.origin = origin;
    const socket = new WebSocket(url, { headers, autoPong: answerPings });
    return new Promise<RealtimeTestClient>((resolve, reject) => {
      const client = new RealtimeTestClient(socket);
      socket.once('open', () => resolve(client));
      socket.once('unexpected-response', (_req, res) => {
        reject(new UpgradeRefused(res.statusCode ?? 0));
        socket.terminate();
      });
      socket.once('error', reject);
    });
  }

  send(frame: RealtimeClientFrame | Record<string, unknown> | string) {
    this.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** The first frame not yet taken that matches, waiting for it to arrive. */
  async next<F extends RealtimeServerFrame>(
    match: (frame: RealtimeServerFrame) => frame is F,
    what: string,
    timeoutMs?: number,
  ): Promise<F>;
  async next(
    match: (frame: RealtimeServerFrame) => boolean,
    what: string,
    timeoutMs?: number,
  ): Promise<RealtimeServerFrame>;
  async next(match: (frame: RealtimeServerFrame) => boolean, what: string, timeoutMs = FRAME_TIMEOUT_MS) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.find((frame) => !this.taken.has(frame) && match(frame));
      if (found) {
        this.taken.add(found);
        return found;
      }
      if (this.socket.readyState === WebSocket.CLOSED) throw new Error(`socket closed while waiting for ${what}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Joins a channel and waits for the answer: the `joined` or `error` frame with this ref. */
  async join(channel: string) {
    const ref = `r${++this.refCount}`;
    this.send({ type: 'join', channel, ref });
    return this.next(
      (f) => (f.type === 'joined' || f.type === 'error') && f.ref === ref,
      `the answer to join ${channel}`,
    );
  }

  /** Sends a heartbeat and waits for its echo (every frame sent before it has been handled by then). */
  async heartbeat() {
    const ref = `r${++this.refCount}`;
    this.send({ type: 'heartbeat', ref });
    return this.next((f) => f.type === 'heartbeat' && f.ref === ref, 'the heartbeat echo');
  }

  close() {
    this.socket.close();
    return this.closed;
  }
}
