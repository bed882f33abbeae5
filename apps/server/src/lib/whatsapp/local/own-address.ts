import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/**
 * This server's own address, as the request reached it: the socket's local
 * address and port. The phone's requests come from this machine (the dev
 * tools answer nothing else), so this is an address the server listens on
 * whatever PUBLIC_URL or a dev proxy's Host header say; `fallback` when not
 * served from a Node socket.
 */
export function ownAddress(c: Context, fallback: string): string {
  const socket = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket;
  const address = socket?.localAddress?.replace(/^::ffff:/i, '');
  if (!address || !socket?.localPort) return fallback;
  return `http://${address.includes(':') ? `[${address}]` : address}:${socket.localPort}`;
}
