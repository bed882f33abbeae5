import type { AutomationOrigin } from '@app/shared';
import type { Logger } from '../../logger';
import { chatMessagesFor, type MemberContext } from '../coach-context';
import { COACH_PROMPT_VERSION } from '../coach-prompt';
import type { CoachModel, CompletionOutcome, TokenUsage } from '../model/model-types';
import { checkReply } from '../safety/reply-check';
import { scriptedReply } from '../scripted-coach';

/** The cap on the coach's answer (research §5.6: about 300 tokens), well inside MAX_AI_REPLY_CHARS. */
export const CHAT_MAX_TOKENS = 300;
const CHAT_TEMPERATURE = 0.5;

export interface ComposedAnswer {
  text: string;
  origin: AutomationOrigin;
  /** The model's tokens for this answer (also when its answer was not used). */
  usage: TokenUsage | null;
  /** Set when the model declined or was filtered: a possible risk, to record and flag. */
  concern: string | null;
}

/**
 * The coach's answer to the member (decision 057): the model's, when one is
 * configured, the budget allows, and its answer is whole and passes the
 * reply check; the scripted coach's otherwise (why is logged, never the
 * text). A refusal or a content filter on this call is a possible risk: the
 * caller records a concern and flags the conversation.
 */
export async function composeAnswer(
  deps: { model: CoachModel | null; logger: Logger; timeoutMs: number },
  input: {
    context: MemberContext;
    memberText: string;
    useModel: boolean;
    conversationId: string;
    /** The message was screened as a concern: check in gently first. */
    checkIn: boolean;
  },
): Promise<ComposedAnswer> {
  const scripted = (usage: TokenUsage | null = null, concern: string | null = null): ComposedAnswer => ({
    text: scriptedReply({ text: input.memberText, focusArea: input.context.focusArea, prompt: input.context.prompt }),
    origin: 'scripted',
    usage,
    concern,
  });
  if (!deps.model || !input.useModel) return scripted();
  const outcome = await deps.model.complete({
    purpose: 'chat',
    messages: chatMessagesFor(input.context, { checkIn: input.checkIn }),
    maxTokens: CHAT_MAX_TOKENS,
    temperature: CHAT_TEMPERATURE,
    // The whole call, retries included: the member should not wait longer than one attempt's timeout.
    signal: AbortSignal.timeout(deps.timeoutMs),
  });
  const usage = usageOf(outcome);
  const log = { conversationId: input.conversationId, promptVersion: COACH_PROMPT_VERSION, outcome: outcome.kind };
  if (outcome.kind === 'refusal' || outcome.kind === 'content_filter') {
    deps.logger.warn(log, 'coach: the model declined to answer; scripted reply, flagged for review');
    return scripted(usage, `chat ${outcome.kind}`);
  }
  if (outcome.kind !== 'answer') {
    deps.logger.warn(
      { ...log, reason: outcome.kind === 'unavailable' ? outcome.reason : undefined },
      'coach: no usable answer from the model; scripted reply',
    );
    return scripted(usage);
  }
  const check = checkReply(outcome.text);
  if (!check.ok) {
    deps.logger.warn(
      { ...log, reasons: check.reasons },
      'coach: the model’s answer failed the reply check; scripted reply',
    );
    return scripted(usage);
  }
  deps.logger.info(log, 'coach: model answer');
  return { text: outcome.text, origin: 'model', usage, concern: null };
}

function usageOf(outcome: CompletionOutcome): TokenUsage | null {
  return 'usage' in outcome ? outcome.usage : null;
}
