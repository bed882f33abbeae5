import { and, eq, sql } from 'drizzle-orm';
import type { ChatMessageDto, MessageChannel, MessageDeliveryStatus, QuickReplyButton } from '@app/shared';
import type { Database, Tx } from '../../../db/client';
import { chatMessages, outbox } from '../../../db/schema';
import { chatMessageById } from '../../chat/chat-messages';
import type { DeliveryWriter, PostMessageDeps } from '../../chat/post-message';
import type { WhatsAppBridge } from '../bridge';
import { conversationContact, windowOpen, type ConversationContact } from './conversation-contact';
import { enqueueWhatsApp } from './whatsapp-deliveries';

/**
 * Where a coach's reply goes (decision 056). In a conversation with a
 * WhatsApp contact, while the bridge is on:
 *
 * - inside the 24-hour window, to WhatsApp: the message is written
 *   `channel: 'whatsapp'`, `pending`, with its `reply` delivery; it becomes
 *   `sent` once Meta accepts it;
 * - outside it, the reply stays in the web chat (`web`, `sent`), and when
 *   WHATSAPP_REPLY_TEMPLATE is set, the template tells the person a reply is
 *   waiting: once per closed window (until they write again), never per reply.
 *
 * Anywhere else the reply is a web message, as before.
 */
export type ReplyRoute = { channel: MessageChannel; status: MessageDeliveryStatus; deliveries: DeliveryWriter[] };

type Bridge = Pick<WhatsAppBridge, 'api' | 'replyTemplate'> & Partial<Pick<WhatsAppBridge, 'programmeTemplate'>>;

/** What else decides the route: reply buttons to offer, and whether it is a programme message (decision 058). */
export type ReplyRouteOptions = { buttons?: QuickReplyButton[]; programme?: boolean };

const WEB_REPLY: ReplyRoute = { channel: 'web', status: 'sent', deliveries: [] };

/** The channel, first status and deliveries of a coach's reply in this conversation, for postMessage. */
export async function whatsappDeliveryFor(
  db: Database,
  conversationId: string,
  bridge: Bridge,
  options: ReplyRouteOptions = {},
): Promise<ReplyRoute> {
  if (!bridge.api) return WEB_REPLY;
  const contact = await conversationContact(db, conversationId);
  if (!contact) return WEB_REPLY;
  const buttons = options.buttons?.length ? { buttons: options.buttons } : {};
  if (windowOpen(contact)) {
    return {
      channel: 'whatsapp',
      status: 'pending',
      deliveries: [
        (tx, message) =>
          enqueueWhatsApp(tx, { kind: 'reply', message_id: message.id, contact_id: contact.id, ...buttons }),
      ],
    };
  }
  // A programme message outside the window: its own template, one per message, whose button brings it over.
  if (options.programme && bridge.programmeTemplate) {
    return {
      ...WEB_REPLY,
      deliveries: [
        (tx, message) =>
          enqueueWhatsApp(tx, {
            kind: 'programme_template',
            message_id: message.id,
            contact_id: contact.id,
            ...buttons,
          }),
      ],
    };
  }
  if (!bridge.replyTemplate) return WEB_REPLY;
  return {
    ...WEB_REPLY,
    deliveries: [
      async (tx, message) => {
        if (await templateSentSinceLastMessage(tx, contact)) return;
        await enqueueWhatsApp(tx, { kind: 'template', message_id: message.id, contact_id: contact.id });
      },
    ],
  };
}

/**
 * Whether the template was queued for this contact since their last message
 * (this closed window). Read from the outbox, whose rows stay 7 days: a window
 * closed longer than that may get one more.
 */
async function templateSentSinceLastMessage(tx: Tx, contact: ConversationContact): Promise<boolean> {
  const since = contact.lastInboundAt ?? new Date(0);
  const [row] = await tx
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.topic, 'whatsapp'),
        sql`${outbox.payload} ->> 'kind' = 'template'`,
        sql`${outbox.payload} ->> 'contact_id' = ${contact.id}`,
        sql`${outbox.createdAt} > ${since.toISOString()}::timestamptz`,
      ),
    )
    .limit(1);
  return !!row;
}

export type RetryOutcome =
  { outcome: 'retried'; message: ChatMessageDto } | { outcome: 'not_found' } | { outcome: 'refused'; error: string };

export const RETRY_REFUSALS = {
  notFailed: 'Only a WhatsApp reply that failed can be sent again',
  noContact: 'This conversation has no WhatsApp contact any more: the reply can only stay in the web chat',
  windowClosed:
    'The member last wrote on WhatsApp more than 24 hours ago: WhatsApp takes a free-form reply again only once they write',
} as const;

/**
 * A coach's "send again" on a failed WhatsApp reply: back to `pending`, its
 * failure and any earlier WhatsApp id cleared (a later status for that id is
 * then ignored), and a new `reply` delivery queued, in one transaction.
 * Refused while the window is closed: WhatsApp would refuse it again (131047).
 */
export async function retryWhatsAppReply(
  deps: PostMessageDeps,
  bridge: Bridge,
  conversationId: string,
  messageId: string,
): Promise<RetryOutcome> {
  const result = await deps.db.transaction(async (tx): Promise<RetryOutcome> => {
    const [message] = await tx
      .select({ channel: chatMessages.channel, status: chatMessages.status, authorKind: chatMessages.authorKind })
      .from(chatMessages)
      .where(and(eq(chatMessages.id, messageId), eq(chatMessages.conversationId, conversationId)))
      .for('update');
    if (!message) return { outcome: 'not_found' };
    if (message.channel !== 'whatsapp' || message.status !== 'failed' || message.authorKind === 'member') {
      return { outcome: 'refused', error: RETRY_REFUSALS.notFailed };
    }
    const contact = bridge.api ? await conversationContact(tx, conversationId) : null;
    if (!contact) return { outcome: 'refused', error: RETRY_REFUSALS.noContact };
    if (!windowOpen(contact)) return { outcome: 'refused', error: RETRY_REFUSALS.windowClosed };
    await tx
      .update(chatMessages)
      .set({ status: 'pending', failedAt: null, failureReason: null, externalId: null, sentAt: null })
      .where(eq(chatMessages.id, messageId));
    await enqueueWhatsApp(tx, { kind: 'reply', message_id: messageId, contact_id: contact.id });
    const retried = await chatMessageById(tx, messageId);
    return retried ? { outcome: 'retried', message: retried } : { outcome: 'not_found' };
  });
  if (result.outcome === 'retried') {
    await deps.realtime.publish({
      kind: 'message_status',
      conversation_id: conversationId,
      message_id: messageId,
      status: 'pending',
      at: new Date().toISOString(),
    });
  }
  return result;
}
