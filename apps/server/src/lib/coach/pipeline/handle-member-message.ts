import { isCrisisLevel } from '@app/shared';
import { memberContext, type MemberContext } from '../coach-context';
import { replyDeps, type CoachDeps } from '../coach-deps';
import { limitsNow, recordUsage, type LimitsNow } from '../coach-limits';
import { disclosureDue, withDisclosure } from '../disclosure';
import { ARE_YOU_HUMAN_REPLY } from '../disclosure';
import { asksForAPerson, asksIfHuman } from '../member-intents';
import { enterCrisis, handOverUnder18, handToHuman } from '../safety-actions';
import { LINK_ACCOUNT_NOTE, limitReachedReply } from '../scripted-coach';
import { sendAutomationReply } from '../send-automation-reply';
import { alertTeam, publishTeamAlert } from '../team-alert';
import { composeAnswer, type ComposedAnswer } from './compose-answer';
import { forwardToAutomation } from './forward-to-automation';
import {
  answerClientId,
  jobMessage,
  jobStateNow,
  markDisclosed,
  type JobMessage,
  type JobState,
} from './member-message';
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
 * Fast under load (docs/performance.md, "AI coach"): the message and the
 * conversation's state come in one statement; while the classifier answers,
 * the rules' verdict is written and the answer's inputs (limits, context) are
 * read, so the model's wait hides them; only then is anything decided from
 * them, and nothing reaches the member before the screening has spoken.
 *
 * Safe to run twice for one message (the outbox may redeliver): screenings
 * are stored once per message and source, and every text it sends is named
 * after the message (client_id), so a second run writes nothing new.
 * Answers what happened, for the log.
 */
export async function handleMemberMessage(deps: CoachDeps, messageId: string): Promise<string> {
  const { db } = deps;
  const defaultMode = deps.config.defaultMode;
  const now = deps.now?.() ?? new Date();
  const message = await jobMessage(db, messageId, defaultMode);
  if (!message) return 'not a member message (or gone)';
  const { conversationId } = message;

  // The typing frame goes out while the screening starts: it never fails the job (sign-of-life.ts).
  const signOfLife =
    message.memberId && aiWillAnswer(message) ? showSignOfLife(deps, conversationId, message.onWhatsApp) : null;
  const words = await wordsOf(deps, message, now);
  const screening = screen(
    { ...deps, timeoutMs: modelTimeoutMs(deps) },
    { id: message.id, conversationId, text: words.text, earlier: message.earlier },
    message.screenings,
  );
  // Read, not acted on: only the screening decides whether these are used.
  const prepared = mayBeAnswered(deps, message, words) ? settled(prepareAnswer(deps, message, words, now)) : null;
  const { screening: verdict, recorded } = await screening;
  await signOfLife;
  // A number while a check-in is open is its answer (decision 058), stored before anything else happens.
  const checkin =
    message.memberId && !words.forAPerson
      ? await checkinFromChat(deps, { memberId: message.memberId, text: words.text }, verdict.level, now)
      : null;

  if (isCrisisLevel(verdict.level)) {
    await recorded;
    return `crisis: ${await enterCrisis(deps, conversationId, { messageId: message.id })}`;
  }
  if (verdict.categories.includes('under_18')) {
    await recorded;
    await handOverUnder18(deps, conversationId, message.id);
    return 'under 18: handed to a person';
  }
  // Who answers may have changed while the model classified: read again, while the verdicts are written.
  const [, now2] = await Promise.all([recorded, jobStateNow(db, message, defaultMode)]);
  if (!now2) return 'not a member message (or gone)';
  if (now2.state === 'crisis') {
    // One "I'm fine" does not end a crisis: only a coach does. The AI stays silent.
    return `in crisis: ${await enterCrisis(deps, conversationId, { messageId: message.id })}`;
  }
  if (checkin) return checkinAnswered(deps, conversationId, checkin);
  if (asksForAPerson(words.text)) {
    const { changed } = await handToHuman(deps, conversationId, { by: null, messageId: message.id });
    return changed ? 'handed to a person' : 'asked for a person (already with one)';
  }
  if (!aiWillAnswer(now2)) return 'not answered: the AI is off or not in charge here';
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
  if (now2.newerMemberMessage) return 'not answered: a newer message will be';
  if (message.answeredBefore) return 'answered before';
  // Not read ahead when the job started in another state (a coach handed the conversation back meanwhile): read now.
  const inputs = await (prepared ?? settled(prepareAnswer(deps, message, words, now)));
  if ('error' in inputs) throw inputs.error;
  return answer(
    deps,
    { ...message, memberId: message.memberId },
    { words, now, checkIn: verdict.level === 'concern', mode: now2.mode, ...inputs.value },
  );
}

