import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Logger } from '../../logger';
import type { InboundEvent } from '../../webhooks/inbound';

/**
 * Meta's webhook body, split into the ledger's events (decision 056). One POST
 * batches up to 1,000 updates: every entry × change × message, and every
 * status, becomes one event, so each is recorded, deduplicated and processed
 * on its own. A message is keyed `message:<wamid>` (Meta redelivers for 7
 * days: a repeat finds its key taken), a status `status:<wamid>:<status>` (a
 * repeated receipt changes nothing). Each item is checked on its own: one
 * that does not fit is logged and skipped, and never rejects the rest.
 *
 * An event's payload holds what processing needs and nothing of the rest of
 * the batch: the business number, the contact who wrote (from `contacts[]`,
 * matched by WhatsApp id or business-scoped user id) and the item itself.
 */

/** Meta's time: Unix seconds, as a string. */
const unixSeconds = z.string().regex(/^\d{1,12}$/);
const text = z.string().max(100_000);

const metadataSchema = z.object({
  phone_number_id: z.string().min(1).max(64),
  display_phone_number: z.string().max(64).optional(),
});

const contactSchema = z.object({
  wa_id: z.string().min(1).max(64).optional(),
  user_id: z.string().min(1).max(160).optional(),
  profile: z.object({ name: z.string().max(1000).optional() }).optional(),
});

const mediaSchema = z.object({
  id: z.string().min(1).max(256),
  mime_type: z.string().min(1).max(256),
  sha256: z.string().max(256).optional(),
  caption: text.optional(),
  voice: z.boolean().optional(),
});

/** The fields of the kinds we act on; a kind not listed here is kept as "unsupported", never dropped. */
const KIND_SCHEMAS: Record<string, z.ZodType> = {
  text: z.object({ text: z.object({ body: text }) }),
  audio: z.object({ audio: mediaSchema }),
  image: z.object({ image: mediaSchema }),
  // A removed reaction comes without its emoji.
  reaction: z.object({
    reaction: z.object({ message_id: z.string().min(1).max(256), emoji: z.string().max(64).optional() }),
  }),
  button: z.object({ button: z.object({ text: text, payload: z.string().max(4096).optional() }) }),
  interactive: z.object({
    interactive: z.object({
      type: z.string().max(64),
      button_reply: z.object({ id: z.string().max(256).optional(), title: text }).optional(),
      list_reply: z
        .object({ id: z.string().max(256).optional(), title: text, description: text.optional() })
        .optional(),
    }),
  }),
  system: z.object({
    system: z.object({
      type: z.string().max(64).optional(),
      body: text.optional(),
      wa_id: z.string().max(64).optional(),
    }),
  }),
};

const messageSchema = z
  .looseObject({
    id: z.string().min(1).max(256),
    from: z.string().min(1).max(64).optional(),
    from_user_id: z.string().min(1).max(160).optional(),
    timestamp: unixSeconds,
    type: z.string().min(1).max(64),
  })
  .refine((m) => m.from !== undefined || m.from_user_id !== undefined, 'a message names who sent it');

export const WHATSAPP_STATUSES = ['sent', 'delivered', 'read', 'played', 'failed'] as const;

const errorSchema = z.looseObject({
  code: z.number().int(),
  title: z.string().max(1000).optional(),
  message: z.string().max(1000).optional(),
  error_data: z.looseObject({ details: z.string().max(2000).optional() }).optional(),
});

const statusSchema = z.looseObject({
  id: z.string().min(1).max(256),
  status: z.enum(WHATSAPP_STATUSES),
  timestamp: unixSeconds,
  recipient_id: z.string().max(160).optional(),
  errors: z.array(errorSchema).max(10).optional(),
});

export type WhatsAppMessageItem = z.infer<typeof messageSchema> & Record<string, unknown>;
export type WhatsAppStatusItem = z.infer<typeof statusSchema>;
export type WhatsAppError = z.infer<typeof errorSchema>;
export type WhatsAppContactItem = z.infer<typeof contactSchema>;

/** The payloads of the events this file makes, as the processor reads them back from the ledger. */
export type WhatsAppEventPayload =
  | { item: 'message'; phone_number_id: string; contact: WhatsAppContactItem | null; message: WhatsAppMessageItem }
  | { item: 'status'; phone_number_id: string; status: WhatsAppStatusItem }
  | { item: 'errors'; phone_number_id: string; errors: WhatsAppError[] };

const changeSchema = z.object({
  field: z.string(),
  value: z.looseObject({
    metadata: metadataSchema,
    contacts: z.array(z.unknown()).optional(),
    messages: z.array(z.unknown()).optional(),
    statuses: z.array(z.unknown()).optional(),
    errors: z.array(z.unknown()).optional(),
  }),
});

