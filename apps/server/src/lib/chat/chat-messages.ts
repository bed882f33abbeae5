import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { CHAT_CATCH_UP_LIMIT, CHAT_PAGE_SIZE, type ChatMessageDto, type ChatPageDto } from '@app/shared';
import type { Database } from '../../db/client';
import { chatMessages } from '../../db/schema';

/**
 * A conversation's messages (docs/product.md#messages). A conversation is one
 * member's thread with the coaching team, named by the member's id: the
 * database computes `member_id` for every row (the sender of a member's
 * message, the recipient of an admin's reply), so each read below is one range
 * of the chat_messages_member_created_idx index.
 */

const dtoColumns = {
  id: chatMessages.id,
  memberId: chatMessages.memberId,
  message: chatMessages.message,
  createdAt: chatMessages.createdAt,
  isAdminMessage: chatMessages.isAdminMessage,
  senderId: chatMessages.senderId,
  readAt: chatMessages.readAt,
};

type DtoRow = {
  id: string;
  memberId: string | null;
  message: string;
  createdAt: Date;
  isAdminMessage: boolean;
  senderId: string | null;
  readAt: Date | null;
};

export function toChatMessageDto(row: DtoRow): ChatMessageDto {
  return {
    id: row.id,
    member_id: row.memberId ?? '',
    // Stored and returned as the text it is: the web app shows it as text, never as HTML.
    message: row.message,
    created_at: row.createdAt.toISOString(),
    is_admin_message: row.isAdminMessage,
    // Only a coach's reply can lose its writer (chat_messages_sender_known).
    sender_left: row.senderId === null,
    read_at: row.readAt ? row.readAt.toISOString() : null,
  };
}

/** Writes a message; the caller has checked the text (sendChatMessageSchema) and who may send it. */
export async function insertChatMessage(
  db: Database,
  input: { memberId: string; senderId: string; fromAdmin: boolean; message: string },
): Promise<ChatMessageDto> {
  const [row] = await db
    .insert(chatMessages)
    .values({
      message: input.message,
      senderId: input.senderId,
      recipientId: input.fromAdmin ? input.memberId : null,
      isAdminMessage: input.fromAdmin,
      messageType: 'text',
    })
    .returning(dtoColumns);
  return toChatMessageDto(row!);
}

/** One message as committed, or null (deleted since, or never written). */
export async function chatMessageById(db: Database, id: string): Promise<ChatMessageDto | null> {
  const [row] = await db.select(dtoColumns).from(chatMessages).where(eq(chatMessages.id, id));
  return row ? toChatMessageDto(row) : null;
}

/** Messages of these conversations written at or after `since`, oldest first (the bus's catch-up after an outage). */
export async function chatMessagesSince(db: Database, memberIds: string[], since: Date): Promise<ChatMessageDto[]> {
  if (memberIds.length === 0) return [];
  const rows = await db
    .select(dtoColumns)
    .from(chatMessages)
    .where(
      and(
        inArray(chatMessages.memberId, memberIds),
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
  memberId: string,
  cursor: PageCursor,
): Promise<ChatPageDto | 'unknown_cursor'> {
  const cursorId = cursor.before ?? cursor.after;
  let position: { createdAt: Date; id: string } | undefined;
  if (cursorId) {
    [position] = await db
      .select({ createdAt: chatMessages.createdAt, id: chatMessages.id })
      .from(chatMessages)
      .where(and(eq(chatMessages.id, cursorId), eq(chatMessages.memberId, memberId)));
    if (!position) return 'unknown_cursor';
  }
  const key = sql`(${chatMessages.createdAt}, ${chatMessages.id})`;
  const at = position && sql`(${position.createdAt.toISOString()}::timestamptz, ${position.id}::uuid)`;

  if (cursor.after && at) {
    const rows = await db
      .select(dtoColumns)
      .from(chatMessages)
      .where(and(eq(chatMessages.memberId, memberId), sql`${key} > ${at}`))
      .orderBy(chatMessages.createdAt, chatMessages.id)
      .limit(CHAT_CATCH_UP_LIMIT + 1);
    return {
      messages: rows.slice(0, CHAT_CATCH_UP_LIMIT).map(toChatMessageDto),
      has_more: rows.length > CHAT_CATCH_UP_LIMIT,
    };
  }
  const rows = await db
    .select(dtoColumns)
    .from(chatMessages)
    .where(and(eq(chatMessages.memberId, memberId), at ? sql`${key} < ${at}` : undefined))
    // As chat_messages_member_created_idx sorts (drizzle's desc() is NULLS LAST), so the index gives the order.
    .orderBy(sql`${chatMessages.createdAt} desc nulls last`, sql`${chatMessages.id} desc nulls last`)
    .limit(CHAT_PAGE_SIZE + 1);
  return {
    messages: rows.slice(0, CHAT_PAGE_SIZE).reverse().map(toChatMessageDto),
    has_more: rows.length > CHAT_PAGE_SIZE,
  };
}

/**
 * Marks read what `reader` has now seen of one conversation: the admins read
 * the member's messages, the member reads the admins' replies. Only unread
 * ones, only this conversation. Returns how many changed and the time set.
 */
export async function markConversationRead(
  db: Database,
  memberId: string,
  reader: 'admin' | 'member',
  now = new Date(),
): Promise<{ marked: number; readAt: Date }> {
  const rows = await db
    .update(chatMessages)
    .set({ readAt: now })
    .where(
      and(
        eq(chatMessages.memberId, memberId),
        // What the reader receives: member messages for the admins, admin replies for the member.
        eq(chatMessages.isAdminMessage, reader === 'member'),
        isNull(chatMessages.readAt),
      ),
    )
    .returning({ id: chatMessages.id });
  return { marked: rows.length, readAt: now };
}
