import crypto from 'node:crypto';
import net from 'node:net';
import { REALTIME_PATH } from '@app/shared';

/**
 * A WebSocket client made by hand on a plain TCP socket, for what a polite
 * client library would never do: stop reading (pause the socket) while it
 * keeps writing. The server then sees a peer whose receive window is full,
 * which is how a hostile or stuck client looks from its side.
 */
export async function openRawWebSocket(baseUrl: string, { cookie }: { cookie: string }): Promise<net.Socket> {
  const url = new URL(baseUrl);
  const socket = net.connect(Number(url.port), url.hostname);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.write(
    [
      `GET ${REALTIME_PATH} HTTP/1.1`,
      `Host: ${url.host}`,
      'Upgrade: websocket',
      'Connection: Upgrade',
      `Sec-WebSocket-Key: ${crypto.randomBytes(16).toString('base64')}`,
      'Sec-WebSocket-Version: 13',
      `Origin: ${url.origin}`,
      `Cookie: ${cookie}`,
      '',
      '',
    ].join('\r\n'),
  );
  const head = await new Promise<string>((resolve, reject) => {
    let received = '';
    const onData = (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      socket.off('data', onData);
      resolve(received.slice(0, end));
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.once('close', () => reject(new Error(`closed during the handshake: ${received}`)));
  });
  if (!head.startsWith('HTTP/1.1 101')) {
    socket.destroy();
    throw new Error(`upgrade refused: ${head.split('\r\n')[0]}`);
  }
  socket.removeAllListeners('close');
  socket.removeAllListeners('error');
  return socket;
}

/** One client text frame, masked as RFC 6455 requires of clients (payloads under 64 KiB). */
export function maskedTextFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  if (payload.length > 0xffff) throw new Error('maskedTextFrame: payloads under 64 KiB only');
  // FIN + text; then the masked length: in the byte itself under 126, else 126 and two bytes.
  const header =
    payload.length < 126
      ? Buffer.from([0x81, 0x80 | payload.length])
      : Buffer.from([0x81, 0x80 | 126, payload.length >> 8, payload.length & 0xff]);
  const mask = crypto.randomBytes(4);
  const masked = payload.map((byte, i) => byte ^ mask[i % 4]!);
  return Buffer.concat([header, mask, masked]);
}

/**
 * Writes `chunk` over and over, as fast as the socket takes it, until `maxBytes`
 * are written or the server closes the connection (a write fails or the socket
 * ends). Resolves with which came first.
 */
export function flood(socket: net.Socket, chunk: Buffer, maxBytes: number): Promise<'closed' | 'all sent'> {
  return new Promise((resolve) => {
    let written = 0;
    let done = false;
    const finish = (outcome: 'closed' | 'all sent') => {
      if (done) return;
      done = true;
      resolve(outcome);
    };
    socket.once('close', () => finish('closed'));
    socket.on('error', () => finish('closed'));
    const pump = () => {
      while (!done && !socket.destroyed) {
        if (written >= maxBytes) return finish('all sent');
        written += chunk.length;
        if (!socket.write(chunk)) return void socket.once('drain', pump);
      }
    };
    pump();
  });
}
