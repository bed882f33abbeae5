import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import {
  CHAT_CATCH_UP_LIMIT,
  CHAT_PAGE_SIZE,
  coachFirstName,
  type ChatMessageDto,
  type ChatPageDto,
  type MessageMedia,
  type MessageMediaDto,
} from '@app/shared';
import type { Database, Tx } from '../../db/client';
import { chatMessages, conversations, profiles } from '../../db/schema';

/**
 * A conversation's messages (docs/product.md#messages, decision 052). Every
 * read below is one range of chat_messages_conversation_created_idx; the
 * conversation's row (its member) is joined by primary key.
 */

export const messageDtoColumns = {
  id: chatMessages.id,
  conversationId: chatMessages.conversationId,
  memberId: conversations.memberId,
  message: chatMessages.message,
  createdAt: chatMessages.createdAt,
  authorKind: chatMessages.authorKind,
  channel: chatMessages.channel,
  messageType: chatMessages.messageType,
  status: chatMessages.status,
  clientId: chatMessages.clientId,
  senderId: chatMessages.senderId,
  readAt: chatMessages.readAt,
  media: chatMessages.media,
  reaction: chatMessages.reaction,
  failureReason: chatMessages.failureReason,
  origin: chatMessages.origin,
  programme: chatMessages.programme,
  senderName: profiles.fullName,
};

export type MessageDtoRow = {
  id: string;
  conversationId: string;
  memberId: string | null;
  message: string;
  createdAt: Date;
  authorKind: ChatMessageDto['author'];
  channel: ChatMessageDto['channel'];
  messageType: ChatMessageDto['type'];
  status: ChatMessageDto['status'];
  clientId: string | null;
  senderId: string | null;
  readAt: Date | null;
  media: MessageMedia | null;
  reaction: string | null;
  failureReason: string | null;
  origin: ChatMessageDto['origin'];
  programme: ChatMessageDto['programme'];
  /** The writer's profile name (only a coach's is shown). */
  senderName: string | null;
};

export function toChatMessageDto(row: MessageDtoRow): ChatMessageDto {
  const fromTeam = row.authorKind !== 'member';
  return {
    id: row.id,
    conversation_id: row.conversationId,
    member_id: row.memberId,
    // Stored and returned as the text it is: the web app shows it as text, never as HTML.
    message: row.message,
    created_at: row.createdAt.toISOString(),
    author: row.authorKind,
    channel: row.channel,
    type: row.messageType,
    status: row.status,
    client_id: row.clientId,
    is_admin_message: fromTeam,
    // A coach's reply whose writer has left (decision 049); automation and system messages never had one.
    sender_left: row.authorKind === 'coach' && row.senderId === null,
    author_name: row.authorKind === 'coach' ? row.senderName?.trim() || null : null,
    author_id: row.authorKind === 'coach' ? row.senderId : null,
    read_at: row.readAt ? row.readAt.toISOString() : null,
    media: row.media ? toMediaDto(row.media) : null,
    reaction: row.reaction,
    failure_reason: row.failureReason,
    origin: row.origin,
    programme: row.programme,
  };
}

/**
 * A message as its member sees it (decision 061): a coach's reply names the
 * coach by first name only; the team sees the full name. Every answer and
 * realtime frame a member receives passes through here.
 */
export function forMember(message: ChatMessageDto): ChatMessageDto {
  if (message.author !== 'coach') return message;
  return { ...message, author_name: coachFirstName(message.author_name), author_id: null };
}

/** A page as its member sees it. */
export function pageForMember(page: ChatPageDto): ChatPageDto {
  return { ...page, messages: page.messages.map(forMember) };
}

/** Media is served by our server only (routes/media), once stored. */
function toMediaDto(media: MessageMedia): MessageMediaDto {
  const status = media.status ?? 'stored';
  return {
    url: media.file_id && status === 'stored' ? `/api/media/${media.file_id}` : null,
    status,
    mime_type: media.mime_type ?? null,
    caption: media.caption ?? null,
    voice: media.voice ?? false,
    provider_type: media.provider_type ?? null,
  };
}

const withConversation = (db: Database | Tx) =>
  db
    .select(messageDtoColumns)
    .from(chatMessages)
    .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
    // The writer's name, by primary key (shown for a coach's reply).
    .leftJoin(profiles, eq(profiles.id, chatMessages.senderId));

