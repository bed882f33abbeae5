import { and, eq, sql } from 'drizzle-orm';
import type {
  AutomationOrigin,
  ChatMessageDto,
  MessageAuthorKind,
  MessageChannel,
  MessageMedia,
  MessageDeliveryStatus,
  MessageType,
  ProgrammeMessageRef,
} from '@app/shared';
import type { Database, Tx } from '../../db/client';
import { chatMessages, conversations, profiles } from '../../db/schema';
import { startConversation } from '../billing/conversation-access';
import type { RealtimeHub } from '../realtime/hub';
import { chatMessageByClientId, chatMessageById, toChatMessageDto } from './chat-messages';

/**
 * The one way a message is written (decision 052): the web member's send, the
 * coach's reply, and next the WhatsApp inbound handler and the AI coach all
 * come here, so the right to write, the dedupe, the deliveries and the live
 * update are the same for every channel and author.
 */

/**
 * Who writes: the conversation's member, a coach (the route checked the admin
 * right), an automation, the system, or the conversation's person writing on
 * another channel (`contact`: a WhatsApp message, decision 056).
 *
 * A contact's message is stored as the member's (author_kind `member`, so it
 * counts as unread for the team and reads as theirs), with `sender_id` the
 * member the contact is linked to, or null for a contact linked to nobody. It
 * is never refused for the entitlement rule: the person already wrote it on
 * their channel, and a member's message must never be lost. It may only land
 * in the conversation of the member it names (or, for nobody, in one with no
 * member), and never on the web channel.
 */
export type MessageAuthor =
  | { kind: 'member'; userId: string }
  | { kind: 'coach'; userId: string }
  | { kind: 'automation' }
  | { kind: 'system' }
  | { kind: 'contact'; memberId: string | null };

/**
 * Writes what must leave with the message (an outbox row: a mail, a webhook,
 * a WhatsApp send) in the message's transaction: both are stored, or neither.
 */
export type DeliveryWriter = (tx: Tx, message: ChatMessageDto) => Promise<unknown>;

export interface PostMessageInput {
  conversationId: string;
  author: MessageAuthor;
  text: string;
  /** The sending client's own id for the message: a resend with it returns the stored message. */
  clientId?: string | undefined;
  channel?: MessageChannel;
  type?: MessageType;
  media?: MessageMedia | null;
  /** The provider's id on another channel: a message seen before is returned, not stored twice. */
  externalId?: string | undefined;
  status?: MessageDeliveryStatus;
  /** For an automation message: where its text came from (decision 057). */
  origin?: AutomationOrigin;
  /** For a programme message (decision 058): the check-in, step or summary it is about. */
  programme?: ProgrammeMessageRef | null;
  deliveries?: DeliveryWriter[];
  /**
   * Checked in the message's transaction, after the conversation's row is
   * locked and before anything is written: a reason to refuse, or null to
   * write. The AI coach uses it to re-check, at the last moment, that the
   * conversation is still its to answer (decision 057): a coach's reply
   * writes the same row, so the two never pass each other.
   */
  precondition?: (tx: Tx) => Promise<string | null>;
}

export type PostMessageResult =
  | { outcome: 'created'; message: ChatMessageDto }
  /** Stored before (same client id, or same external id on its channel): nothing written, nothing published. */
  | { outcome: 'existing'; message: ChatMessageDto }
  /** `precondition`: the caller's own check said no, for the reason in `detail`. */
  | {
      outcome: 'refused';
      reason: 'no_conversation' | 'not_allowed' | 'not_entitled' | 'precondition';
      detail?: string;
    };

export interface PostMessageDeps {
  db: Database;
  realtime: Pick<RealtimeHub, 'publish'>;
}

/**
 * Checks the author's right to write in the conversation, inserts the message
 * and runs the delivery writers in one transaction, then publishes on the
 * realtime bus once that has committed (a listener reads the row as soon as
 * the event arrives). A member writes only in their own conversation and under
 * the one entitlement rule (decision 023; a free member's first message
 * spends the trial conversation, in this transaction).
 */
