import { and, eq, gte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { chatMessages, conversations } from '../../db/schema';
import type { CoachAlertReason } from '../mail/templates';
import { changeAutomationState } from './conversation-state';
import { replyDeps, type CoachDeps } from './coach-deps';
import { CRISIS_FOLLOW_UP, CRISIS_MESSAGE, HUMAN_HANDOVER_MESSAGE, UNDER_18_MESSAGE } from './safety/crisis-message';
import { sendAutomationReply } from './send-automation-reply';
import { alertMailsTo, publishTeamAlert } from './team-alert';

/**
 * The safety net's actions (decision 057): crisis, and handing a
 * conversation to a person. They run whatever the global mode (even `off`)
 * and whatever the conversation's state, are never limited, and send only
 * fixed texts the team reviewed (docs/crisis-messages.md), never model text.
 */

/** The follow-up line in a crisis is sent at most once in this time. */
const FOLLOW_UP_EVERY_MS = 30 * 60_000;

type SafetyDeps = Pick<CoachDeps, 'db' | 'realtime' | 'whatsapp' | 'config' | 'inboxUrl' | 'logger'>;

/**
 * Crisis: the conversation's state becomes `crisis` (urgent, listed first),
 * the member gets CRISIS_MESSAGE once per episode (from the moment it became
 * urgent until a coach ends it), and every admin is alerted by mail, queued
 * with the message so neither goes without the other. A member who writes
 * again in the episode gets CRISIS_FOLLOW_UP at most every half hour.
 * `messageId` names the text after the message that raised it, so a job run
 * twice sends it once.
 */
export async function enterCrisis(
  deps: SafetyDeps,
  conversationId: string,
  options: { messageId: string },
): Promise<'crisis_message' | 'follow_up' | 'nothing'> {
  await changeAutomationState(deps, {
    conversationId,
    to: 'crisis',
    changedBy: null,
    from: ['on', 'paused', 'handed_to_human'],
  });
  const [conversation] = await deps.db
    .select({ urgentSince: conversations.urgentSince })
    .from(conversations)
    .where(eq(conversations.id, conversationId));
  if (!conversation?.urgentSince) return 'nothing';
  const episodeStart = conversation.urgentSince;
  if (!(await sentSince(deps.db, conversationId, CRISIS_MESSAGE, episodeStart))) {
    const sent = await sendSafetyText(deps, conversationId, CRISIS_MESSAGE, `crisis-${options.messageId}`, 'crisis');
    return sent ? 'crisis_message' : 'nothing';
  }
  const recent = new Date(Date.now() - FOLLOW_UP_EVERY_MS);
  if (await sentSince(deps.db, conversationId, CRISIS_FOLLOW_UP, recent > episodeStart ? recent : episodeStart)) {
    return 'nothing';
  }
  await sendSafetyText(deps, conversationId, CRISIS_FOLLOW_UP, `crisis-line-${options.messageId}`, null);
  return 'follow_up';
}

/**
 * A person takes over (the member wrote HELP, pressed "Talk to a person", is
 * under 18, or sent a voice note nobody can transcribe): the state becomes
 * `handed_to_human` (never out of crisis), the member is told a person will
 * reply, and the team is alerted. Nothing is sent when the conversation was
 * already with a person or in crisis (they know; the team knows), unless this
 * is the same request run again.
 */
export async function handToHuman(
  deps: SafetyDeps,
  conversationId: string,
  options: {
    by: string | null;
    /** The member message that asked (names the reply, so a job run twice sends it once). */
    messageId?: string;
    text?: string;
    reason?: CoachAlertReason;
  },
): Promise<{ changed: boolean }> {
  const result = await changeAutomationState(deps, {
    conversationId,
    to: 'handed_to_human',
    changedBy: options.by,
    from: ['on', 'paused'],
  });
  if (!result) return { changed: false };
  const clientId = options.messageId ? `handover-${options.messageId}` : undefined;
  // Run again after a crash between the state and the text, the text is still owed: none was sent since the change.
  const owed =
    result.changed || (result.state === 'handed_to_human' && !(await safetyTextSinceHandover(deps.db, conversationId)));
  if (owed) {
    await sendSafetyText(
      deps,
      conversationId,
      options.text ?? HUMAN_HANDOVER_MESSAGE,
      clientId,
      options.reason ?? 'handed_over',
    );
  }
  return { changed: result.changed };
}

/** An under-18 disclosure: a person, UNDER_18_MESSAGE (Childline), and an alert that is not urgent. */
export function handOverUnder18(deps: SafetyDeps, conversationId: string, messageId: string) {
  return handToHuman(deps, conversationId, { by: null, messageId, text: UNDER_18_MESSAGE, reason: 'under_18' });
}

/** A fixed text through the one sender (gate `safety`: never withheld), with the team's alert mails beside it. */
async function sendSafetyText(
  deps: SafetyDeps,
  conversationId: string,
  text: string,
  clientId: string | undefined,
  alert: CoachAlertReason | null,
): Promise<boolean> {
  const result = await sendAutomationReply(replyDeps(deps), {
    conversationId,
    text,
    origin: 'safety',
    gate: 'safety',
    clientId,
    deliveries: alert ? [alertMailsTo(alert, deps.inboxUrl)] : [],
  });
  if (result.outcome !== 'sent') {
    deps.logger.error({ conversationId, reason: result.reason }, 'coach: a safety text was not sent');
    return false;
  }
  if (alert && result.created) await publishTeamAlert(deps, conversationId);
  return true;
}

async function sentSince(db: Database, conversationId: string, text: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        eq(chatMessages.authorKind, 'automation'),
        eq(chatMessages.origin, 'safety'),
        eq(chatMessages.message, text),
        gte(chatMessages.createdAt, since),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Whether a fixed text was sent since the conversation was last handed over. */
async function safetyTextSinceHandover(db: Database, conversationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        eq(chatMessages.authorKind, 'automation'),
        eq(chatMessages.origin, 'safety'),
        gte(chatMessages.createdAt, conversations.automationStateChangedAt),
      ),
    )
    .limit(1);
  return Boolean(row);
}
