import { randomUUID } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import { findLinkReference, type MessageMedia } from '@app/shared';
import type { Database } from '../../../db/client';
import { chatMessages, mediaFiles, whatsappContacts } from '../../../db/schema';
import { postMessage, type DeliveryWriter, type PostMessageDeps } from '../../chat/post-message';
import type { Logger } from '../../logger';
import { coachDeliveries } from '../../coach/coach-deliveries';
import { enqueue } from '../../outbox/outbox';
import { changeContactNumber, ensureContact, type ContactRow } from '../contacts';
import { memberOfLinkCode } from '../link-codes';
import { linkContact } from '../linking';
import { contentOf, searchableText, type MediaToFetch } from './message-content';
import type { WhatsAppEventPayload } from './webhook-events';
import { quickReplyHandler, type QuickReplyDeps } from '../../programme/quick-replies';
import { applyStopOrStart, stopOrStart } from '../../programme/channels/whatsapp-stop';

export interface InboundMessageDeps extends PostMessageDeps {
  logger: Logger;
  /**
   * What the programme's answers on WhatsApp need (decision 058): quick replies
   * and STOP / START are acted on only with it (server.ts gives it).
   */
  programme?: Omit<QuickReplyDeps, 'db' | 'realtime' | 'logger'>;
}

/**
 * A processing attempt that met a link or unlink of the same contact half
 * way (its conversation moved under it): the outbox tries it again at once,
 * and the next attempt finds where the contact's messages go now.
 */
export class ContactMoved extends Error {}

type MessagePayload = Extract<WhatsAppEventPayload, { item: 'message' }>;

/**
 * One inbound WhatsApp message (decision 056): its contact found or made
 * (business-scoped id first, then WhatsApp id), the message written through
 * postMessage on the `whatsapp` channel with its WhatsApp id (a message
 * delivered three times is stored once), a reference in its words linking
 * the contact to the member who holds it, and the contact's 24-hour window
 * moved on by WhatsApp's own timestamp. Answers what happened, for the log.
 */
export async function processInboundMessage(deps: InboundMessageDeps, payload: MessagePayload): Promise<string> {
  const { message, contact: shown } = payload;
  const identity = {
    waId: message.from ?? shown?.wa_id ?? null,
    bsuid: message.from_user_id ?? shown?.user_id ?? null,
    profileName: shown?.profile?.name?.trim() || null,
  };
  const contact = await ensureContact(deps.db, identity);
  const content = contentOf(message);
  let outcome: string;
  switch (content.kind) {
    case 'reaction':
      outcome = await react(deps, content.targetExternalId, content.emoji);
      break;
    case 'number_changed':
      outcome = await numberChanged(deps, contact, message.id, content.newWaId);
      break;
    case 'message': {
      // A reference links first, so the message follows the note of the link in the member's
      // conversation (and the inbox shows the member's words as the latest, not the note).
      const linking = contact.memberId ? '' : await linkByReference(deps, contact, searchableText(content));
      const writer = linking === LINKED ? await ensureContact(deps.db, identity) : contact;
      // A member's tap on one of our buttons, or STOP / START: acted on by the programme, not answered by the coach.
      const programmeAnswer = writer.memberId && deps.programme ? programmeAnswerOf(content) : null;
      const fileId = content.fetch ? randomUUID() : null;
      const media: MessageMedia | null = content.media && {
        ...content.media,
        ...(fileId && { file_id: fileId, status: 'pending' as const }),
      };
      const result = await postMessage(deps, {
        conversationId: writer.conversationId,
        author: { kind: 'contact', memberId: writer.memberId },
        text: content.text,
        channel: 'whatsapp',
        type: content.type,
        media,
        externalId: message.id,
        deliveries: [
          ...(fileId && content.fetch ? [fetchMedia(fileId, content.fetch, writer.memberId)] : []),
          // Screened for risk, and perhaps answered by the AI coach (decision 057); after the media's fetch is queued.
          // Not a button's label or STOP / START: our own words, or a command, with nothing to screen or answer.
          ...(programmeAnswer ? [] : coachDeliveries()),
        ],
      });
      if (result.outcome === 'refused') throw new ContactMoved(`message not written: ${result.reason}`);
      outcome = `message ${content.type} ${result.outcome}${linking}`;
      if (programmeAnswer && writer.memberId && deps.programme) {
        // Run again for a message stored before (a retried event): each action is idempotent.
        const programmeDeps = { ...deps.programme, db: deps.db, realtime: deps.realtime, logger: deps.logger };
        const context = {
          memberId: writer.memberId,
          conversationId: writer.conversationId,
          messageId: result.message.id,
        };
        outcome += `, ${
          programmeAnswer.kind === 'command'
            ? await applyStopOrStart(programmeDeps, { ...context, command: programmeAnswer.command })
            : await programmeAnswer.handler(programmeDeps, {
                ...context,
                contactId: writer.id,
                rest: programmeAnswer.rest,
              })
        }`;
      }
      break;
    }
  }
  await noteInbound(deps.db, contact.id, message.id, Number(message.timestamp));
  return outcome;
}

