import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { outbox } from '../../../db/schema';
import type { WhatsAppBridge } from '../bridge';
import { conversationContact, windowOpen } from './conversation-contact';
import { enqueueWhatsApp } from './whatsapp-deliveries';

/**
 * What the coach's screen tells the person on WhatsApp while the coach works
 * (decision 056): their messages were read (blue ticks), and a reply is being
 * written (the typing indicator, shown by WhatsApp for up to 25 s).
 */

type Bridge = Pick<WhatsAppBridge, 'api'>;

/** At most one typing indicator per conversation in this time, whatever the screen asks. */
export const TYPING_INTERVAL_MS = 20_000;

/**
 * Queues a read receipt for the person's latest WhatsApp message (which marks
 * every earlier one read too); false when there is nothing to mark.
 */
export async function markReadOnWhatsApp(db: Database, conversationId: string, bridge: Bridge): Promise<boolean> {
  if (!bridge.api) return false;
  const contact = await conversationContact(db, conversationId);
  if (!contact?.lastInboundExternalId) return false;
  await enqueueWhatsApp(db, {
    kind: 'mark_read',
    contact_id: contact.id,
    external_id: contact.lastInboundExternalId,
    typing: false,
  });
  return true;
}

/**
 * Queues the typing indicator (with a read receipt, as WhatsApp requires)
 * while a free-form reply can still reach the person, at most once per
 * TYPING_INTERVAL_MS per contact, counted from the outbox so every instance
 * sees the same. True when one was queued.
 */
export async function showTypingOnWhatsApp(db: Database, conversationId: string, bridge: Bridge): Promise<boolean> {
  if (!bridge.api) return false;
  const contact = await conversationContact(db, conversationId);
  if (!contact?.lastInboundExternalId || !windowOpen(contact)) return false;
  const externalId = contact.lastInboundExternalId;
  return db.transaction(async (tx) => {
    // Two requests of one conversation at the same moment queue one indicator: the second waits here.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`whatsapp typing ${contact.id}`}))`);
    const [recent] = await tx
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          eq(outbox.topic, 'whatsapp'),
          sql`${outbox.payload} ->> 'kind' = 'mark_read'`,
          sql`${outbox.payload} ->> 'contact_id' = ${contact.id}`,
          sql`(${outbox.payload} ->> 'typing')::boolean`,
          sql`${outbox.createdAt} > now() - make_interval(secs => ${TYPING_INTERVAL_MS / 1000})`,
        ),
      )
      .limit(1);
    if (recent) return false;
    await enqueueWhatsApp(tx, { kind: 'mark_read', contact_id: contact.id, external_id: externalId, typing: true });
    return true;
  });
}
