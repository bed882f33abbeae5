import { and, eq, gt, sql } from 'drizzle-orm';
import type { MessageMedia } from '@app/shared';
import type { Database } from '../../../db/client';
import { chatMessages, conversations } from '../../../db/schema';

/** The member message a coach job is about, with what its conversation says now. */
export interface JobMessage {
  id: string;
  conversationId: string;
  memberId: string | null;
  text: string;
  type: string;
  media: MessageMedia | null;
  createdAt: Date;
  aiDisclosedAt: Date | null;
}

/** The message, or null when it is gone (deleted with its account) or not the member's. */
export async function jobMessage(db: Database, messageId: string): Promise<JobMessage | null> {
  const [row] = await db
    .select({
      id: chatMessages.id,
      conversationId: chatMessages.conversationId,
      memberId: conversations.memberId,
      author: chatMessages.authorKind,
      text: chatMessages.message,
      type: chatMessages.messageType,
      media: chatMessages.media,
      createdAt: chatMessages.createdAt,
      aiDisclosedAt: conversations.aiDisclosedAt,
    })
    .from(chatMessages)
    .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
    .where(eq(chatMessages.id, messageId));
  if (!row || row.author !== 'member') return null;
  const { author: _author, ...message } = row;
  return message;
}

/** Whether the member wrote again after this message: the newer message's job answers both. */
export async function newerMemberMessage(db: Database, message: JobMessage): Promise<boolean> {
  const [row] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, message.conversationId),
        eq(chatMessages.authorKind, 'member'),
        // Compared in SQL with the stored time: PostgreSQL keeps microseconds, a JavaScript Date only
        // milliseconds, so the message read back would look newer than itself.
        gt(chatMessages.createdAt, sql`(select m.created_at from ${chatMessages} m where m.id = ${message.id}::uuid)`),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function markDisclosed(db: Database, conversationId: string, at: Date): Promise<void> {
  await db.update(conversations).set({ aiDisclosedAt: at }).where(eq(conversations.id, conversationId));
}