const envelopeSchema = z.object({
  object: z.literal('whatsapp_business_account'),
  entry: z.array(z.looseObject({ id: z.string().optional(), changes: z.array(z.unknown()) })),
});

/** Where an item was in the body, for the log: never its content (it may name a person). */
type Where = { entry: number; change?: number; item?: number; kind?: string };

/**
 * The reader `receiveInbound` is given for WhatsApp: the body's events, for
 * the business number `phoneNumberId` (a change for another number is not
 * ours: logged and skipped). What does not fit is logged with where it was
 * and which fields failed, never their values.
 */
export function whatsappEventsOf(phoneNumberId: string, logger: Logger) {
  const skip = (where: Where, reason: string) =>
    logger.warn({ provider: 'whatsapp', ...where, reason }, 'whatsapp webhook item skipped');

  return (body: unknown): InboundEvent[] => {
    const envelope = envelopeSchema.safeParse(body);
    if (!envelope.success) {
      skip({ entry: -1 }, fieldsOf(envelope.error));
      return [];
    }
    const events: InboundEvent[] = [];
    envelope.data.entry.forEach((entry, entryIndex) => {
      entry.changes.forEach((rawChange, changeIndex) => {
        const where = { entry: entryIndex, change: changeIndex };
        const change = changeSchema.safeParse(rawChange);
        if (!change.success) return skip(where, fieldsOf(change.error));
        // Template, quality and account updates come on other fields: not the bridge's.
        if (change.data.field !== 'messages') return skip(where, `field ${change.data.field.slice(0, 64)}`);
        const { value } = change.data;
        const businessNumber = value.metadata.phone_number_id;
        if (businessNumber !== phoneNumberId) return skip(where, 'another business number');

        const contacts = (value.contacts ?? []).flatMap((c) => {
          const parsed = contactSchema.safeParse(c);
          return parsed.success ? [parsed.data] : [];
        });
        (value.messages ?? []).forEach((raw, i) => {
          const message = parseMessage(raw);
          if (typeof message === 'string') return skip({ ...where, item: i, kind: 'message' }, message);
          events.push({
            id: `message:${message.id}`,
            type: `message.${message.type}`,
            payload: {
              item: 'message',
              phone_number_id: businessNumber,
              contact: contactOf(contacts, message),
              message,
            } satisfies WhatsAppEventPayload,
            // One person's messages are processed one at a time, in order: their contact is made once,
            // and a reference that links them moves what came before it.
            orderingKey: `whatsapp-inbound:${message.from_user_id ?? message.from}`,
          });
        });
        (value.statuses ?? []).forEach((raw, i) => {
          const status = statusSchema.safeParse(raw);
          if (!status.success) return skip({ ...where, item: i, kind: 'status' }, fieldsOf(status.error));
          events.push({
            id: `status:${status.data.id}:${status.data.status}`,
            type: `status.${status.data.status}`,
            payload: {
              item: 'status',
              phone_number_id: businessNumber,
              status: status.data,
            } satisfies WhatsAppEventPayload,
          });
        });
        // A change with only errors (Meta could not deliver something to us): recorded, so it is logged once.
        if (value.errors?.length && !value.messages?.length && !value.statuses?.length) {
          const errors = value.errors.flatMap((e) => {
            const parsed = errorSchema.safeParse(e);
            return parsed.success ? [parsed.data] : [];
          });
          if (!errors.length) return skip(where, 'errors without a code');
          const digest = createHash('sha256').update(JSON.stringify(errors)).digest('hex').slice(0, 32);
          events.push({
            id: `errors:${entry.id ?? ''}:${digest}`,
            type: 'errors',
            payload: { item: 'errors', phone_number_id: businessNumber, errors } satisfies WhatsAppEventPayload,
          });
        }
      });
    });
    return events;
  };
}

/** The message, or why it does not fit (the failing fields). */
function parseMessage(raw: unknown): WhatsAppMessageItem | string {
  const base = messageSchema.safeParse(raw);
  if (!base.success) return fieldsOf(base.error);
  const kind = KIND_SCHEMAS[base.data.type];
  if (kind) {
    const fields = kind.safeParse(raw);
    if (!fields.success) return `${base.data.type}: ${fieldsOf(fields.error)}`;
  }
  return base.data as WhatsAppMessageItem;
}

/** The contact entry of the person who wrote the message: by business-scoped id first, then WhatsApp id. */
function contactOf(contacts: WhatsAppContactItem[], message: WhatsAppMessageItem): WhatsAppContactItem | null {
  return (
    (message.from_user_id && contacts.find((c) => c.user_id === message.from_user_id)) ||
    (message.from && contacts.find((c) => c.wa_id === message.from)) ||
    null
  );
}

/** The paths of the fields that failed, never their values. */
function fieldsOf(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => issue.path.join('.') || issue.message)
    .join(', ');
}
