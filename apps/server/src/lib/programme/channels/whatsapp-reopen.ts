import { and, eq, isNull, sql } from 'drizzle-orm';
import type { QuickReplyButton } from '@app/shared';
import { chatMessages, outbox } from '../../../db/schema';
import { enqueueWhatsApp } from '../../whatsapp/outbound/whatsapp-deliveries';
import type { QuickReply, QuickReplyDeps } from '../quick-replies';

/**
 * The programme template's button was tapped (decision 058): the person wrote,
 * so the 24-hour window is open again, and the programme message the template
 * announced (kept in the web chat) now goes to WhatsApp, with its reply
 * buttons. Only a programme message of this conversation still only on the
 * web is moved, in one conditional update: a second tap sends nothing more.
 */
export async function sendWaitingProgrammeMessage(
  deps: QuickReplyDeps,
  reply: QuickReply & { waitingMessageId: string },
): Promise<string> {
  const moved = await deps.db.transaction(async (tx) => {
    const [message] = await tx
      .update(chatMessages)
      .set({ channel: 'whatsapp', status: 'pending' })
      .where(
        and(
          eq(chatMessages.id, reply.waitingMessageId),
          eq(chatMessages.conversationId, reply.conversationId),
          eq(chatMessages.authorKind, 'automation'),
          eq(chatMessages.channel, 'web'),
          isNull(chatMessages.externalId),
          sql`${chatMessages.programme} is not null`,
        ),
      )
      .returning({ id: chatMessages.id });
    if (!message) return false;
    // The buttons the template's row kept for it.
    const [template] = await tx
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(
        and(
          eq(outbox.topic, 'whatsapp'),
          sql`${outbox.payload} ->> 'kind' = 'programme_template'`,
          sql`${outbox.payload} ->> 'message_id' = ${message.id}`,
        ),
      )
      .limit(1);
    const buttons = (template?.payload as { buttons?: QuickReplyButton[] } | undefined)?.buttons;
    await enqueueWhatsApp(tx, {
      kind: 'reply',
      message_id: message.id,
      contact_id: reply.contactId,
      ...(buttons?.length && { buttons }),
    });
    return true;
  });
  if (!moved) return 'programme message: sent before (or not waiting)';
  await deps.realtime.publish({
    kind: 'message_status',
    conversation_id: reply.conversationId,
    message_id: reply.waitingMessageId,
    status: 'pending',
    at: new Date().toISOString(),
  });
  return 'programme message sent after the template';
}
