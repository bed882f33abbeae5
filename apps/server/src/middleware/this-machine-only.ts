import { getConnInfo } from '@hono/node-server/conninfo';
import type { MiddlewareHandler } from 'hono';
import { isLoopbackAddress, isLoopbackHostHeader } from '../lib/http/loopback';

/**
 * Local mode's dev tools (every reset link in the mailbox) answer only this
 * machine: a loopback socket address (never X-Forwarded-For, whatever
 * TRUST_PROXY says) and a loopback Host header, which a web page reaching us
 * through DNS rebinding cannot send. Anything else gets the API's 404, as if
 * the tools did not exist.
 */
export function thisMachineOnly(): MiddlewareHandler {
  return async (c, next) => {
    let socketAddress = '';
    try {
      socketAddress = getConnInfo(c).remote.address ?? '';
    } catch {
      // not on a Node socket: not provably this machine
    }
    if (!isLoopbackAddress(socketAddress) || !isLoopbackHostHeader(c.req.header('host'))) {
      return c.json({ error: 'Not found' }, 404);
    }
    await next();
  };
}
