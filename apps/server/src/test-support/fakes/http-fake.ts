import http, { type IncomingHttpHeaders } from 'node:http';
import type net from 'node:net';
import type { FakeService } from './fake-service';

/** A request as the HTTP wrapper received it. */
export interface HttpRequest {
  method: string;
  /** The path without the query. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** An HTTP answer: a body that is not a string or bytes is sent as JSON. */
export interface HttpAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface HttpFake {
  host: '127.0.0.1';
  port: number;
  url: string;
  close(): Promise<void>;
}

/**
 * A FakeService on a loopback HTTP port. `record` turns each request into
 * what the service records (the route is `METHOD /path`); `answer` is the
 * fake's own behaviour, used unless a script or fault of the service applies.
 */
export async function startHttpFake<R>(
  service: FakeService<R, HttpAnswer>,
  options: {
    record: (req: HttpRequest) => R;
    answer: (req: HttpRequest, recorded: R) => HttpAnswer | Promise<HttpAnswer>;
  },
): Promise<HttpFake> {
  const server = http.createServer((incoming, res) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', async () => {
      const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
      const req: HttpRequest = {
        method: incoming.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: incoming.headers,
        body: Buffer.concat(chunks),
      };
      const recorded = options.record(req);
      const decision = await service.handle(`${req.method} ${req.path}`, recorded, () => options.answer(req, recorded));
      if (decision.kind === 'drop') {
        incoming.socket.destroy();
        return;
      }
      const answer: HttpAnswer =
        decision.kind === 'answer'
          ? decision.answer
          : { status: decision.scripted.status!, body: decision.scripted.body, headers: decision.scripted.headers };
      const isRaw = typeof answer.body === 'string' || Buffer.isBuffer(answer.body);
      res.writeHead(answer.status, { ...(!isRaw && { 'content-type': 'application/json' }), ...answer.headers });
      res.end(
        answer.body === undefined ? undefined : isRaw ? (answer.body as string | Buffer) : JSON.stringify(answer.body),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const sockets = new Set<net.Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const port = (server.address() as net.AddressInfo).port;
  return {
    host: '127.0.0.1',
    port,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
