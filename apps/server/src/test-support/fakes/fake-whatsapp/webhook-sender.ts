import { createHmac, randomBytes } from 'node:crypto';
import { FakeService } from '../fake-service';

/**
 * Meta's side of the WhatsApp webhook, for tests: builds envelopes as the
 * Cloud API sends them (research §1.5, §1.6: text, voice notes, images,
 * reactions and their removal, button and interactive replies, unsupported
 * kinds, number changes, statuses with errors, senders known only by their
 * business-scoped id), serialises them in Meta's escaped-unicode form, signs
 * those exact bytes with the app secret, and POSTs them to our endpoint. It
 * can batch many updates in one body, send one twice, and send with a wrong
 * or missing signature.
 *
 * It shares nothing with the product's reading of these bodies: it is what
 * the tests check the product against.
 */

/** Someone writing to the business: a WhatsApp id (the number's digits), a business-scoped id, or both. */
export interface FakePerson {
  waId?: string;
  bsuid?: string;
  name?: string;
}

/** One update of a change: a message from someone, a status of one of our messages, or a raw item (malformed on purpose). */
export type WebhookUpdate =
  | { kind: 'message'; from: FakePerson; message: Record<string, unknown> }
  | { kind: 'status'; status: Record<string, unknown> }
  | { kind: 'raw-message'; item: unknown }
  | { kind: 'raw-status'; item: unknown }
  | { kind: 'errors'; errors: Record<string, unknown>[] };

export interface SentWebhook {
  body: string;
  signature: string | null;
}

export interface WebhookSenderOptions {
  /** Our endpoint, e.g. `${server.url}/api/webhooks/whatsapp`. */
  url: string;
  appSecret: string;
  /** The business number's id, as Meta puts it in `metadata.phone_number_id`. */
  phoneNumberId: string;
  displayPhoneNumber?: string;
}

export const newWamid = () => `wamid.HBgL${randomBytes(18).toString('base64url')}`;
const nowSeconds = () => String(Math.floor(Date.now() / 1000));

/**
 * JSON with every non-ASCII UTF-16 code unit written as a lowercase `\uXXXX`
 * escape (an emoji as its surrogate pair), as Meta serialises what it signs.
 */
