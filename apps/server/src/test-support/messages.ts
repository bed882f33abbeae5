import type { Database } from '../db/client';
import { chatMessages } from '../db/schema';
import { memberConversationId } from '../lib/chat/conversations';

/** A message as tests describe it: the member's own (sender), or a coach's reply (isAdminMessage, to recipientId). */
export type TestMessage = {
  senderId: string | null;
  recipientId?: string | null;
  isAdminMessage?: boolean;
  message?: string;
  readAt?: Date | null;
  createdAt?: Date;
};

/**
 * Writes messages straight to the table, at chosen times and read states (what
 * a list's order or a figure depends on), each in its member's conversation,
 * made when needed. Tests of the write path itself go through postMessage.
 */
export async function insertMessages(db: Database, messages: TestMessage | TestMessage[]) {
  const rows = [];
  for (const m of Array.isArray(messages) ? messages : [messages]) {
    const memberId = m.isAdminMessage ? m.recipientId : m.senderId;
    if (!memberId) throw new Error('A test message needs its member: the sender, or a reply’s recipient');
    rows.push({
      conversationId: await memberConversationId(db, memberId),
      senderId: m.senderId,
      authorKind: m.isAdminMessage ? ('coach' as const) : ('member' as const),
      message: m.message ?? 'hello',
      readAt: m.readAt ?? null,
      status: m.readAt ? ('read' as const) : ('sent' as const),
      ...(m.createdAt ? { createdAt: m.createdAt } : {}),
    });
  }
  return db.insert(chatMessages).values(rows).returning({ id: chatMessages.id });
}
