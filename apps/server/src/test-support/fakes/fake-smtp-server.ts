import net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { FakeService } from './fake-service';

export interface ReceivedMail {
  /** Envelope sender and recipients, as given in MAIL FROM and RCPT TO. */
  from: string;
  to: string[];
  /** The decoded text/plain part. */
  text: string;
}

export interface FakeSmtpServer {
  port: number;
  url: string;
  /** Mail accepted, in order. */
  received: ReceivedMail[];
  /**
   * The recording, scripts and faults behind this fake (fake-service.ts): every
   * message as it arrived, on the route `DATA`. A fault's `status` is the SMTP
   * reply code and its `body` the reply text; `drop` closes the connection.
   */
  service: FakeService<ReceivedMail, 'accepted'>;
  /** When each message transaction ended (accepted or refused), in ms since the epoch. */
  transactions: { at: number; accepted: boolean; to: string[] }[];
  /** Refuse the next `count` messages with a temporary 451, as a busy mail server does. */
  refuseNext(count: number): void;
  /**
   * Leave every message unanswered until messages from `count` different
   * envelope senders have arrived, then answer them all: shows that several
   * senders were sending at once, whatever the machine's speed.
   */
  holdUntilSenders(count: number): void;
  close(): Promise<void>;
}

/** The text/plain part of a message as nodemailer writes it (quoted-printable, base64 or plain). */
function textPart(raw: string): string {
  const part = /Content-Type: text\/plain[^\r\n]*\r\n((?:[^\r\n]+\r\n)*)\r\n([\s\S]*?)(?:\r\n--|$)/i.exec(raw);
  if (!part) return '';
  const [, headers, body] = part as unknown as [string, string, string];
  const encoding = /Content-Transfer-Encoding:\s*(\S+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  const unwrapped = body.replace(/=\r\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < unwrapped.length; i++) {
    const hex = unwrapped[i] === '=' ? unwrapped.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(unwrapped.charCodeAt(i));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * A real SMTP server on loopback (the `smtp-server` package), with no TLS and
 * no authentication, that keeps what it accepts. `port` lets a test start it
 * on an address the app was already told about, as when a mail server comes back.
 */
export async function startFakeSmtpServer(port = 0): Promise<FakeSmtpServer> {
  const service = new FakeService<ReceivedMail, 'accepted'>();
  const received: ReceivedMail[] = [];
  const transactions: FakeSmtpServer['transactions'] = [];
  let sendersToWaitFor = 0;
  const senders = new Set<string>();
  const held: (() => void)[] = [];
  // The sockets by the client's port, so that a dropped connection can be closed mid-message.
  const sockets = new Map<number, net.Socket>();

  /** The fake's own behaviour: accept, unless held until enough senders are sending (holdUntilSenders). */
  const accept = (mail: ReceivedMail) =>
    new Promise<'accepted'>((resolve) => {
      const done = () => {
        received.push(mail);
        resolve('accepted');
      };
      senders.add(mail.from);
      if (senders.size < sendersToWaitFor) {
        held.push(done);
        return;
      }
      for (const release of held.splice(0)) release();
      done();
    });

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    closeTimeout: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          text: textPart(Buffer.concat(chunks).toString('latin1')),
        };
        const decision = await service.handle('DATA', mail, () => accept(mail));
        if (decision.kind === 'drop') {
          sockets.get(session.remotePort)?.destroy();
          return;
        }
        const refused = decision.kind === 'scripted' ? decision.scripted : undefined;
        transactions.push({ at: Date.now(), accepted: !refused, to: mail.to });
        if (!refused) return callback();
        const message = typeof refused.body === 'string' ? refused.body : 'Refused';
        callback(Object.assign(new Error(message), { responseCode: refused.status }));
      });
    },
  });
  server.server.on('connection', (socket: net.Socket) => {
    const clientPort = socket.remotePort!;
    sockets.set(clientPort, socket);
    socket.on('close', () => sockets.delete(clientPort));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actualPort = (server.server.address() as net.AddressInfo).port;
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    received,
    service,
    transactions,
    refuseNext(count) {
      service.reset('DATA');
      if (count > 0) service.fail('DATA', { status: 451, body: 'Busy, try again later' }, { times: count });
    },
    holdUntilSenders(count) {
      sendersToWaitFor = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A TCP server that takes connections and never says a word: a mail server that hangs. */
export async function startSilentServer(): Promise<{ url: string; connections: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const state = { connections: 0 };
  const server = net.createServer((socket) => {
    state.connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(state, {
    url: `smtp://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  });
}
