import { isCrisisLevel } from '@app/shared';
import { coachMode } from '../coach-settings';
import { memberContext } from '../coach-context';
import { replyDeps, type CoachDeps } from '../coach-deps';
import { memberLimitReached, recordUsage, withinTokenBudget } from '../coach-limits';
import { automationStateOf } from '../conversation-state';
import { disclosureDue, withDisclosure } from '../disclosure';
import { ARE_YOU_HUMAN_REPLY } from '../disclosure';
import { asksForAPerson, asksIfHuman } from '../member-intents';
import { enterCrisis, handOverUnder18, handToHuman, hasClientId } from '../safety-actions';
import { LINK_ACCOUNT_NOTE, limitReachedReply } from '../scripted-coach';
import { sendAutomationReply } from '../send-automation-reply';
import { alertTeam, publishTeamAlert } from '../team-alert';
import { composeAnswer, type ComposedAnswer } from './compose-answer';
import { forwardToAutomation } from './forward-to-automation';
import { jobMessage, markDisclosed, newerMemberMessage, type JobMessage } from './member-message';
import { refreshSummaryIfDue } from './rolling-summary';
import { saveDraft } from './save-draft';
import { recordModelConcern, screen } from './screening';
import { showSignOfLife } from './sign-of-life';
import { VOICE_NOTE_MESSAGE } from '../safety/crisis-message';
import { voiceNoteText } from './voice-note';
import { checkinAnswered, checkinFromChat } from '../../programme/checkins/answer-checkin';

/**
 * One member message, from the `coach` outbox job (decision 057), in the
 * order that keeps the member safe:
 *
 * 1. a sign of life when the AI will answer (typing, on the web and WhatsApp);
 * 2. the words (a voice note transcribed, or handed to a person);
 * 3. the risk screening, always, whatever the mode and state;
 * 4. crisis (fixed help, a person alerted) or an under-18 disclosure, never limited;
 * 5. a request for a person (HELP);
 * 6. only then, and only when the conversation is the AI's and the mode allows:
 *    the outside automation's hook when one is configured (it answers), else
 *    the limits, the context, the model's answer or the scripted coach's,
 *    the reply check, the disclosure, and a draft or a reply sent under the
 *    last-moment check that no coach took over.
 *
 * Safe to run twice for one message (the outbox may redeliver): screenings
 * are stored once per message and source, and every text it sends is named
 * after the message (client_id), so a second run writes nothing new.
 * Answers what happened, for the log.
 */
export async function handleMemberMessage(deps: CoachDeps, messageId: string): Promise<string> {
  const { db } = deps;
  const now = deps.now?.() ?? new Date();
  const message = await jobMessage(db, messageId);
  if (!message) return 'not a member message (or gone)';
  const { conversationId } = message;

  const aiWillAnswer = async () =>
    (await automationStateOf(db, conversationId)) === 'on' && (await coachMode(db, deps.config.defaultMode)) !== 'off';
  if (message.memberId && (await aiWillAnswer())) await showSignOfLife(deps, conversationId);

  const words = await wordsOf(deps, message, now);
  const screening = await screen(
    { ...deps, timeoutMs: modelTimeoutMs(deps) },
    { id: message.id, conversationId, text: words.text },
  );
  // A number while a check-in is open is its answer (decision 058), stored before anything else happens.
  const checkin =
    message.memberId && !words.forAPerson
      ? await checkinFromChat(deps, { memberId: message.memberId, text: words.text }, screening.level, now)
      : null;
  if (isCrisisLevel(screening.level)) {
    return `crisis: ${await enterCrisis(deps, conversationId, { messageId: message.id })}`;
  }
  if (screening.categories.includes('under_18')) {
    await handOverUnder18(deps, conversationId, message.id);
    return 'under 18: handed to a person';
  }
  if ((await automationStateOf(db, conversationId)) === 'crisis') {
    // One "I'm fine" does not end a crisis: only a coach does. The AI stays silent.
    return `in crisis: ${await enterCrisis(deps, conversationId, { messageId: message.id })}`;
  }
  if (checkin) return checkinAnswered(deps, conversationId, checkin);
  if (asksForAPerson(words.text)) {
    const { changed } = await handToHuman(deps, conversationId, { by: null, messageId: message.id });
    return changed ? 'handed to a person' : 'asked for a person (already with one)';
  }
  if (!(await aiWillAnswer())) return 'not answered: the AI is off or not in charge here';
  if (words.forAPerson) {
    await handToHuman(deps, conversationId, {
      by: null,
      messageId: message.id,
      text: VOICE_NOTE_MESSAGE,
      reason: 'voice_note',
    });
    return `voice note for a person (${words.forAPerson})`;
  }
  if (deps.config.automation) return forwardToAutomation(deps, message.id);
  if (!message.memberId) return linkNote(deps, conversationId);
  if (!words.text.trim()) return 'not answered: nothing to read';
  if (await newerMemberMessage(db, message)) return 'not answered: a newer message will be';
  return answer(deps, { ...message, memberId: message.memberId }, words, now, screening.level === 'concern');
}

/** How long one model call may take, retries included (COACH_LLM_TIMEOUT_MS). */
const modelTimeoutMs = (deps: CoachDeps) => deps.config.model?.timeoutMs ?? 20_000;

