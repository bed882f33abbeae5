import net from 'node:net';

/**
 * "This machine only": loopback addresses and names. Used for the local-mode
 * dev tools and to keep local mode off the network unless asked.
 */

/** 127.0.0.0/8, ::1, and IPv4 loopback written as IPv6 (::ffff:127.x.x.x). */
export function isLoopbackAddress(address: string): boolean {
  const ip = address.replace(/^\[(.*)\]$/, '$1').replace(/^::ffff:/i, '');
  if (net.isIPv4(ip)) return ip.startsWith('127.');
  return net.isIPv6(ip) && new net.SocketAddress({ address: ip, family: 'ipv6' }).address === '::1';
}

/** A name or address to listen on (HOST) that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  return host.toLowerCase() === 'localhost' || isLoopbackAddress(host);
}

/**
 * A Host header naming this machine (any port): a loopback address or
 * `localhost`. A page on another site that reaches us through DNS rebinding
 * still sends its own name here, so it is refused.
 */
export function isLoopbackHostHeader(hostHeader: string | undefined): boolean {
  if (!hostHeader) return false;
  let hostname: string;
  try {
    hostname = new URL(`http://${hostHeader}`).hostname;
  } catch {
    return false;
  }
  return isLoopbackHost(hostname);
}
