import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';

/** The header better-auth's rate limiter reads the client address from. */
export const CLIENT_IP_HEADER = 'x-calm-client-ip';

/**
 * The client address, from the socket. Behind a trusted proxy (TRUST_PROXY)
 * it is the last X-Forwarded-For entry: the one our own proxy appended;
 * anything before it is the client's to invent.
 */
export function clientIpOf(c: Context, trustProxy: boolean): string {
  let ip: string | undefined;
  if (trustProxy) ip = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
  if (!ip) {
    try {
      ip = getConnInfo(c).remote.address;
    } catch {
      ip = undefined; // not on a Node socket (in-process requests)
    }
  }
  return ip || 'unknown';
}

/** A copy of the request whose client-address header is ours, never the client's. */
export function withClientIpHeader(c: Context<AppEnv>): Request {
  const headers = new Headers(c.req.raw.headers);
  headers.set(CLIENT_IP_HEADER, c.get('clientIp'));
  const init: RequestInit & { duplex?: 'half' } = { headers };
  if (c.req.raw.body) init.duplex = 'half';
  return new Request(c.req.raw, init);
}
