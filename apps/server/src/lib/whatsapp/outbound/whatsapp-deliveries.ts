import { and, eq, sql } from 'drizzle-orm';
import { AI_COACH_LABEL, type QuickReplyButton, type RealtimeEvent } from '@app/shared';
import type { Database, Tx } from '../../../db/client';
import { chatMessages, outbox, whatsappContacts } from '../../../db/schema';
import type { Logger } from '../../logger';
import { enqueue, type OutboxRow } from '../../outbox/outbox';
import type { Deliverer } from '../../outbox/worker';
import { GRAPH_TIMEOUT_MS } from '../graph-client';
import {
  REPLY_BUTTON_LIMITS,
  WhatsAppApiError,
  type WhatsAppApi,
  type WhatsAppRecipient,
  type WhatsAppTemplate,
} from '../whatsapp-api';
import { failureReason, FinalFailure, isRetryableWhatsAppError, whatsappRetryDelayMs } from './whatsapp-errors';

/**
 * What the bridge sends to WhatsApp, through the outbox's `whatsapp` topic
 * (decision 056): a coach's reply, the "a reply is waiting" template, and read
 * receipts (with the typing indicator). Replies and templates of one contact
 * go one at a time (ordering key `whatsapp:<contact id>`): Meta allows about
 * one message every 6 s to a person.
 */
export type WhatsAppDelivery =
  /**
   * The free-form text of a stored coach message (inside the 24-hour window);
   * with `buttons`, as an interactive message with those reply buttons.
   */
  | { kind: 'reply'; message_id: string; contact_id: string; buttons?: QuickReplyButton[] }
  /**
   * WHATSAPP_PROGRAMME_TEMPLATE, outside the window: a programme message waits
   * (decision 058). Its quick-reply button answers `programme:open:<message_id>`,
   * which reopens the window and sends the message (with its `buttons`).
   */
  | { kind: 'programme_template'; message_id: string; contact_id: string; buttons?: QuickReplyButton[] }
  /** WHATSAPP_REPLY_TEMPLATE, outside the window: tells the person a reply waits in their web chat. */
  | { kind: 'template'; message_id: string; contact_id: string }
  /** Marks the person's messages up to `external_id` read; with `typing`, shows the typing indicator. */
  | { kind: 'mark_read'; contact_id: string; external_id: string; typing: boolean };

/** Queues a WhatsApp delivery in the caller's transaction (or alone). */
export function enqueueWhatsApp(db: Database | Tx, delivery: WhatsAppDelivery): Promise<string> {
  return enqueue(db, {
    topic: 'whatsapp',
    payload: { ...delivery },
    // A read receipt overtakes nothing and waits for nothing: no key.
    orderingKey: delivery.kind === 'mark_read' ? null : `whatsapp:${delivery.contact_id}`,
  });
}

/** A read receipt is worth little once stale: three attempts; a typing indicator (25 s on screen): one. */
const READ_RECEIPT_ATTEMPTS = 3;

/**
 * How long an attempt that started a send may still be waiting for Meta's
 * answer (the client's timeout, and a margin). A later claim of the same row
 * (a lease that ran out, another instance) waits that long before it calls
 * the earlier attempt lost.
 */
const SEND_IN_FLIGHT_MS = GRAPH_TIMEOUT_MS + 5_000;

/** Shown when a send may or may not have reached WhatsApp: sending again could make a duplicate. */
export const OUTCOME_UNKNOWN_REASON =
  'WhatsApp did not confirm this reply (no answer in time): it may have reached the member. Check before retrying.';

/**
 * An earlier attempt of this send may still be waiting for Meta: try again
 * once it must have ended (and not count on the policy's short waits, which
 * could give the send up while it is being made).
 */
class SendInFlight extends Error {
  constructor(readonly retryInMs: number) {
    super('an earlier attempt of this send is still waiting for WhatsApp');
  }
}

export interface WhatsAppDelivererDeps {
  db: Database;
  api: WhatsAppApi;
  /** Read at each attempt: a template queued while one was configured goes only if one still is. */
  replyTemplate: WhatsAppTemplate | null;
  /** WHATSAPP_PROGRAMME_TEMPLATE (decision 058); null: a queued programme template is not sent. */
  programmeTemplate: WhatsAppTemplate | null;
  /** The realtime bus: status changes reach the admin's pane. */
  publish(event: RealtimeEvent): Promise<void>;
  logger: Logger;
}