export async function postMessage(deps: PostMessageDeps, input: PostMessageInput): Promise<PostMessageResult> {
  const result = await deps.db.transaction(async (tx): Promise<PostMessageResult> => {
    const select = tx
      .select({
        id: conversations.id,
        memberId: conversations.memberId,
        // A resend's first copy, found in the same statement (every web send carries a client id).
        sentBefore: input.clientId
          ? sql<string | null>`(select ${chatMessages.id} from ${chatMessages}
              where ${chatMessages.conversationId} = ${conversations.id} and ${chatMessages.clientId} = ${input.clientId})`
          : sql<null>`null`,
      })
      .from(conversations)
      .where(eq(conversations.id, input.conversationId));
    // Only with a precondition: what it checks must not change before this commits (a row lock; the
    // message's own trigger writes this row anyway, so plain posts need none).
    const [conversation] = input.precondition ? await select.for('update') : await select;
    if (!conversation) return { outcome: 'refused', reason: 'no_conversation' };
    if (!mayWrite(input.author, conversation.memberId, input.channel ?? 'web')) {
      return { outcome: 'refused', reason: 'not_allowed' };
    }

    if (conversation.sentBefore) {
      const sent = await chatMessageById(tx, conversation.sentBefore);
      if (sent) return { outcome: 'existing', message: sent };
    }
    if (input.precondition) {
      const refusal = await input.precondition(tx);
      if (refusal) return { outcome: 'refused', reason: 'precondition', detail: refusal };
    }
    if (input.author.kind === 'member') {
      const entitlement = await startConversation(tx as unknown as Database, input.author.userId);
      if (!entitlement.can_start) return { outcome: 'refused', reason: 'not_entitled' };
    }

    const channel = input.channel ?? 'web';
    const status = input.status ?? 'sent';
    const [row] = await tx
      .insert(chatMessages)
      .values({
        conversationId: conversation.id,
        message: input.text,
        senderId: senderIdOf(input.author),
        authorKind: authorKindOf(input.author),
        channel,
        messageType: input.type ?? 'text',
        media: input.media ?? null,
        externalId: input.externalId ?? null,
        clientId: input.clientId ?? null,
        status,
        origin: input.author.kind === 'automation' ? (input.origin ?? 'scripted') : null,
        programme: input.programme ?? null,
        sentAt: status === 'pending' ? null : new Date(),
      })
      // The same client id (a resend racing the first) or external id (a provider's retry): keep the first.
      .onConflictDoNothing()
      .returning();
    if (!row) {
      const stored = await storedDuplicate(tx, conversation.id, channel, input);
      if (!stored) throw new Error('message conflicted but no duplicate was found');
      return { outcome: 'existing', message: stored };
    }
    const senderName = input.author.kind === 'coach' ? await profileName(tx, input.author.userId) : null;
    const message = toChatMessageDto({ ...row, memberId: conversation.memberId, senderName });
    for (const write of input.deliveries ?? []) await write(tx, message);
    return { outcome: 'created', message };
  });
  if (result.outcome === 'created') {
    await deps.realtime.publish({
      kind: 'message',
      message_id: result.message.id,
      conversation_id: result.message.conversation_id,
    });
  }
  return result;
}

/**
 * A member only in their own conversation; a contact only on its channel, in
 * the conversation of the member it is linked to (or of nobody); a coach
 * (admin-checked by the route), automation and system anywhere.
 */
function mayWrite(author: MessageAuthor, conversationMemberId: string | null, channel: MessageChannel): boolean {
  switch (author.kind) {
    case 'member':
      return conversationMemberId !== null && conversationMemberId === author.userId;
    case 'contact':
      return channel !== 'web' && conversationMemberId === author.memberId;
    case 'coach':
    case 'automation':
    case 'system':
      return true;
    default:
      // An author kind this code does not know never writes.
      return false;
  }
}

function authorKindOf(author: MessageAuthor): MessageAuthorKind {
  return author.kind === 'contact' ? 'member' : author.kind;
}

function senderIdOf(author: MessageAuthor): string | null {
  if (author.kind === 'contact') return author.memberId;
  return 'userId' in author ? author.userId : null;
}

async function storedDuplicate(
  tx: Tx,
  conversationId: string,
  channel: MessageChannel,
  input: PostMessageInput,
): Promise<ChatMessageDto | null> {
  if (input.clientId) {
    const sent = await chatMessageByClientId(tx, conversationId, input.clientId);
    if (sent) return sent;
  }
  if (!input.externalId) return null;
  const [row] = await tx
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(and(eq(chatMessages.channel, channel), eq(chatMessages.externalId, input.externalId)));
  return row ? chatMessageById(tx, row.id) : null;
}

/** A coach's profile name, shown on their replies (decision 061). */
async function profileName(tx: Tx, userId: string): Promise<string | null> {
  const [row] = await tx.select({ name: profiles.fullName }).from(profiles).where(eq(profiles.id, userId));
  return row?.name ?? null;
}
