import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { FakeService, type Scripted } from '../fake-service';
import { startHttpFake, type HttpAnswer, type HttpRequest } from '../http-fake';

/**
 * A local stand-in for Meta's WhatsApp Cloud API (graph.facebook.com), as the
 * bridge calls it (decision 056; Meta's "Service messages", "Mark messages as
 * read", "Media", "Error codes" and "Throughput" pages):
 *
 * - `POST /<version>/<phone-number-id>/messages`: text, interactive (reply
 *   buttons: type `button`, 1 to 3 buttons, unique ids of at most 256
 *   characters, unique titles of at most 20, a body of at most 1024) and
 *   template sends (with a quick-reply button's payload in `components`),
 *   read receipts (with the typing indicator). Checks the bearer token, the
 *   version in the path and the phone number id; validates the body as Meta
 *   does (`to` with a `+`, or `recipient` for a business-scoped id); answers
 *   `{ messaging_product, contacts: [{ input, wa_id }], messages: [{ id }] }`.
 *   A free-form message to someone whose last message (`receivedFrom`) is more
 *   than 24 hours old is refused with 131047; more than one message per 6 s
 *   to one person beyond a small burst with 131056.
 * - `GET /<version>/<media-id>`: `{ url, mime_type, sha256, file_size, id }`,
 *   with a URL that expires (5 minutes unless set) and that `GET`s the bytes
 *   only with the bearer token and a User-Agent.
 *
 * Errors are Graph's: `{ error: { message, type, code, error_data, fbtrace_id } }`.
 * Faults and scripted answers are the FakeService's (`service`), e.g.
 * `fake.service.answerNext(fake.messagesRoute, graphError(131026))`.
 */

export const FAKE_GRAPH_VERSION = 'v26.0';
export const FAKE_PHONE_NUMBER_ID = '106540352242922';
export const FAKE_ACCESS_TOKEN = 'EAAfake-system-user-token-for-tests';
/** The server's environment that points the bridge at this fake (with an app secret and verify token). */
export const FAKE_WHATSAPP_ENV = {
  WHATSAPP_PHONE_NUMBER_ID: FAKE_PHONE_NUMBER_ID,
  WHATSAPP_ACCESS_TOKEN: FAKE_ACCESS_TOKEN,
  WHATSAPP_APP_SECRET: 'fake-app-secret-0123456789abcdef',
  WHATSAPP_VERIFY_TOKEN: 'fake-verify-token-0123456789',
  WHATSAPP_GRAPH_API_VERSION: FAKE_GRAPH_VERSION,
} as const;

const WINDOW_MS = 24 * 60 * 60 * 1000;

/** A request as the fake records it: the route, the JSON body (sends), the headers that matter. */
export interface GraphRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, any> | null;
  authorization: string | undefined;
  userAgent: string | undefined;
}

/** A message the fake accepted (a send, not a read receipt). */
export interface AcceptedMessage {
  id: string;
  /** The wa_id or BSUID it went to. */
  recipient: string;
  type: 'text' | 'template' | 'interactive';
  text?: string;
  /** A template, and the payload of its quick-reply button when it was given one. */
  template?: { name: string; language: string; quickReplyPayload?: string };
  /** Reply buttons (an interactive message of type `button`). */
  interactive?: { body: string; buttons: { id: string; title: string }[] };
  at: number;
}

export interface FakeGraphApi {
  url: string;
  version: string;
  phoneNumberId: string;
  accessToken: string;
  /** `POST /<version>/<phone-number-id>/messages`, for scripts and faults. */
  messagesRoute: string;
  service: FakeService<GraphRequest, HttpAnswer>;
  /** Every message accepted, in order. */
  accepted: AcceptedMessage[];
  /** Every read receipt accepted: the message id, and whether it asked for the typing indicator. */
  readReceipts: { messageId: string; typing: boolean }[];
  /** The requests on the messages route (sends and receipts), in order. */
  messageRequests(): GraphRequest[];
  /** The person (wa_id or BSUID) wrote at `at`: opens (or reopens) their 24-hour window. */
  receivedFrom(recipient: string, at?: Date): void;
  /** Media a person sent: answers its id (what the webhook names). */
  addMedia(bytes: Uint8Array, mimeType: string): string;
  /** How long a media URL works (Meta: 5 minutes). */
  mediaUrlTtlMs: number;
  /** Every media URL given so far stops working, as after 5 minutes. */
  expireMediaUrls(): void;
  /** The next `count` media URLs handed out have expired by the time they are used. */
  expireNextMediaUrls(count?: number): void;
  /** Pair rate: this many messages to one person at once, then one per `refillMs`. */
  pairRate: { burst: number; refillMs: number };
  close(): Promise<void>;
}