/** How long one model call may take, retries included (COACH_LLM_TIMEOUT_MS). */
const modelTimeoutMs = (deps: CoachDeps) => deps.config.model?.timeoutMs ?? 20_000;

/** The conversation is the AI's to answer, and the global mode lets it. */
const aiWillAnswer = (state: JobState) => state.state === 'on' && state.mode !== 'off';

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

/** Whether, as things stood when the job started, the AI would write the answer itself (worth reading its inputs). */
function mayBeAnswered(deps: CoachDeps, message: JobMessage, words: Words): boolean {
  return (
    aiWillAnswer(message) &&
    Boolean(message.memberId) &&
    !deps.config.automation &&
    !words.forAPerson &&
    Boolean(words.text.trim()) &&
    !asksForAPerson(words.text) &&
    !message.newerMemberMessage &&
    !message.answeredBefore
  );
}

/** What the answer is made from: the limits, and the member's context unless the answer is a fixed one. */
interface AnswerInputs {
  limits: LimitsNow;
  context: MemberContext | null;
}

async function prepareAnswer(deps: CoachDeps, message: JobMessage, words: Words, now: Date): Promise<AnswerInputs> {
  const member = { memberId: message.memberId!, conversationId: message.conversationId };
  const [limits, context] = await Promise.all([
    limitsNow(deps.db, deps.config.limits, member),
    asksIfHuman(words.text)
      ? null
      : memberContext(deps.db, message.conversationId, member.memberId, now, words.transcripts),
  ]);
  return { limits, context };
}

/** A promise that never rejects (it may never be awaited: the screening can end the job first). */
function settled<T>(promise: Promise<T>): Promise<{ value: T } | { error: unknown }> {
  return promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
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
  input: AnswerInputs & { words: Words; now: Date; checkIn: boolean; mode: JobState['mode'] },
): Promise<string> {
  const { db } = deps;
  const { words, now, limits, context } = input;
  if (limits.member !== 'ok') {
    const limit = limits.member;
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
  if (!context) {
    composed = { text: ARE_YOU_HUMAN_REPLY, origin: 'scripted', usage: null, concern: null };
  } else {
    composed = await composeAnswer(
      { model: deps.model, logger: deps.logger, timeoutMs: modelTimeoutMs(deps) },
      {
        context,
        memberText: words.text,
        useModel: limits.withinBudget,
        conversationId: message.conversationId,
        checkIn: input.checkIn,
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

  if (input.mode === 'drafts') {
    await recordUsage(db, message.memberId, { replies: 0, tokens: composed.usage });
    if (!(await saveDraft(db, { conversationId: message.conversationId, replyToMessageId: message.id, text }))) {
      return 'drafted before';
    }
    await publishTeamAlert(deps, message.conversationId);
    return `drafted (${composed.origin})`;
  }
  // The last word: under the conversation's row lock, still the AI's, the mode still automatic, no coach since.
  const sent = await sendAutomationReply(replyDeps(deps), {
    conversationId: message.conversationId,
    text,
    origin: composed.origin,
    gate: 'ai',
    inReplyTo: message.id,
    clientId: answerClientId(message.id),
  });
  if (sent.outcome === 'withheld') {
    await recordUsage(db, message.memberId, { replies: 0, tokens: composed.usage });
    deps.logger.info({ conversationId: message.conversationId, reason: sent.reason }, 'coach: answer withheld');
    return `withheld (${sent.reason})`;
  }
  if (!sent.created) return 'answered before';
  if (disclose) await markDisclosed(db, message.conversationId, now);
  let summaryUsage = null;
  if (deps.model && message.summaryDue) {
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
