import { eq, sql } from 'drizzle-orm';
import type { CoachAutomationEvent } from '@app/shared';
import type { CoachConfig } from '../../env';
import { coachingTones, conversations, focusAreas, profiles, whatsappContacts } from '../../db/schema';
import type { DeliveryWriter } from '../chat/post-message';
import { enqueueWebhook } from '../webhooks/outbound';
import { coachMode } from './coach-settings';

/**
 * The outside automation's hook (decision 057, docs/coach-automation.md): when
 * COACH_AUTOMATION_URL is set, each member message is posted there from the
 * outbox (the `coach` webhook destination, signed per Standard Webhooks), in
 * the message's own transaction: it goes only if the message is stored.
 *
 * Only a member's message, never one of the team's side (a coach, the AI, the
 * automation's own answers, the system): the automation is never told about
 * what it wrote itself, so it cannot answer itself in a loop.
 *
 * Only while the conversation is the automation's to answer (state `on`, the
 * AI not switched off): a conversation in crisis, paused or with a person is
 * not shared with an outside service, which could not answer it anyway.
 */
export function automationHookDelivery(coach: Pick<CoachConfig, 'automation' | 'defaultMode'>): DeliveryWriter {
  return async (tx, message) => {
    if (!coach.automation) return;
    if (message.author !== 'member') return;
    const [conversation] = await tx
      .select({
        state: conversations.automationState,
        riskLevel: conversations.riskLevel,
        memberId: conversations.memberId,
        firstName: sql<string | null>`nullif(split_part(btrim(${profiles.fullName}), ' ', 1), '')`,
        focusArea: focusAreas.label,
        coachingTone: coachingTones.title,
        onWhatsApp: sql<boolean>`exists (select 1 from ${whatsappContacts} w where w.conversation_id = ${conversations.id})`,
      })
      .from(conversations)
      .leftJoin(profiles, eq(profiles.id, conversations.memberId))
      .leftJoin(focusAreas, eq(focusAreas.id, profiles.focusAreaId))
      .leftJoin(coachingTones, eq(coachingTones.id, profiles.coachingToneId))
      .where(eq(conversations.id, message.conversation_id));
    if (!conversation || conversation.state !== 'on') return;
    if ((await coachMode(tx, coach.defaultMode)) === 'off') return;

    const event: CoachAutomationEvent = {
      type: 'member_message',
      conversation_id: message.conversation_id,
      message: {
        id: message.id,
        text: message.message,
        type: message.type,
        channel: message.channel,
        created_at: message.created_at,
      },
      conversation: {
        state: conversation.state,
        channel: conversation.onWhatsApp ? 'whatsapp' : 'web',
        risk_level: conversation.riskLevel,
      },
      member: conversation.memberId
        ? {
            first_name: conversation.firstName,
            focus_area: conversation.focusArea,
            coaching_tone: conversation.coachingTone,
          }
        : null,
    };
    await enqueueWebhook(tx, 'coach', event);
  };
}
