import type { DeliveryWriter } from '../chat/post-message';
import { enqueue } from '../outbox/outbox';

/** The outbox payload of the `coach` topic: the member message to screen and perhaps answer. */
export interface CoachJob {
  message_id: string;
}

/** One job per conversation at a time, in the order the member wrote (decision 057). */
export const coachOrderingKey = (conversationId: string) => `coach:${conversationId}`;

/**
 * What every member message takes with it (decision 057), on every channel
 * and for members and unlinked contacts alike: the coach's job, queued in the
 * message's own transaction, so a stored message is always screened for risk,
 * even when the server stops just after writing it. The outside automation
 * (COACH_AUTOMATION_URL) hears of the message from that job, once it is screened.
 */
export function coachDeliveries(): DeliveryWriter[] {
  const screenAndAnswer: DeliveryWriter = async (tx, message) => {
    // Only what the person wrote: the coach's and the automation's own messages never start a job (no loops).
    if (message.author !== 'member') return;
    const job: CoachJob = { message_id: message.id };
    await enqueue(tx, {
      topic: 'coach',
      payload: { ...job },
      userId: message.member_id,
      orderingKey: coachOrderingKey(message.conversation_id),
    });
  };
  return [screenAndAnswer];
}

/** The admin inbox, where the team's alert mails point. */
export const coachInboxUrl = (publicUrl: string) => `${publicUrl}/admin/messages`;
