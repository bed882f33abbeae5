import { and, eq, sql } from 'drizzle-orm';
import { MAX_FAILURE_REASON_LENGTH, type MessageDeliveryStatus } from '@app/shared';
import type { Database } from '../../../db/client';
import { chatMessages } from '../../../db/schema';
import type { RealtimeHub } from '../../realtime/hub';
import type { WhatsAppError, WhatsAppStatusItem } from './webhook-events';

/**
 * WhatsApp's receipts for the messages we sent (decision 056), applied
 * monotonically whatever order they arrive in: pending < sent < delivered <
 * read (`played`, a voice note heard, counts as read; `read` may come without
 * `delivered`, which it implies); `failed` is final and overrides anything
 * short of read. Each receipt is one conditional UPDATE, so two instances
 * applying receipts of one message at once cannot move it backwards. A receipt
 * for a message we do not know (sent from WhatsApp Manager, say) changes nothing.
 */

const ORDER = sql.raw(`array['pending', 'sent', 'delivered', 'read']::text[]`);

/** Meta's error as the failure reason people read: code and title, and the details when given. */
export function failureReasonOf(errors: WhatsAppError[] | undefined): string {
  const error = errors?.[0];
  if (!error) return 'Failed (WhatsApp gave no reason)';
  const title = error.title ?? error.message ?? 'Failed';
  const details = error.error_data?.details;
  const reason = `${error.code} ${title}${details && details !== title ? `: ${details}` : ''}`;
  return reason.slice(0, MAX_FAILURE_REASON_LENGTH);
}

export interface StatusDeps {
  db: Database;
  realtime: Pick<RealtimeHub, 'publish'>;
}

/**
 * A status for an id we do not hold yet: Meta may report `sent` or `delivered`
 * before our send has recorded the id Meta answered with (its webhook races
 * our write). Thrown, so the inbound event is retried (statuses have no
 * ordering key: nothing waits behind it) until the id is there, or until the
 * status is this old, when it is taken for another sender's message and ignored.
 */
export class StatusBeforeItsMessage extends Error {}
export const STATUS_WAITS_FOR_ITS_MESSAGE_MS = 10 * 60_000;

export async function applyStatus(
  deps: StatusDeps,
  status: WhatsAppStatusItem,
  now: Date = new Date(),
): Promise<string> {
  const target: MessageDeliveryStatus = status.status === 'played' ? 'read' : status.status;
  const at = new Date(Number(status.timestamp) * 1000).toISOString();
  const reason = target === 'failed' ? failureReasonOf(status.errors) : null;
  const result = await deps.db.execute(sql`
    update chat_messages m set
      status = ${target}::text,
      sent_at = case when ${target}::text <> 'failed' then coalesce(m.sent_at, ${at}::timestamptz) else m.sent_at end,
      delivered_at = case when ${target}::text in ('delivered', 'read') then coalesce(m.delivered_at, ${at}::timestamptz)
                          else m.delivered_at end,
      read_at = case when ${target}::text = 'read' then coalesce(m.read_at, ${at}::timestamptz) else m.read_at end,
      failed_at = case when ${target}::text = 'failed' then ${at}::timestamptz else m.failed_at end,
      failure_reason = case when ${target}::text = 'failed' then ${reason}::text else m.failure_reason end
    where m.channel = 'whatsapp' and m.external_id = ${status.id} and m.author_kind <> 'member'
      and m.status <> 'failed'
      and case when ${target}::text = 'failed' then m.status <> 'read'
               else array_position(${ORDER}, m.status) < array_position(${ORDER}, ${target}::text) end
    returning m.id, m.conversation_id`);
  const [row] = (result as unknown as { rows: { id: string; conversation_id: string }[] }).rows;
  if (!row) return noChange(deps.db, status, now);
  await deps.realtime.publish({
    kind: 'message_status',
    conversation_id: row.conversation_id,
    message_id: row.id,
    status: target,
    at,
    ...(reason !== null && { reason }),
  });
  return `status ${status.status}: applied`;
}

async function noChange(db: Database, status: WhatsAppStatusItem, now: Date): Promise<string> {
  const [known] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(and(eq(chatMessages.channel, 'whatsapp'), eq(chatMessages.externalId, status.id)))
    .limit(1);
  if (known) return `status ${status.status}: no change`;
  const age = now.getTime() - Number(status.timestamp) * 1000;
  if (age < STATUS_WAITS_FOR_ITS_MESSAGE_MS) {
    throw new StatusBeforeItsMessage(`status ${status.status} for ${status.id} before its message's id is stored`);
  }
  return `status ${status.status}: unknown message, ignored`;
}