interface Words {
  text: string;
  /** Voice note transcripts by message id, for the context. */
  transcripts: Record<string, string>;
  /** Why a voice note goes to a person, when it does. */
  forAPerson: string | null;
}

async function wordsOf(deps: CoachDeps, message: JobMessage, now: Date): Promise<Words> {
  if (message.type !== 'audio') return { text: message.text, transcripts: {}, forAPerson: null };
  const heard = await voiceNoteText(
    deps.db,
    deps.model,
    { fileId: message.media?.file_id, sentAt: message.createdAt },
    now,
  );
  if (heard.kind === 'for_a_person') return { text: message.text, transcripts: {}, forAPerson: heard.why };
  const text = [message.text, heard.text].filter((t) => t.trim()).join('\n');
  return { text, transcripts: { [message.id]: text }, forAPerson: null };
}

/** To a WhatsApp number linked to nobody: how to link it, once per conversation. */
async function linkNote(deps: CoachDeps, conversationId: string): Promise<string> {
  const result = await sendAutomationReply(replyDeps(deps), {
    conversationId,
    text: LINK_ACCOUNT_NOTE,
    origin: 'scripted',
    gate: 'ai',
    clientId: 'coach-link-note',
  });
  return result.outcome === 'sent' && result.created ? 'unlinked contact: told how to link' : 'unlinked contact';
}

async function answer(
  deps: CoachDeps,
  message: JobMessage & { memberId: string },
  words: Words,
  now: Date,
  checkIn: boolean,
): Promise<string> {
  const { db } = deps;
  const clientId = `coach-${message.id}`;
  if (await hasClientId(db, message.conversationId, clientId)) return 'answered before';
  const member = { memberId: message.memberId, conversationId: message.conversationId };
  const limit = await memberLimitReached(db, deps.config.limits, member);
  if (limit !== 'ok') {
    const slot = limit === 'day' ? now.toISOString().slice(0, 10) : String(Math.floor(now.getTime() / 60_000));
    await sendAutomationReply(replyDeps(deps), {
      conversationId: message.conversationId,
      text: limitReachedReply(limit),
      origin: 'scripted',
      gate: 'ai',
      inReplyTo: message.id,
      clientId: `coach-limit-${limit}-${slot}`,
    });
    return `limit reached (${limit})`;
  }

  let composed: ComposedAnswer;
  if (asksIfHuman(words.text)) {
    composed = { text: ARE_YOU_HUMAN_REPLY, origin: 'scripted', usage: null, concern: null };
  } else {
    const context = await memberContext(db, message.conversationId, message.memberId, now, words.transcripts);
    composed = await composeAnswer(
      { model: deps.model, logger: deps.logger, timeoutMs: modelTimeoutMs(deps) },
      {
        context,
        memberText: words.text,
        useModel: await withinTokenBudget(db, deps.config.limits),
        conversationId: message.conversationId,
        checkIn,
      },
    );
  }
  if (composed.concern) {
    // A possible risk, not a crisis on its own: flagged for a person to read (mail, and the inbox live).
    await recordModelConcern(db, message, composed.concern);
    await alertTeam(deps, message.conversationId, 'review');
  }
  // Asked "are you a bot?", the fixed answer says so already.
  const disclose = composed.text !== ARE_YOU_HUMAN_REPLY && disclosureDue(message.aiDisclosedAt, now);
  const text = disclose ? withDisclosure(composed.text) : composed.text;

  const mode = await coachMode(db, deps.config.defaultMode);
  if (mode === 'drafts') {
    await recordUsage(db, message.memberId, { replies: 0, tokens: composed.usage });
    if (!(await saveDraft(db, { conversationId: message.conversationId, replyToMessageId: message.id, text }))) {
      return 'drafted before';
    }
    await publishTeamAlert(deps, message.conversationId);
    return `drafted (${composed.origin})`;
  }
  const sent = await sendAutomationReply(replyDeps(deps), {
    conversationId: message.conversationId,
    text,
    origin: composed.origin,
    gate: 'ai',
    inReplyTo: message.id,
    clientId,
  });
  if (sent.outcome === 'withheld') {
    await recordUsage(db, message.memberId, { replies: 0, tokens: composed.usage });
    deps.logger.info({ conversationId: message.conversationId, reason: sent.reason }, 'coach: answer withheld');
    return `withheld (${sent.reason})`;
  }
  if (!sent.created) return 'answered before';
  if (disclose) await markDisclosed(db, message.conversationId, now);
  let summaryUsage = null;
  if (deps.model) {
    summaryUsage = await refreshSummaryIfDue(
      { db, model: deps.model, logger: deps.logger },
      message.conversationId,
    ).catch((error: unknown) => {
      deps.logger.warn({ err: error, conversationId: message.conversationId }, 'coach: summary not refreshed');
      return null;
    });
  }
  await recordUsage(db, message.memberId, { replies: 1, tokens: sumUsage(composed.usage, summaryUsage) });
  return `answered (${composed.origin})`;
}

function sumUsage(a: ComposedAnswer['usage'], b: ComposedAnswer['usage']): ComposedAnswer['usage'] {
  if (!a || !b) return a ?? b;
  return { promptTokens: a.promptTokens + b.promptTokens, completionTokens: a.completionTokens + b.completionTokens };
}
