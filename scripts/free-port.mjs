// A loopback port nothing listens on, for a server a test or a script starts.
//
// Why not port 0's pick: the kernel hands ports out of its ephemeral range
// (32768–60999 on Linux) for every outgoing connection too. A port asked of it,
// released, then bound a moment later can meanwhile become the local end of a
// database or HTTP client's connection, and the server's listen fails with
// EADDRINUSE (seen with parallel runs). Ports below that range are never given
// to outgoing connections, so here only our own picks compete, and each process
// walks its own stretch of them.
import net from 'node:net';

const FIRST = 20_000;
const LAST = 32_000; // below the ephemeral range
let next = FIRST + ((process.pid * 487) % (LAST - FIRST));

function listens(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** @returns {Promise<number>} */
export async function freePort() {
  for (let tries = 0; tries < LAST - FIRST; tries++) {
    const port = next;
    next = next + 1 >= LAST ? FIRST : next + 1;
    if (await listens(port)) return port;
  }
  throw new Error(`no free port between ${FIRST} and ${LAST}`);
}
