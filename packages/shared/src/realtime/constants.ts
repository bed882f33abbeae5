/**
 * The realtime protocol's timings, path and close codes (docs/product.md#messages,
 * decisions 029, 036 and 048). No zod here: the web app's start-up chunk may
 * read these without pulling in the frame schemas.
 */

/** The realtime client's heartbeat interval. */
export const REALTIME_HEARTBEAT_MS = 25_000;
/** Reconnect delays in order; after the last one, every REALTIME_RECONNECT_DELAYS_MS.at(-1). */
export const REALTIME_RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000] as const;
/** The server drops a socket that has sent nothing (not even a heartbeat) for this long. */
export const REALTIME_IDLE_TIMEOUT_MS = 60_000;
/** Path of the WebSocket endpoint. */
export const REALTIME_PATH = '/api/realtime';
/** Longest frame a client may send, in characters; a join is well under 200. */
export const MAX_CLIENT_FRAME_LENGTH = 1024;

/** Close codes the server uses beyond the standard ones. */
export const REALTIME_CLOSE = {
  /** The session ended (sign-out, deactivation, password change): do not reconnect until signed in again. */
  sessionEnded: 4001,
  /** No frame within REALTIME_IDLE_TIMEOUT_MS. */
  idle: 4002,
  /**
   * Refused at once: this account, or this client address, already holds as many sockets as the
   * server allows (the reason says which). Reconnecting soon would be refused again: wait the longest delay.
   */
  tooManySockets: 4003,
  /** The client sent frames faster than the server allows; reconnect as after any drop. */
  tooManyFrames: 4004,
  /** The server is shutting down; reconnect. */
  goingAway: 1001,
} as const;
