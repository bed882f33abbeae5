import { createHmac, timingSafeEqual } from 'node:crypto';
import { FakeService } from './fake-service';
import { startHttpFake, type HttpAnswer, type HttpFake, type HttpRequest } from './http-fake';

/** One webhook as the receiver got it, with its own verdict on the signature. */
export interface ReceivedWebhook {
  headers: HttpRequest['headers'];
  /** The bytes received, exactly. */
  raw: Buffer;
  body: unknown;
  /** Whether `webhook-signature` holds for the secret the receiver was given (false when it has none). */
  signatureValid: boolean;
}

export interface FakeWebhookReceiver extends HttpFake {
  service: FakeService<ReceivedWebhook, HttpAnswer>;
  received(): ReceivedWebhook[];
}

/**
 * A service we send Standard Webhooks to (the outside coach, say): it records
 * each request and answers 204, unless scripted otherwise (`service.answerNext`,
 * `service.fail`). It checks the signature itself, from the spec's own words
 * (HMAC-SHA256 with the `whsec_` key over `id.timestamp.body`), sharing no
 * code with the sender, so a test of one checks the other.
 */
export async function startFakeWebhookReceiver(secret?: string): Promise<FakeWebhookReceiver> {
  const service = new FakeService<ReceivedWebhook, HttpAnswer>();
  const http = await startHttpFake(service, {
    record: (req) => ({
      headers: req.headers,
      raw: req.body,
      body: parseJson(req.body),
      signatureValid: secret ? signatureHolds(secret, req) : false,
    }),
    answer: () => ({ status: 204 }),
  });
  return { ...http, service, received: () => service.requests };
}

function signatureHolds(secret: string, req: HttpRequest): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const header = (name: string) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const id = header('webhook-id');
  const timestamp = header('webhook-timestamp');
  const signatures = header('webhook-signature');
  if (!id || !timestamp || !signatures) return false;
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.`).update(req.body).digest();
  return signatures.split(' ').some((entry) => {
    const [version, value] = entry.split(',');
    const given = Buffer.from(value ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return undefined;
  }
}