/** The `whatsapp` topic's deliverer (registered in server.ts when the bridge has an API). */
export function whatsappDeliverer(deps: WhatsAppDelivererDeps): Deliverer {
  const { db, api, logger } = deps;

  /** A status change is news for the pane; its failure to go out must not fail a send already made. */
  async function publish(event: RealtimeEvent) {
    try {
      await deps.publish(event);
    } catch (error) {
      logger.warn({ err: error, kind: event.kind }, 'WhatsApp: status change not published');
    }
  }

  async function contactOf(contactId: string): Promise<WhatsAppRecipient | null> {
    const [contact] = await db
      .select({ waId: whatsappContacts.waId, bsuid: whatsappContacts.bsuid })
      .from(whatsappContacts)
      .where(eq(whatsappContacts.id, contactId));
    return contact ?? null;
  }

  /**
   * Meta has no idempotency key, so before a send the row is marked "send
   * started" (a conditional update: one attempt wins). A later attempt that
   * finds the mark and no recorded result does not send: while the first may
   * still be waiting for Meta it tries again later (by then the result is
   * recorded, or the first failed and cleared the mark); after that, the
   * first attempt was lost (a crash) and nobody knows whether Meta took it.
   */
  async function claimSend(row: OutboxRow) {
    const [claimed] = await db
      .update(outbox)
      .set({ payload: sql`${outbox.payload} || jsonb_build_object('send_started_at', now())` })
      .where(and(eq(outbox.id, row.id), sql`${outbox.payload} ->> 'send_started_at' is null`))
      .returning({ id: outbox.id });
    if (claimed) return;
    const [earlier] = await db
      .select({
        elapsedMs: sql<number>`extract(epoch from now() - (${outbox.payload} ->> 'send_started_at')::timestamptz) * 1000`,
      })
      .from(outbox)
      .where(eq(outbox.id, row.id));
    const elapsedMs = Number(earlier?.elapsedMs ?? Infinity);
    if (elapsedMs < SEND_IN_FLIGHT_MS) throw new SendInFlight(Math.ceil(SEND_IN_FLIGHT_MS - elapsedMs));
    throw new FinalFailure('an earlier attempt of this send was lost; it may have been sent', OUTCOME_UNKNOWN_REASON);
  }

  /** The send was refused or never left: the next attempt may send. */
  async function releaseSend(row: OutboxRow) {
    await db
      .update(outbox)
      .set({ payload: sql`${outbox.payload} - 'send_started_at'` })
      .where(eq(outbox.id, row.id));
  }

  /** Makes one send under the claim; an answer that never came is final (see claimSend). */
  async function sendOnce<T>(row: OutboxRow, send: () => Promise<T>): Promise<T> {
    await claimSend(row);
    try {
      return await send();
    } catch (error) {
      if (error instanceof WhatsAppApiError && error.details.outcomeUnknown) {
        throw new FinalFailure(`${error.message}; it may have been sent`, OUTCOME_UNKNOWN_REASON);
      }
      await releaseSend(row);
      throw error;
    }
  }

  async function sendReply(row: OutboxRow, delivery: Extract<WhatsAppDelivery, { kind: 'reply' }>) {
    const [message] = await db
      .select({
        text: chatMessages.message,
        author: chatMessages.authorKind,
        status: chatMessages.status,
        externalId: chatMessages.externalId,
      })
      .from(chatMessages)
      .where(eq(chatMessages.id, delivery.message_id));
    // Gone (the account was deleted), sent already (recorded by an earlier attempt), or no longer waiting.
    if (!message || message.externalId || message.status !== 'pending') return;
    const to = await contactOf(delivery.contact_id);
    if (!to) throw new FinalFailure('the contact is gone', 'Not sent: the WhatsApp contact was unlinked.');
    const text = message.author === 'automation' ? labelledAsTheAiCoach(message.text) : message.text;
    const buttons = fitsReplyButtons(text, delivery.buttons) ? delivery.buttons! : null;
    const { externalId } = await sendOnce(row, () =>
      buttons ? api.sendInteractive(to, text, buttons) : api.sendText(to, text),
    );
    const [sent] = await db
      .update(chatMessages)
      .set({
        externalId,
        status: sql`case when ${chatMessages.status} = 'pending' then 'sent' else ${chatMessages.status} end`,
        sentAt: sql`coalesce(${chatMessages.sentAt}, now())`,
      })
      .where(eq(chatMessages.id, delivery.message_id))
      .returning({
        conversationId: chatMessages.conversationId,
        status: chatMessages.status,
        sentAt: chatMessages.sentAt,
      });
    logger.info({ messageId: delivery.message_id, externalId }, 'WhatsApp reply sent');
    if (sent?.status === 'sent') {
      await publish({
        kind: 'message_status',
        conversation_id: sent.conversationId,
        message_id: delivery.message_id,
        status: 'sent',
        at: (sent.sentAt ?? new Date()).toISOString(),
      });
    }
  }

  async function sendTemplate(row: OutboxRow, delivery: Extract<WhatsAppDelivery, { kind: 'template' }>) {
    const template = deps.replyTemplate;
    if (!template) return;
    const to = await contactOf(delivery.contact_id);
    if (!to) return;
    const { externalId } = await sendOnce(row, () => api.sendTemplate(to, template));
    logger.info({ messageId: delivery.message_id, externalId, template: template.name }, 'WhatsApp template sent');
  }

  async function sendProgrammeTemplate(
    row: OutboxRow,
    delivery: Extract<WhatsAppDelivery, { kind: 'programme_template' }>,
  ) {
    const template = deps.programmeTemplate;
    if (!template) return;
    const to = await contactOf(delivery.contact_id);
    if (!to) return;
    const { externalId } = await sendOnce(row, () =>
      api.sendTemplate(to, template, { quickReplyPayload: programmeOpenPayload(delivery.message_id) }),
    );
    logger.info(
      { messageId: delivery.message_id, externalId, template: template.name },
      'WhatsApp programme template sent',
    );
  }

  async function markRead(row: OutboxRow, delivery: Extract<WhatsAppDelivery, { kind: 'mark_read' }>) {
    try {
      await api.markRead(delivery.external_id, { typing: delivery.typing });
    } catch (error) {
      const attempts = delivery.typing ? 1 : READ_RECEIPT_ATTEMPTS;
      if (row.attempts >= attempts && isRetryableWhatsAppError(error)) {
        throw new FinalFailure(`stale, given up: ${error instanceof Error ? error.message : String(error)}`);
      }
      throw error;
    }
  }

  /** A reply that will not go: shown failed, with why, in the admin's pane. */
  async function markReplyFailed(messageId: string, reason: string) {
    const [failed] = await db
      .update(chatMessages)
      .set({ status: 'failed', failedAt: sql`now()`, failureReason: reason })
      .where(and(eq(chatMessages.id, messageId), eq(chatMessages.status, 'pending')))
      .returning({ conversationId: chatMessages.conversationId, failedAt: chatMessages.failedAt });
    if (!failed) return;
    await publish({
      kind: 'message_status',
      conversation_id: failed.conversationId,
      message_id: messageId,
      status: 'failed',
      at: (failed.failedAt ?? new Date()).toISOString(),
      reason,
    });
  }

  return {
    log: { noun: 'WhatsApp delivery', idKey: 'whatsappDeliveryId' },
    isRetryable: isRetryableWhatsAppError,
    retryDelayMs: (error, attempts) =>
      error instanceof SendInFlight ? error.retryInMs : whatsappRetryDelayMs(error, attempts),
    async deliver(row) {
      const delivery = row.payload as WhatsAppDelivery;
      switch (delivery.kind) {
        case 'reply':
          return sendReply(row, delivery);
        case 'template':
          return sendTemplate(row, delivery);
        case 'programme_template':
          return sendProgrammeTemplate(row, delivery);
        case 'mark_read':
          return markRead(row, delivery);
        default:
          throw new FinalFailure(`unknown WhatsApp delivery ${String((delivery as { kind?: unknown }).kind)}`);
      }
    },
    async onGiveUp(row, error) {
      const delivery = row.payload as WhatsAppDelivery;
      if (delivery.kind === 'reply') await markReplyFailed(delivery.message_id, failureReason(error));
    },
  };
}

