import { eq, sql } from 'drizzle-orm';
import type { AutomationOrigin, ChatMessageDto, CoachMode, ProgrammeMessageRef, QuickReplyButton } from '@app/shared';
import { chatMessages, coachSettings, conversations } from '../../db/schema';
import { postMessage, type DeliveryWriter, type PostMessageDeps } from '../chat/post-message';
import type { WhatsAppBridge } from '../whatsapp/bridge';
import { whatsappDeliveryFor } from '../whatsapp/outbound/coach-replies';
import type { Tx } from '../../db/client';

/**
 * The one way the coach's side writes to a member (decision 057): the AI's
 * answers, the scripted coach, an outside automation's answers and the fixed
 * safety texts. Each goes where a coach's reply would (WhatsApp inside the
 * 24-hour window, else the web chat), labelled as the AI coach (author
 * `automation`, with its origin).
 *
 * An answer of the AI (`gate: 'ai'`) is checked once more inside the
 * message's transaction, with the conversation's row locked, just before it
 * is written: the conversation must still be the AI's (state `on`), the global
 * mode must still allow it (`off` is the kill switch), and no coach may have
 * written since the member message it answers. A coach's reply writes the same
 * row, so either the coach's reply or the AI's answer comes first, never both
 * at once: a coach who takes over is never talked over. The safety texts
 * (`gate: 'safety'`) are always sent: crisis help is never withheld. A
 * programme message (`gate: 'programme'`: a check-in, a step, a weekly
 * summary; decision 058) is sent unless the conversation is in crisis.
 */
export interface AutomationReply {
  conversationId: string;
  text: string;
  origin: AutomationOrigin;
  gate: 'ai' | 'safety' | 'programme';
  /** For a programme message: the check-in, step or summary it is about (the web chat shows its buttons). */
  programme?: ProgrammeMessageRef;
  /**
   * Quick replies offered with it on WhatsApp (at most 3, titles of at most 20
   * characters; the web chat draws its own from the `programme` ref). The id
   * comes back as the person's reply.
   */
  buttons?: QuickReplyButton[];
  /** The member message this answers (for `ai`: withheld if a coach wrote after it). */
  inReplyTo?: string | null;
  /** For `ai`: the modes under which it may be sent (default: automatic only). */
  modes?: readonly CoachMode[];
  /**
   * Makes the send idempotent: a second send with the same id in this
   * conversation returns the stored message and writes nothing (the coach's
   * outbox job may run again after a crash; it names its answers by the
   * member message they answer).
   */
  clientId?: string;
  /** Written in the message's transaction (the team's alert mail beside the crisis text). */
  deliveries?: DeliveryWriter[];
}

export interface AutomationReplyDeps extends PostMessageDeps {
  whatsapp: Pick<WhatsAppBridge, 'api' | 'replyTemplate'> & Partial<Pick<WhatsAppBridge, 'programmeTemplate'>>;
  defaultMode: CoachMode;
}

export type AutomationReplyResult =
  | { outcome: 'sent'; message: ChatMessageDto; created: boolean }
  /** Not written: `state` (paused, handed over, crisis), `mode` (AI off or drafts), `coach_replied`, `no_conversation`. */
  | { outcome: 'withheld'; reason: string };

export async function sendAutomationReply(
  deps: AutomationReplyDeps,
  reply: AutomationReply,
): Promise<AutomationReplyResult> {
  const route = await whatsappDeliveryFor(deps.db, reply.conversationId, deps.whatsapp, {
    buttons: reply.buttons,
    programme: reply.gate === 'programme',
  });
  const result = await postMessage(deps, {
    conversationId: reply.conversationId,
    author: { kind: 'automation' },
    text: reply.text,
    origin: reply.origin,
    channel: route.channel,
    status: route.status,
    clientId: reply.clientId,
    deliveries: [...route.deliveries, ...(reply.deliveries ?? [])],
    programme: reply.programme ?? null,
    precondition: preconditionOf(reply, deps.defaultMode),
  });
  if (result.outcome === 'refused') return { outcome: 'withheld', reason: result.detail ?? result.reason };
  return { outcome: 'sent', message: result.message, created: result.outcome === 'created' };
}

function preconditionOf(reply: AutomationReply, defaultMode: CoachMode) {
  if (reply.gate === 'ai') return (tx: Tx) => stillTheAisToAnswer(tx, reply, defaultMode);
  if (reply.gate === 'programme') return (tx: Tx) => notInCrisis(tx, reply.conversationId);
  return undefined;
}

/** A programme message waits while the conversation is in crisis: a check-in then would be careless. */
async function notInCrisis(tx: Tx, conversationId: string): Promise<string | null> {
  const [conversation] = await tx
    .select({ state: conversations.automationState })
    .from(conversations)
    .where(eq(conversations.id, conversationId));
  if (!conversation) return 'no_conversation';
  return conversation.state === 'crisis' ? 'state' : null;
}

/** The last-moment check of an AI answer, in one statement under the row lock: state, mode, no coach since. */
async function stillTheAisToAnswer(tx: Tx, reply: AutomationReply, defaultMode: CoachMode): Promise<string | null> {
  const [conversation] = await tx
    .select({
      state: conversations.automationState,
      mode: sql<CoachMode | null>`(select ${coachSettings.mode} from ${coachSettings} where ${coachSettings.id} = 1)`,
      // By the id as a value: drizzle names a column of a one-table select unqualified ("id"), which
      // inside this subquery would be the coach message's own id, and no coach reply would ever count.
      coachWroteSince: reply.inReplyTo
        ? sql<boolean>`exists (select 1 from ${chatMessages} c
            where c.conversation_id = ${reply.conversationId}::uuid and c.author_kind = 'coach'
              and c.created_at > (select m.created_at from ${chatMessages} m where m.id = ${reply.inReplyTo}::uuid))`
        : sql<boolean>`false`,
    })
    .from(conversations)
    .where(eq(conversations.id, reply.conversationId));
  if (conversation?.state !== 'on') return 'state';
  if (!(reply.modes ?? ['automatic']).includes(conversation.mode ?? defaultMode)) return 'mode';
  if (conversation.coachWroteSince) return 'coach_replied';
  return null;
}
