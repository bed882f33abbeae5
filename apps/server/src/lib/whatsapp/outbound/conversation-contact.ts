import { eq } from 'drizzle-orm';
import { WHATSAPP_WINDOW_MS } from '@app/shared';
import type { Database, Tx } from '../../../db/client';
import { whatsappContacts } from '../../../db/schema';

/** What the outbound side needs of a conversation's WhatsApp contact. */
export type ConversationContact = {
  id: string;
  lastInboundAt: Date | null;
  lastInboundExternalId: string | null;
};

/** The WhatsApp contact writing in a conversation (at most one), or null. */
export async function conversationContact(
  db: Database | Tx,
  conversationId: string,
): Promise<ConversationContact | null> {
  const [contact] = await db
    .select({
      id: whatsappContacts.id,
      lastInboundAt: whatsappContacts.lastInboundAt,
      lastInboundExternalId: whatsappContacts.lastInboundExternalId,
    })
    .from(whatsappContacts)
    .where(eq(whatsappContacts.conversationId, conversationId))
    .limit(1);
  return contact ?? null;
}

/**
 * WhatsApp's customer-service window: a free-form message reaches the person
 * only until 24 hours after their last message, by WhatsApp's own clock
 * (`last_inbound_at` is the message's WhatsApp timestamp, not when we got it).
 * A 131047 reported later by WhatsApp is still the last word.
 */
export function windowOpen(contact: Pick<ConversationContact, 'lastInboundAt'>, now = new Date()): boolean {
  return contact.lastInboundAt !== null && now.getTime() < contact.lastInboundAt.getTime() + WHATSAPP_WINDOW_MS;
}