/**
 * Whether buttons can go as WhatsApp reply buttons: 1 to 3, unique, short
 * enough, on a body of at most 1024 characters. Otherwise the text goes
 * alone (Meta would refuse the whole message; the web chat shows its own buttons).
 */
function fitsReplyButtons(body: string, buttons: QuickReplyButton[] | undefined): boolean {
  const { count, titleChars, idChars, bodyChars } = REPLY_BUTTON_LIMITS;
  if (!buttons?.length || buttons.length > count || body.length > bodyChars) return false;
  if (new Set(buttons.map((b) => b.id)).size !== buttons.length) return false;
  if (new Set(buttons.map((b) => b.title)).size !== buttons.length) return false;
  return buttons.every((b) => b.id && b.id.length <= idChars && b.title.trim() && b.title.length <= titleChars);
}

/** The programme template's quick-reply payload: tapped, it asks for the waiting message (lib/programme/quick-replies.ts). */
export const programmeOpenPayload = (messageId: string) => `programme:open:${messageId}`;

/**
 * The AI coach's messages say so on WhatsApp too (decision 057): the chat
 * shows no author, so the label leads the text, in WhatsApp's bold. What is
 * stored (and shown in our own screens, which label it themselves) stays as written.
 */
export function labelledAsTheAiCoach(text: string): string {
  return `*${AI_COACH_LABEL}:* ${text}`;
}
