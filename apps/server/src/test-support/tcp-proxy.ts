import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** The outage: every open connection is cut, and new ones are accepted and dropped at once. */
  cut(): void;
  /** The service is back: connections pass through again. */
  restore(): void;
  close(): Promise<void>;
}

/**
 * A TCP relay between the server and a real service (here PostgreSQL), so a
 * test can take the service away and bring it back as a restart would,
 * without touching the service that other tests share.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let down = false;
  const open = new Set<net.Socket>();
  const proxy = net.createServer((client) => {
    if (down) return client.destroy();
    const upstream = net.connect(target.port, target.host);
    const pair = [client, upstream];
    const end = () =>
      pair.forEach((socket) => {
        socket.destroy();
        open.delete(socket);
      });
    for (const socket of pair) {
      open.add(socket);
      socket.on('error', end);
      socket.on('close', end);
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    port: (proxy.address() as net.AddressInfo).port,
    cut() {
      down = true;
      for (const socket of open) socket.destroy();
    },
    restore() {
      down = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        proxy.close(() => resolve());
      }),
  };
}