let fbtrace = 0;

/** A Graph error answer, for `service.answerNext(route, graphError(131026))` and the fake's own refusals. */
export function graphError(
  code: number,
  options: { status?: number; title?: string; details?: string } = {},
): Scripted<HttpAnswer> & { status: number; body: unknown } {
  const title = options.title ?? ERROR_TITLES[code] ?? 'Error';
  return {
    // Meta answers its refusals with 400 (401 for a bad token); "something went wrong" with 500.
    status: options.status ?? (code === 131000 ? 500 : 400),
    body: {
      error: {
        message: `(#${code}) ${title}`,
        type: 'OAuthException',
        code,
        error_data: { messaging_product: 'whatsapp', details: options.details ?? title },
        fbtrace_id: `AFakeTrace${++fbtrace}`,
      },
    },
  };
}

const ERROR_TITLES: Record<number, string> = {
  100: 'Invalid parameter',
  190: 'Access token has expired',
  130429: 'Rate limit hit',
  131000: 'Something went wrong',
  131026: 'Message undeliverable',
  131047: 'Re-engagement message',
  131049: 'This message was not delivered to maintain healthy ecosystem engagement',
  131056: '(Business Account, Consumer Account) pair rate limit hit',
  132000: 'Number of parameters does not match the expected number of params',
};

const wamid = () => `wamid.HBgL${randomBytes(18).toString('base64url')}`;