/** One message as committed, or null (deleted since, or never written). */
export async function chatMessageById(db: Database | Tx, id: string): Promise<ChatMessageDto | null> {
  const [row] = await withConversation(db).where(eq(chatMessages.id, id));
  return row ? toChatMessageDto(row) : null;
}

/** The message a client already sent with this id in this conversation, if any. */
export async function chatMessageByClientId(
  db: Database | Tx,
  conversationId: string,
  clientId: string,
): Promise<ChatMessageDto | null> {
  const [row] = await withConversation(db).where(
    and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.clientId, clientId)),
  );
  return row ? toChatMessageDto(row) : null;
}

/** Messages of these conversations written at or after `since`, oldest first (the bus's catch-up after an outage). */
export async function chatMessagesSince(
  db: Database,
  conversationIds: string[],
  since: Date,
): Promise<ChatMessageDto[]> {
  if (conversationIds.length === 0) return [];
  const rows = await withConversation(db)
    .where(
      and(
        inArray(chatMessages.conversationId, conversationIds),
        sql`${chatMessages.createdAt} >= ${since.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(chatMessages.createdAt, chatMessages.id)
    .limit(1000);
  return rows.map(toChatMessageDto);
}

export type PageCursor = { before?: string | undefined; after?: string | undefined };

/**
 * One page of a conversation, oldest first: the newest CHAT_PAGE_SIZE, those
 * before a message (scrolling back), or up to CHAT_CATCH_UP_LIMIT after one
 * (catching up after a reconnect). Keyset paging on (created_at, id), so a
 * page is found by the index however long the conversation. 'unknown_cursor'
 * when the cursor is not a message of this conversation.
 */
export async function conversationPage(
  db: Database,
  conversationId: string,
  cursor: PageCursor,
): Promise<ChatPageDto | 'unknown_cursor'> {
  const cursorId = cursor.before ?? cursor.after;
  let position: { createdAt: Date; id: string } | undefined;
  if (cursorId) {
    [position] = await db
      .select({ createdAt: chatMessages.createdAt, id: chatMessages.id })
      .from(chatMessages)
      .where(and(eq(chatMessages.id, cursorId), eq(chatMessages.conversationId, conversationId)));
    if (!position) return 'unknown_cursor';
  }
  const key = sql`(${chatMessages.createdAt}, ${chatMessages.id})`;
  const at = position && sql`(${position.createdAt.toISOString()}::timestamptz, ${position.id}::uuid)`;
  const inConversation = eq(chatMessages.conversationId, conversationId);

  if (cursor.after && at) {
    const rows = await withConversation(db)
      .where(and(inConversation, sql`${key} > ${at}`))
      .orderBy(chatMessages.createdAt, chatMessages.id)
      .limit(CHAT_CATCH_UP_LIMIT + 1);
    return {
      conversation_id: conversationId,
      messages: rows.slice(0, CHAT_CATCH_UP_LIMIT).map(toChatMessageDto),
      has_more: rows.length > CHAT_CATCH_UP_LIMIT,
    };
  }
  const rows = await withConversation(db)
    .where(and(inConversation, at ? sql`${key} < ${at}` : undefined))
    // As chat_messages_conversation_created_idx sorts (drizzle's desc() is NULLS LAST), so the index gives the order.
    .orderBy(sql`${chatMessages.createdAt} desc nulls last`, sql`${chatMessages.id} desc nulls last`)
    .limit(CHAT_PAGE_SIZE + 1);
  return {
    conversation_id: conversationId,
    messages: rows.slice(0, CHAT_PAGE_SIZE).reverse().map(toChatMessageDto),
    has_more: rows.length > CHAT_PAGE_SIZE,
  };
}

/**
 * Marks read what `reader` has now seen of one conversation: the team reads
 * the person's messages (author member), the member reads everything else
 * (coaches, automations, the system). Only unread ones, only this
 * conversation. Returns how many changed and the time set.
 */
export async function markConversationRead(
  db: Database,
  conversationId: string,
  reader: 'admin' | 'member',
  now = new Date(),
): Promise<{ marked: number; readAt: Date }> {
  const rows = await db
    .update(chatMessages)
    .set({ readAt: now, status: 'read' })
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        reader === 'admin' ? eq(chatMessages.authorKind, 'member') : ne(chatMessages.authorKind, 'member'),
        isNull(chatMessages.readAt),
      ),
    )
    .returning({ id: chatMessages.id });
  return { marked: rows.length, readAt: now };
}