/** A quick reply the programme knows, or STOP / START; null for anything else. */
function programmeAnswerOf(content: ReturnType<typeof contentOf>) {
  if (content.kind !== 'message' || content.type !== 'text') return null;
  if (content.quickReply) {
    const found = quickReplyHandler(content.quickReply);
    return found ? { kind: 'quick_reply' as const, ...found } : null;
  }
  const command = stopOrStart(content.text);
  return command ? { kind: 'command' as const, command } : null;
}

/** The attachment's file, pending, and its fetch queued, in the message's transaction (the outbox's `whatsapp_media`). */
function fetchMedia(fileId: string, media: MediaToFetch, memberId: string | null): DeliveryWriter {
  return async (tx, message) => {
    await tx.insert(mediaFiles).values({
      id: fileId,
      messageId: message.id,
      providerMediaId: media.providerMediaId,
      mimeType: media.mimeType,
      sha256: media.sha256,
      status: 'pending',
    });
    await enqueue(tx, { topic: 'whatsapp_media', payload: { file_id: fileId }, userId: memberId });
  };
}

const LINKED = ', linked';

/**
 * A contact linked to nobody whose message holds a member's current
 * reference is linked to that member, unless the member has another contact
 * already (then nothing changes: one contact per member; an admin can sort it out).
 */
async function linkByReference(deps: InboundMessageDeps, contact: ContactRow, words: string): Promise<string> {
  const code = findLinkReference(words);
  if (!code) return '';
  const memberId = await memberOfLinkCode(deps.db, code);
  if (!memberId) {
    deps.logger.info({ contactId: contact.id }, 'whatsapp: a reference that is no member’s (old or mistyped)');
    return ', unknown reference';
  }
  const linked = await linkContact(deps, { contactId: contact.id, memberId, linkedBy: 'reference', actorId: null });
  if (linked.outcome !== 'linked') {
    deps.logger.warn(
      { contactId: contact.id, memberId, outcome: linked.outcome },
      'whatsapp: reference not linked (the member has another contact, or the contact is linked)',
    );
    return `, not linked (${linked.outcome})`;
  }
  deps.logger.info({ contactId: contact.id, memberId }, 'whatsapp contact linked by reference');
  return LINKED;
}

/** A reaction to one of our messages (set, or cleared without an emoji); one to a message we do not know is ignored. */
async function react(deps: InboundMessageDeps, targetExternalId: string, emoji: string | null): Promise<string> {
  const [target] = await deps.db
    .update(chatMessages)
    .set({ reaction: emoji })
    .where(
      and(
        eq(chatMessages.channel, 'whatsapp'),
        eq(chatMessages.externalId, targetExternalId),
        // People react to what the business sent them, never to their own messages.
        ne(chatMessages.authorKind, 'member'),
      ),
    )
    .returning({ id: chatMessages.id, conversationId: chatMessages.conversationId });
  if (!target) return 'reaction to an unknown message: ignored';
  await deps.realtime.publish({
    kind: 'message_changed',
    message_id: target.id,
    conversation_id: target.conversationId,
  });
  return emoji ? 'reaction set' : 'reaction removed';
}

/** The person moved to a new number: the contact follows it, and its conversation says so. */
async function numberChanged(
  deps: InboundMessageDeps,
  contact: ContactRow & { conversationId: string },
  externalId: string,
  newWaId: string | null,
): Promise<string> {
  if (!newWaId) return 'number change without the new number: ignored';
  const changed = newWaId === contact.waId || (await changeContactNumber(deps.db, contact.id, newWaId));
  if (!changed) {
    deps.logger.warn({ contactId: contact.id }, 'whatsapp: new number already belongs to another contact');
    return 'number change: the new number is another contact’s';
  }
  const from = contact.phone ? ` from +${contact.phone}` : '';
  const to = /^\d+$/.test(newWaId) ? ` to +${newWaId}` : '';
  // Keyed by the system message's WhatsApp id: a retried attempt does not say it twice.
  const result = await postMessage(deps, {
    conversationId: contact.conversationId,
    author: { kind: 'system' },
    text: `WhatsApp number changed${from}${to}.`,
    channel: 'whatsapp',
    externalId,
  });
  if (result.outcome === 'refused') throw new ContactMoved(`number change not written: ${result.reason}`);
  return 'number changed';
}

/**
 * The contact's latest message by WhatsApp's clock (its 24-hour window runs
 * from there), in one statement: a message redelivered late never moves it back.
 */
async function noteInbound(db: Database, contactId: string, externalId: string, seconds: number) {
  const at = new Date(seconds * 1000);
  await db
    .update(whatsappContacts)
    .set({
      lastInboundAt: sql`greatest(${whatsappContacts.lastInboundAt}, ${at.toISOString()}::timestamptz)`,
      lastInboundExternalId: sql`case when ${whatsappContacts.lastInboundAt} is null
        or ${whatsappContacts.lastInboundAt} <= ${at.toISOString()}::timestamptz
        then ${externalId} else ${whatsappContacts.lastInboundExternalId} end`,
    })
    .where(eq(whatsappContacts.id, contactId));
}