export function metaEscapedJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u0080-\uffff]/g,
    (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

export function metaSignature(appSecret: string, body: string | Uint8Array): string {
  return `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
}

type MessageOptions = { id?: string; timestamp?: string; context?: { from: string; id: string } };

export class WhatsAppWebhookSender {
  /** Every body sent, and faults (`duplicate`, `drop`, `delayMs`) for the route `POST /webhook`. */
  readonly service = new FakeService<SentWebhook, never>();

  constructor(private readonly options: WebhookSenderOptions) {}

  // ---- updates ----------------------------------------------------------

  private message(from: FakePerson, type: string, fields: Record<string, unknown>, o: MessageOptions = {}) {
    const message: Record<string, unknown> = {
      ...(from.waId && { from: from.waId }),
      ...(from.bsuid && { from_user_id: from.bsuid }),
      id: o.id ?? newWamid(),
      timestamp: o.timestamp ?? nowSeconds(),
      type,
      ...fields,
      ...(o.context && { context: o.context }),
    };
    return { kind: 'message', from, message } satisfies WebhookUpdate;
  }

  text(from: FakePerson, body: string, o?: MessageOptions) {
    return this.message(from, 'text', { text: { body } }, o);
  }

  /** A voice note (`voice: true`, Opus in Ogg as phones record them) or an audio file. */
  audio(
    from: FakePerson,
    media: { id: string; sha256?: string; voice?: boolean; mimeType?: string },
    o?: MessageOptions,
  ) {
    return this.message(
      from,
      'audio',
      {
        audio: {
          id: media.id,
          mime_type: media.mimeType ?? 'audio/ogg; codecs=opus',
          sha256: media.sha256 ?? randomBytes(32).toString('base64'),
          url: `https://lookaside.fbsbx.com/whatsapp_business/attachments/?mid=${media.id}`,
          voice: media.voice ?? true,
        },
      },
      o,
    );
  }

  image(from: FakePerson, media: { id: string; caption?: string; sha256?: string }, o?: MessageOptions) {
    return this.message(
      from,
      'image',
      {
        image: {
          ...(media.caption !== undefined && { caption: media.caption }),
          id: media.id,
          mime_type: 'image/jpeg',
          sha256: media.sha256 ?? randomBytes(32).toString('base64'),
        },
      },
      o,
    );
  }

  /** A reaction to one of our messages; `null` removes it (Meta then sends no emoji field). */
  reaction(from: FakePerson, targetWamid: string, emoji: string | null, o?: MessageOptions) {
    return this.message(
      from,
      'reaction',
      { reaction: { message_id: targetWamid, ...(emoji !== null && { emoji }) } },
      o,
    );
  }

  /** A tap on a template's quick-reply button. */
  button(from: FakePerson, text: string, payload = 'QUICK_REPLY', o?: MessageOptions) {
    return this.message(from, 'button', { button: { payload, text } }, o);
  }

  /** A reply to an interactive message: a reply button or a list row (`id`: what the button or row was given). */
  interactive(
    from: FakePerson,
    kind: 'button_reply' | 'list_reply',
    title: string,
    o?: MessageOptions,
    id = kind === 'button_reply' ? 'btn-1' : 'row-1',
  ) {
    const reply = kind === 'button_reply' ? { id, title } : { id, title, description: 'A row' };
    return this.message(from, 'interactive', { interactive: { type: kind, [kind]: reply } }, o);
  }

  /** A kind the bridge does not show: a location, or what Meta itself calls `unsupported`. */
  unsupported(from: FakePerson, type: 'location' | 'unsupported' | 'sticker', o?: MessageOptions) {
    const fields: Record<string, Record<string, unknown>> = {
      location: { location: { latitude: 51.5, longitude: -0.12, name: 'Café Zoë' } },
      sticker: { sticker: { id: 'sticker-1', mime_type: 'image/webp', sha256: 'x', animated: false } },
      unsupported: {
        errors: [
          {
            code: 131051,
            title: 'Message type unknown',
            message: 'Message type unknown',
            error_data: { details: 'Message type is currently not supported.' },
          },
        ],
      },
    };
    return this.message(from, type, fields[type]!, o);
  }

  /** `system.user_changed_number`: sent from the old number, naming the new one, with no `contacts`. */
  numberChange(oldWaId: string, newWaId: string, o?: MessageOptions) {
    return this.message(
      { waId: oldWaId },
      'system',
      {
        system: {
          body: `User A changed from ${oldWaId} to ${newWaId}`,
          wa_id: newWaId,
          type: 'user_changed_number',
        },
      },
      o,
    );
  }

  /** A receipt for one of our messages; `failed` with Meta's error objects. */
  status(
    wamid: string,
    status: 'sent' | 'delivered' | 'read' | 'played' | 'failed',
    o: { recipient?: string; timestamp?: string; errors?: { code: number; title: string; details?: string }[] } = {},
  ): WebhookUpdate {
    return {
      kind: 'status',
      status: {
        id: wamid,
        status,
        timestamp: o.timestamp ?? nowSeconds(),
        recipient_id: o.recipient ?? '447700900001',
        ...(status !== 'failed' && {
          pricing: { billable: false, pricing_model: 'PMP', type: 'free_customer_service', category: 'service' },
        }),
        ...(o.errors && {
          errors: o.errors.map((e) => ({
            code: e.code,
            title: e.title,
            message: e.title,
            error_data: { details: e.details ?? e.title },
            href: '/documentation/business-messaging/whatsapp/support/error-codes',
          })),
        }),
      },
    };
  }

  // ---- bodies -----------------------------------------------------------

  /**
   * The body of one POST: entries, each of changes, each of updates. Each
   * change carries the `contacts[]` of the people whose messages it holds
   * (none for a number change, as Meta does).
   */
  envelope(entries: WebhookUpdate[][][]): Record<string, unknown> {
    return {
      object: 'whatsapp_business_account',
      entry: entries.map((changes, i) => ({
        id: `10${i}5550783881`,
        changes: changes.map((updates) => ({ field: 'messages', value: this.changeValue(updates) })),
      })),
    };
  }

  private changeValue(updates: WebhookUpdate[]) {
    const messages = updates.flatMap((u) =>
      u.kind === 'message' ? [u.message] : u.kind === 'raw-message' ? [u.item] : [],
    );
    const statuses = updates.flatMap((u) =>
      u.kind === 'status' ? [u.status] : u.kind === 'raw-status' ? [u.item] : [],
    );
    const errors = updates.flatMap((u) => (u.kind === 'errors' ? u.errors : []));
    const people = new Map<string, Record<string, unknown>>();
    for (const u of updates) {
      if (u.kind !== 'message' || u.message.type === 'system') continue;
      const key = u.from.bsuid ?? u.from.waId!;
      people.set(key, {
        profile: { name: u.from.name ?? 'WhatsApp User' },
        ...(u.from.waId && { wa_id: u.from.waId }),
        ...(u.from.bsuid && { user_id: u.from.bsuid }),
      });
    }
    return {
      messaging_product: 'whatsapp',
      metadata: {
        display_phone_number: this.options.displayPhoneNumber ?? '15550783881',
        phone_number_id: this.options.phoneNumberId,
      },
      ...(people.size && { contacts: [...people.values()] }),
      ...(messages.length && { messages }),
      ...(statuses.length && { statuses }),
      ...(errors.length && { errors }),
    };
  }

  // ---- sending ----------------------------------------------------------

  /**
   * POSTs a body: signed over its exact bytes unless `signature` says
   * otherwise (`null`: none; a string: that header as it is). The faults of
   * the service's `POST /webhook` route apply (a duplicate is sent twice).
   * Answers each response (two for a duplicate).
   */
  async post(
    body: string,
    { signature }: { signature?: string | null } = {},
  ): Promise<{ status: number; body: unknown }[]> {
    const header = signature === undefined ? metaSignature(this.options.appSecret, body) : signature;
    return this.service.deliver('POST /webhook', { body, signature: header }, async () => {
      const res = await fetch(this.options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'facebookexternalua',
          ...(header !== null && { 'x-hub-signature-256': header }),
        },
        body,
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      return { status: res.status, body: parsed };
    });
  }

  /** Builds, serialises as Meta does, signs and POSTs; answers the (first) response. */
  async send(entries: WebhookUpdate[][][], o: { signature?: string | null } = {}) {
    const [first] = await this.post(metaEscapedJson(this.envelope(entries)), o);
    return first ?? { status: 0, body: null };
  }

  /** One update alone in a body. */
  sendOne(update: WebhookUpdate, o: { signature?: string | null } = {}) {
    return this.send([[[update]]], o);
  }
}
