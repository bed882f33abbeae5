/**
 * What one instance lets its WebSocket clients hold and do (decision 048).
 * Each limit protects this instance's memory or time from one client that
 * stops reading, floods frames or opens sockets without end; a well-behaved
 * browser tab stays far below every one of them. They are per instance: that
 * is where the memory is.
 */
export interface RealtimeLimits {
  /**
   * Bytes the server may hold for one socket that its peer has not taken yet.
   * Past it the peer is not reading: the socket is dropped, nothing more is
   * queued for it, and the client catches up when it reconnects.
   */
  maxUnsentBytes: number;
  /** Frames (text, ping, pong) a socket may send per second, on average. */
  framesPerSecond: number;
  /** Frames a socket may send at once above that rate (a reconnect joins several channels together). */
  frameBurst: number;
  /** Open sockets per account. */
  socketsPerAccount: number;
  /** Open sockets per client address (decided as for the rate limits: TRUST_PROXY). */
  socketsPerAddress: number;
}

export const REALTIME_LIMITS: RealtimeLimits = {
  // A message frame is a few kilobytes (4,000 characters at most); 1 MiB is dozens of the largest
  // waiting, which a reading client takes in well under a second.
  maxUnsentBytes: 1024 * 1024,
  // The web client sends a heartbeat every 25 s and a join or leave per screen change; 20 a second
  // is far above a person clicking, and far below a flood.
  framesPerSecond: 20,
  frameBurst: 40,
  // A member with a few tabs on a laptop, a phone and a tablet; each tab holds one socket.
  socketsPerAccount: 10,
  // An office or a household behind one address.
  socketsPerAddress: 50,
};

/**
 * A token bucket: `frameBurst` frames at once, refilled at `framesPerSecond`.
 * `take` answers whether one more frame is within the limit now.
 */
export function frameBucket(limits: Pick<RealtimeLimits, 'framesPerSecond' | 'frameBurst'>, now = Date.now()) {
  let tokens = limits.frameBurst;
  let updatedAt = now;
  return {
    take(at = Date.now()): boolean {
      tokens = Math.min(limits.frameBurst, tokens + ((at - updatedAt) / 1000) * limits.framesPerSecond);
      updatedAt = at;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}

/** Open sockets per key (an account, an address): counted on open, forgotten on close. */
export function socketCounter() {
  const counts = new Map<string, number>();
  return {
    count: (key: string) => counts.get(key) ?? 0,
    add(key: string) {
      counts.set(key, (counts.get(key) ?? 0) + 1);
    },
    remove(key: string) {
      const left = (counts.get(key) ?? 0) - 1;
      if (left > 0) counts.set(key, left);
      else counts.delete(key);
    },
    clear: () => counts.clear(),
  };
}
