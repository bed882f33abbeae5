import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the automation service (AUTOMATION_WEBHOOK_URL) during the
 * end-to-end run: it keeps every JSON body POSTed to it and lists them, newest
 * last, at GET /received, so tests can check what the server sent.
 */
export async function startWebhookReceiver() {
  const received: unknown[] = [];
  const server = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/received') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(received));
      return;
    }
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString()));
    req.on('end', () => {
      try {
        received.push(JSON.parse(data));
        res.writeHead(204).end();
      } catch {
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
