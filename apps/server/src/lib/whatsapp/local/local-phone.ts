/**
 * The /dev/whatsapp phone's side of `whatsapp_local_messages` (decision 056):
 * what a phone sends (`in` rows, a voice note with its bytes), its thread with
 * the business, and its receipts for the business's messages (`out` rows, as
 * the local provider recorded them).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, max, sql } from 'drizzle-orm';
import {
  PROGRAMME_TEMPLATE_BUTTON,
  type LocalPhoneDto,
  type LocalPhoneMessageDto,
  type LocalPhoneMessageStatus,
  type LocalPhoneReply,
} from '@app/shared';
import type { Database } from '../../../db/client';
import { whatsappLocalMessages } from '../../../db/schema';
import { localMessageId } from './local-ids';
import { localMediaPath } from './local-media';
import { phoneMessageObject, type PhoneMessage } from './webhook-envelopes';

type Row = typeof whatsappLocalMessages.$inferSelect;

/** What an `in` row's payload holds: the contact and the message object of the webhook that carried it. */
type InboundPayload = { profile_name: string; message: Record<string, unknown> };

export type PhoneInput = { phone: string; profileName: string } & (
  { text: string } | { audio: { bytes: Uint8Array; mimeType: string; sha256: string } } | { reply: LocalPhoneReply }
);

/**
 * When a phone's next message (either way) is written: `now`, or just after
 * the thread's latest, so the thread keeps the order messages were written in
 * even within one clock tick (a read receipt means "this one and those
 * before it").
 */
export async function nextMessageTime(db: Database, phone: string, now: Date): Promise<Date> {
  const [latest] = await db
    .select({ at: whatsappLocalMessages.createdAt })
    .from(whatsappLocalMessages)
    .where(eq(whatsappLocalMessages.phone, phone))
    .orderBy(desc(whatsappLocalMessages.createdAt))
    .limit(1);
  return latest && latest.at >= now ? new Date(latest.at.getTime() + 1) : now;
}

/** Records the phone's message (a voice note's bytes as its media, named by the row's id) and answers it. */
export async function recordPhoneMessage(
  db: Database,
  input: PhoneInput,
  now: Date,
): Promise<{ rowId: string; message: PhoneMessage }> {
  const sentAt = await nextMessageTime(db, input.phone, now);
  const id = randomUUID();
  const common = { id: localMessageId(), from: input.phone, sentAt };
  const message: PhoneMessage =
    'text' in input
      ? { ...common, type: 'text', body: input.text }
      : 'reply' in input
        ? { ...common, type: 'reply', kind: input.reply.kind, replyId: input.reply.id, title: input.reply.title }
        : { ...common, type: 'audio', mediaId: id, mimeType: input.audio.mimeType, sha256: input.audio.sha256 };
  const payload: InboundPayload = { profile_name: input.profileName, message: phoneMessageObject(message) };
  await db.insert(whatsappLocalMessages).values({
    id,
    direction: 'in',
    phone: input.phone,
    externalId: message.id,
    payload,
    status: 'sent',
    createdAt: sentAt,
    ...('audio' in input && { mimeType: input.audio.mimeType, content: input.audio.bytes }),
  });
  return { rowId: id, message };
}

/** One row as the phone shows it. */
function asPhoneMessage(row: Row): LocalPhoneMessageDto {
  const status: LocalPhoneMessageStatus = row.status === 'delivered' || row.status === 'read' ? row.status : 'sent';
  const common = { id: row.id, external_id: row.externalId, at: row.createdAt.toISOString(), status };
  if (row.direction === 'in') {
    const message = (row.payload as InboundPayload).message as {
      type: string;
      text?: { body: string };
      button?: { text: string };
      interactive?: { button_reply?: { title: string } };
    };
    const voice = message.type === 'audio';
    return {
      ...common,
      direction: 'in',
      kind: voice ? 'voice' : 'text',
      text: message.text?.body ?? message.button?.text ?? message.interactive?.button_reply?.title ?? null,
      media_url: voice ? localMediaPath(row.id) : null,
    };
  }
  // An `out` row's payload is the Graph request body the provider recorded.
  const body = row.payload as {
    type: string;
    text?: { body: string };
    template?: {
      name: string;
      language: { code: string };
      components?: { type: string; parameters?: { payload?: string }[] }[];
    };
    interactive?: { body: { text: string }; action: { buttons: { reply: { id: string; title: string } }[] } };
  };
  if (body.type === 'template') {
    const template = body.template!;
    const payload = template.components?.find((c) => c.type === 'button')?.parameters?.[0]?.payload;
    return {
      ...common,
      direction: 'out',
      kind: 'template',
      text: `${template.name} (${template.language.code})`,
      media_url: null,
      ...(payload && { buttons: [{ kind: 'quick_reply' as const, id: payload, title: PROGRAMME_TEMPLATE_BUTTON }] }),
    };
  }
  if (body.type === 'interactive') {
    const interactive = body.interactive!;
    return {
      ...common,
      direction: 'out',
      kind: 'text',
      text: interactive.body.text,
      media_url: null,
      buttons: interactive.action.buttons.map((b) => ({ kind: 'button_reply' as const, ...b.reply })),
    };
  }
  return { ...common, direction: 'out', kind: 'text', text: body.text?.body ?? null, media_url: null };
}

