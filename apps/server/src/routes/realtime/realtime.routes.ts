import { Hono } from 'hono';
import { upgradeWebSocket } from '@hono/node-server';
import type { WebSocket } from 'ws';
import { REALTIME_PATH, type ApiErrorBody } from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { routeAccess } from '../../middleware/access';
import type { RealtimeConnection } from '../../lib/realtime/hub';
import { mayUseAdminArea } from '../../lib/auth/second-factor';

const FOREIGN_ORIGIN: ApiErrorBody = { error: 'Cross-origin WebSocket refused' };
const NOT_AN_UPGRADE: ApiErrorBody = { error: 'This endpoint speaks WebSocket only' };
/**
 * How long a closing socket has to answer the closing frame before it is cut
 * off. ws would wait 30 s, holding whatever a peer that stopped reading left
 * unread; a browser answers within a round trip.
 */
const CLOSE_HANDSHAKE_GRACE_MS = 1000;

/**
 * GET /api/realtime: the one WebSocket endpoint (decision 029). The session
 * cookie is checked during the upgrade by the same one-query lookup every API
 * request uses (access.member: 401 before any upgrade), and a page of another
 * site is refused (403): browsers send the cookie with a cross-site WebSocket,
 * so the Origin is the only thing that tells the two apart. What the socket
 * may then join is the hub's decision (lib/realtime/hub.ts).
 */
export function realtimeRoutes(deps: AppDeps) {
  const { realtime } = deps;
  const access = routeAccess(deps);
  const trustedOrigins = deps.auth.options.trustedOrigins as string[];
  return new Hono<AppEnv>().get(
    REALTIME_PATH,
    access.member,
    async (c, next) => {
      const origin = c.req.header('origin');
      // No Origin: not a browser, so no ambient cookie to abuse (as middleware/same-origin.ts).
      if (origin && !trustedOrigins.includes(origin)) return c.json(FOREIGN_ORIGIN, 403);
      if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') return c.json(NOT_AN_UPGRADE, 426);
      await next();
    },
    upgradeWebSocket((c) => {
      const account = {
        userId: c.get('user').id,
        // The admin channels follow the admin area's rule: the role and a passed second factor.
        isAdmin: mayUseAdminArea({ roles: c.get('roles'), secondFactor: c.get('secondFactor') }),
        // Only the cookie: enough to look the session up again when told it may have ended.
        headers: new Headers({ cookie: c.req.header('cookie') ?? '' }),
        address: c.get('clientIp'),
      };
      let conn: RealtimeConnection | undefined;
      return {
        onOpen(_event, ws) {
          const raw = ws.raw as WebSocket;
          conn = realtime.open(account, {
            send: (text) => ws.send(text),
            close: (code, reason) => {
              ws.close(code, reason);
              const cutOff = setTimeout(() => raw.terminate(), CLOSE_HANDSHAKE_GRACE_MS);
              cutOff.unref();
              raw.once('close', () => clearTimeout(cutOff));
            },
            ping: () => raw.ping(),
            terminate: () => raw.terminate(),
            unsentBytes: () => raw.bufferedAmount,
            stopReading: () => raw.pause(),
          });
          raw.on('ping', () => conn && realtime.clientPing(conn));
          raw.on('pong', () => conn && realtime.pong(conn));
        },
        onMessage(event) {
          if (conn) realtime.frame(conn, event.data);
        },
        onClose() {
          if (conn) realtime.closed(conn);
        },
      };
    }),
  );
}
