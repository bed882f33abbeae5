/** A free loopback port, so PUBLIC_URL can be known before the server listens (outside the kernel's ephemeral range). */
export { freePort } from '../../../../scripts/free-port.mjs';