/** The phone's messages and the business's to it, oldest first. */
export async function phoneThread(db: Database, phone: string): Promise<LocalPhoneMessageDto[]> {
  const rows = await db
    .select()
    .from(whatsappLocalMessages)
    .where(eq(whatsappLocalMessages.phone, phone))
    .orderBy(asc(whatsappLocalMessages.createdAt), asc(whatsappLocalMessages.id));
  return rows.map(asPhoneMessage);
}

/** Every phone with messages, the latest active first, with the profile name it last wrote under. */
export async function localPhones(db: Database): Promise<LocalPhoneDto[]> {
  const phones = await db
    .select({ phone: whatsappLocalMessages.phone, lastAt: max(whatsappLocalMessages.createdAt) })
    .from(whatsappLocalMessages)
    .groupBy(whatsappLocalMessages.phone)
    .orderBy(desc(max(whatsappLocalMessages.createdAt)))
    .limit(50);
  return Promise.all(
    phones.map(async ({ phone, lastAt }) => {
      const [latest] = await db
        .select({ payload: whatsappLocalMessages.payload })
        .from(whatsappLocalMessages)
        .where(and(eq(whatsappLocalMessages.phone, phone), eq(whatsappLocalMessages.direction, 'in')))
        .orderBy(desc(whatsappLocalMessages.createdAt))
        .limit(1);
      const profileName = (latest?.payload as InboundPayload | undefined)?.profile_name ?? null;
      return { phone, profile_name: profileName, last_at: lastAt!.toISOString() };
    }),
  );
}

const RANK: Record<string, number> = { sent: 0, delivered: 1, read: 2 };

export type ReceiptOutcome =
  { kind: 'unknown'; externalIds: string[] } | { kind: 'recorded'; advanced: { externalId: string; first: boolean }[] };

/**
 * The phone's receipts for messages the business sent it: each moves forward
 * only (a `delivered` after `read` changes nothing). Refused whole when an id
 * is not a message sent to this phone. `first`: the message's first receipt.
 */
export async function recordReceipts(
  db: Database,
  phone: string,
  externalIds: string[],
  status: 'delivered' | 'read',
): Promise<ReceiptOutcome> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(whatsappLocalMessages)
      .where(
        and(
          eq(whatsappLocalMessages.phone, phone),
          eq(whatsappLocalMessages.direction, 'out'),
          inArray(whatsappLocalMessages.externalId, externalIds),
        ),
      )
      .for('update');
    const known = new Set(rows.map((row) => row.externalId));
    const missing = externalIds.filter((id) => !known.has(id));
    if (missing.length) return { kind: 'unknown', externalIds: missing };
    const advancing = rows.filter((row) => (RANK[row.status ?? 'sent'] ?? 0) < RANK[status]!);
    if (advancing.length) {
      await tx
        .update(whatsappLocalMessages)
        .set({ status })
        .where(
          inArray(
            whatsappLocalMessages.id,
            advancing.map((row) => row.id),
          ),
        );
    }
    return {
      kind: 'recorded',
      advanced: advancing.map((row) => ({ externalId: row.externalId, first: (row.status ?? 'sent') === 'sent' })),
    };
  });
}

/** A voice note the phone sent, to play back on the phone page. */
export async function phoneMedia(db: Database, id: string) {
  const [row] = await db
    .select({ mimeType: whatsappLocalMessages.mimeType, content: whatsappLocalMessages.content })
    .from(whatsappLocalMessages)
    .where(and(eq(whatsappLocalMessages.id, id), sql`${whatsappLocalMessages.content} is not null`));
  return row;
}
