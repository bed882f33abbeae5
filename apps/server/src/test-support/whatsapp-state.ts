import { randomUUID } from 'node:crypto';
import type { MessageMedia } from '@app/shared';
import type { Database } from '../db/client';
import { chatMessages, mediaFiles, whatsappContacts } from '../db/schema';
import { enqueue } from '../lib/outbox/outbox';
import { memberConversationId } from '../lib/chat/conversations';

/**
 * WhatsApp state as the inbound side leaves it (decision 056), written
 * directly, for tests of the outbound side: a contact linked to a member with
 * its last message's WhatsApp time and id, the person's messages, a voice
 * note waiting to be fetched. Once the webhook route exists, the tests that
 * start from here can start from a signed webhook instead.
 */

let numbers = 0;
/** A fresh WhatsApp id (digits, international format) per call. */
export const newWaId = () =>
  `44770090${String(Date.now() % 10_000).padStart(4, '0')}${String(++numbers).padStart(3, '0')}`;

/**
 * A contact linked to the member (their conversation), whose last message
 * was at `lastInboundAt` with id `lastInboundExternalId`.
 */
export async function insertLinkedContact(
  db: Database,
  memberId: string,
  contact: { waId?: string | null; bsuid?: string | null; lastInboundAt: Date; lastInboundExternalId?: string },
) {
  const conversationId = await memberConversationId(db, memberId);
  const waId = contact.waId === undefined ? newWaId() : contact.waId;
  const [row] = await db
    .insert(whatsappContacts)
    .values({
      waId,
      bsuid: contact.bsuid ?? null,
      phone: waId,
      profileName: 'Phone of a member',
      memberId,
      conversationId,
      linkedBy: 'admin',
      linkedAt: new Date(),
      lastInboundAt: contact.lastInboundAt,
      lastInboundExternalId: contact.lastInboundExternalId ?? `wamid.in.${randomUUID()}`,
    })
    .returning();
  return { ...row!, conversationId };
}

/** The person's WhatsApp message in the conversation (unread by the team). */
export async function insertInboundMessage(db: Database, conversationId: string, text: string, externalId: string) {
  await db.insert(chatMessages).values({
    conversationId,
    authorKind: 'member',
    channel: 'whatsapp',
    senderId: null,
    message: text,
    externalId,
  });
}

/**
 * A voice note as the inbound side writes it: the person's message with
 * `media` pending, its media file (WhatsApp's media id, type, checksum) and
 * the `whatsapp_media` delivery, in one transaction.
 */
export async function insertVoiceNote(
  db: Database,
  conversationId: string,
  file: { mediaId: string; mimeType: string; sha256: string | null },
) {
  const fileId = randomUUID();
  const media: MessageMedia = { file_id: fileId, status: 'pending', mime_type: file.mimeType, voice: true };
  const messageId = await db.transaction(async (tx) => {
    const [message] = await tx
      .insert(chatMessages)
      .values({
        conversationId,
        authorKind: 'member',
        channel: 'whatsapp',
        messageType: 'audio',
        senderId: null,
        message: '',
        media,
        externalId: `wamid.voice.${randomUUID()}`,
      })
      .returning({ id: chatMessages.id });
    await tx.insert(mediaFiles).values({
      id: fileId,
      messageId: message!.id,
      providerMediaId: file.mediaId,
      mimeType: file.mimeType,
      sha256: file.sha256,
    });
    await enqueue(tx, { topic: 'whatsapp_media', payload: { file_id: fileId } });
    return message!.id;
  });
  return { fileId, messageId };
}