export async function startFakeGraphApi(
  options: { version?: string; phoneNumberId?: string; accessToken?: string } = {},
): Promise<FakeGraphApi> {
  const version = options.version ?? FAKE_GRAPH_VERSION;
  const phoneNumberId = options.phoneNumberId ?? FAKE_PHONE_NUMBER_ID;
  const accessToken = options.accessToken ?? FAKE_ACCESS_TOKEN;
  const service = new FakeService<GraphRequest, HttpAnswer>();
  const lastInbound = new Map<string, number>();
  /** Per recipient: pair-rate tokens and when they were counted. */
  const buckets = new Map<string, { tokens: number; at: number }>();
  const media = new Map<string, { bytes: Buffer; mimeType: string }>();
  const mediaUrls = new Map<string, { mediaId: string; expiresAt: number }>();
  let baseUrl = '';
  let deadOnArrival = 0;

  const fake: Omit<FakeGraphApi, 'url' | 'close'> = {
    version,
    phoneNumberId,
    accessToken,
    messagesRoute: `POST /${version}/${phoneNumberId}/messages`,
    service,
    accepted: [],
    readReceipts: [],
    messageRequests: () => service.calls.filter((c) => c.route === fake.messagesRoute).map((c) => c.request),
    receivedFrom(recipient, at = new Date()) {
      lastInbound.set(recipient, Math.max(lastInbound.get(recipient) ?? 0, at.getTime()));
    },
    addMedia(bytes, mimeType) {
      const id = String(1_000_000_000_000 + media.size + Math.floor(Math.random() * 1_000_000));
      media.set(id, { bytes: Buffer.from(bytes), mimeType });
      return id;
    },
    mediaUrlTtlMs: 5 * 60_000,
    expireMediaUrls() {
      for (const entry of mediaUrls.values()) entry.expiresAt = 0;
    },
    expireNextMediaUrls(count = 1) {
      deadOnArrival += count;
    },
    pairRate: { burst: 3, refillMs: 6_000 },
  };

  /** Takes one pair-rate token for this recipient; false when none is left. */
  function takePairToken(recipient: string): boolean {
    const now = Date.now();
    const { burst, refillMs } = fake.pairRate;
    const bucket = buckets.get(recipient) ?? { tokens: burst, at: now };
    bucket.tokens = Math.min(burst, bucket.tokens + (now - bucket.at) / refillMs);
    bucket.at = now;
    buckets.set(recipient, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  const invalid = (details: string) => graphError(100, { details });

  function sendMessage(body: Record<string, any>): HttpAnswer {
    if (body.messaging_product !== 'whatsapp') return invalid('messaging_product must be "whatsapp"');
    if (body.status !== undefined) {
      if (body.status !== 'read') return invalid('status must be "read"');
      if (typeof body.message_id !== 'string' || !body.message_id.startsWith('wamid.')) {
        return invalid('message_id must be a WhatsApp message id');
      }
      if (body.typing_indicator !== undefined && body.typing_indicator?.type !== 'text') {
        return invalid('typing_indicator.type must be "text"');
      }
      fake.readReceipts.push({ messageId: body.message_id, typing: body.typing_indicator !== undefined });
      return { status: 200, body: { success: true } };
    }
    let recipient: string;
    let input: string;
    if (body.to !== undefined) {
      if (typeof body.to !== 'string' || !/^\+\d{7,15}$/.test(body.to)) {
        return invalid('to must be a phone number with + and the country code');
      }
      input = body.to;
      recipient = body.to.slice(1);
    } else if (body.recipient !== undefined) {
      if (
        body.recipient_type !== 'individual' ||
        typeof body.recipient !== 'string' ||
        !/^[A-Z]{2}\.\w{1,128}$/.test(body.recipient)
      ) {
        return invalid('recipient must be a business-scoped user id, with recipient_type "individual"');
      }
      input = body.recipient;
      recipient = body.recipient;
    } else {
      return invalid('to or recipient is required');
    }
    const accepted: AcceptedMessage = { id: wamid(), recipient, type: body.type, at: Date.now() };
    const windowClosed = () => {
      const last = lastInbound.get(recipient);
      return last === undefined || Date.now() >= last + WINDOW_MS;
    };
    const reEngagement = () =>
      graphError(131047, {
        details:
          'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
      });
    if (body.type === 'text') {
      const text = body.text?.body;
      if (typeof text !== 'string' || !text.trim() || text.length > 4096) {
        return invalid('text.body must be 1 to 4096 characters');
      }
      if (windowClosed()) return reEngagement();
      accepted.text = text;
    } else if (body.type === 'interactive') {
      const checked = interactiveButtons(body.interactive);
      if (typeof checked === 'string') return invalid(checked);
      if (windowClosed()) return reEngagement();
      accepted.interactive = checked;
    } else if (body.type === 'template') {
      const { name, language, components } = body.template ?? {};
      if (typeof name !== 'string' || typeof language?.code !== 'string') {
        return invalid('template.name and template.language.code are required');
      }
      const payload = quickReplyPayload(components);
      if (payload instanceof Error) return graphError(132000, { details: payload.message });
      accepted.template = {
        name,
        language: language.code,
        ...(payload !== undefined && { quickReplyPayload: payload }),
      };
    } else {
      return invalid(`type ${String(body.type)} is not supported by this fake`);
    }
    if (!takePairToken(recipient)) return graphError(131056);
    fake.accepted.push(accepted);
    return {
      status: 200,
      body: {
        messaging_product: 'whatsapp',
        contacts: [recipient === input.slice(1) ? { input, wa_id: recipient } : { input, user_id: recipient }],
        messages: [{ id: accepted.id }],
      },
    };
  }

  function answer(req: HttpRequest, recorded: GraphRequest): HttpAnswer {
    const segments = req.path.split('/').filter(Boolean);
    // The download URL: bearer token and User-Agent, before it expires.
    if (req.method === 'GET' && segments[0] === 'whatsapp_business' && segments[1] === 'attachments') {
      if (recorded.authorization !== `Bearer ${accessToken}`) return graphError(190, { status: 401 });
      if (!recorded.userAgent) return { status: 403, body: 'A User-Agent is required' };
      const entry = mediaUrls.get(req.query.get('token') ?? '');
      const file = entry && Date.now() < entry.expiresAt ? media.get(entry.mediaId) : undefined;
      if (!file) return { status: 404, body: 'URL signature expired' };
      return { status: 200, body: file.bytes, headers: { 'content-type': file.mimeType } };
    }
    if (recorded.authorization !== `Bearer ${accessToken}`) {
      return graphError(190, { status: 401, details: 'Error validating access token: Session has expired' });
    }
    if (segments[0] !== version) return graphError(2635, { details: `Unknown API version ${segments[0] ?? ''}` });
    if (req.method === 'POST' && segments.length === 3 && segments[2] === 'messages') {
      if (segments[1] !== phoneNumberId)
        return graphError(100, { details: 'Unsupported post request: unknown phone number id' });
      if (!recorded.body) return invalid('the body must be JSON');
      return sendMessage(recorded.body);
    }
    if (req.method === 'GET' && segments.length === 2) {
      const mediaId = segments[1]!;
      const file = media.get(mediaId);
      const askedFor = req.query.get('phone_number_id');
      if (!file || (askedFor !== null && askedFor !== phoneNumberId)) {
        return graphError(100, { details: `Unsupported get request. Object with ID '${mediaId}' does not exist` });
      }
      const token = randomUUID();
      const expired = deadOnArrival > 0 && deadOnArrival-- > 0;
      mediaUrls.set(token, { mediaId, expiresAt: expired ? 0 : Date.now() + fake.mediaUrlTtlMs });
      return {
        status: 200,
        body: {
          messaging_product: 'whatsapp',
          url: `${baseUrl}/whatsapp_business/attachments/?mid=${mediaId}&token=${token}`,
          mime_type: file.mimeType,
          sha256: createHash('sha256').update(file.bytes).digest('base64'),
          file_size: file.bytes.byteLength,
          id: mediaId,
        },
      };
    }
    return graphError(100, { status: 400, details: `Unsupported ${req.method.toLowerCase()} request` });
  }

  const http = await startHttpFake(service, {
    record: (req) => ({
      method: req.method,
      path: req.path,
      query: req.query,
      body: parseJson(req),
      authorization: req.headers.authorization,
      userAgent: req.headers['user-agent'],
    }),
    answer,
  });
  baseUrl = http.url;
  return Object.assign(fake, { url: http.url, close: http.close });
}

/** An interactive message of type `button`, as Meta checks it; a string says what is wrong. */
function interactiveButtons(interactive: any): { body: string; buttons: { id: string; title: string }[] } | string {
  if (interactive?.type !== 'button') return 'interactive.type must be "button" (the only kind this fake takes)';
  const body = interactive.body?.text;
  if (typeof body !== 'string' || !body.trim() || body.length > 1024) {
    return 'interactive.body.text must be 1 to 1024 characters';
  }
  const raw = interactive.action?.buttons;
  if (!Array.isArray(raw) || raw.length < 1 || raw.length > 3)
    return 'interactive.action.buttons must hold 1 to 3 buttons';
  const buttons: { id: string; title: string }[] = [];
  for (const button of raw) {
    const { id, title } = button?.reply ?? {};
    if (button?.type !== 'reply') return 'each button must be of type "reply"';
    if (typeof id !== 'string' || !id || id.length > 256) return 'a button reply.id must be 1 to 256 characters';
    if (typeof title !== 'string' || !title.trim() || title.length > 20) {
      return 'a button reply.title must be 1 to 20 characters';
    }
    buttons.push({ id, title });
  }
  if (new Set(buttons.map((b) => b.id)).size !== buttons.length) return 'button ids must be unique';
  if (new Set(buttons.map((b) => b.title)).size !== buttons.length) return 'button titles must be unique';
  return { body, buttons };
}

/** The payload of a template's quick-reply button parameter, undefined without one, or what is wrong. */
function quickReplyPayload(components: any): string | undefined | Error {
  if (components === undefined) return undefined;
  if (!Array.isArray(components)) return new Error('template.components must be a list');
  const button = components.find((c: any) => c?.type === 'button');
  if (!button) return undefined;
  if (button.sub_type !== 'quick_reply' || typeof button.index !== 'string') {
    return new Error('a button component needs sub_type "quick_reply" and an index');
  }
  const payload = button.parameters?.[0];
  if (payload?.type !== 'payload' || typeof payload.payload !== 'string' || payload.payload.length > 1000) {
    return new Error('a quick-reply button needs one payload parameter of at most 1000 characters');
  }
  return payload.payload;
}

function parseJson(req: HttpRequest): Record<string, any> | null {
  if (!req.body.length) return null;
  try {
    const parsed = JSON.parse(req.body.toString('utf8'));
    return parsed && typeof parsed === 'object' ? parsed : null;
  } catch {
    return null;
  }
}
