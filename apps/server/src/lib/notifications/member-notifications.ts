import { and, count, eq, isNull, ne } from 'drizzle-orm';
import type { MemberNotificationsDto } from '@app/shared';
import type { Database } from '../../db/client';
import { chatMessages } from '../../db/schema';
import { memberConversationId } from '../chat/conversations';

/**
 * What waits for the member (decision 063): the messages to them they have
 * not seen, counted as the chat marks them read (everything not theirs).
 */
export async function memberNotifications(db: Database, userId: string): Promise<MemberNotificationsDto> {
  const conversationId = await memberConversationId(db, userId);
  const [row] = await db
    .select({ unread: count() })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        ne(chatMessages.authorKind, 'member'),
        isNull(chatMessages.readAt),
      ),
    );
  return { conversation_id: conversationId, unread_replies: row?.unread ?? 0 };
}
