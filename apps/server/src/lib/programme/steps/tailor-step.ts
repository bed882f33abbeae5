import { eq } from 'drizzle-orm';
import { MAX_STEP_PART_LENGTH, stepSentence } from '@app/shared';
import { conversations } from '../../../db/schema';
import { recordUsage, withinTokenBudget } from '../../coach/coach-limits';
import { coachMode } from '../../coach/coach-settings';
import { checkReply } from '../../coach/safety/reply-check';
import type { ChosenStep } from './choose-step';
import type { StepChoiceDeps } from './step-deps';

/** A step's wording as offered: the library's, or the AI coach's tailored version of it. */
export type StepWording = { ifText: string; thenText: string; source: 'library' | 'ai' };

/** "If <situation>, then I will <action>." The comma and the full stop are optional. */
const IF_THEN = /^if\s+(.+?),?\s+then i will\s+(.+?)[.!]?$/i;

/** The parts of an "If …, then I will …" sentence, each 1–200 characters; null when it is not one. */
export function parseIfThen(text: string): { ifText: string; thenText: string } | null {
  const line = text
    .trim()
    .replace(/^["“]|["”]$/g, '')
    .trim();
  if (line.includes('\n')) return null;
  const match = IF_THEN.exec(line);
  if (!match) return null;
  const [ifText, thenText] = [match[1]!.trim(), match[2]!.trim()];
  const fits = (part: string) => part.length >= 1 && part.length <= MAX_STEP_PART_LENGTH;
  return fits(ifText) && fits(thenText) ? { ifText, thenText } : null;
}

const INSTRUCTIONS = [
  'You help a work-stress coaching service word one small step for a member.',
  'Rephrase the step so it fits the member, keeping the same action and the same small size.',
  'Answer with one sentence only, exactly in the form: If <situation>, then I will <action>.',
  'Plain British English, kind and concrete. Nothing about food, eating or weight; nothing medical or clinical.',
].join(' ');

/**
 * Lets the AI coach word the chosen library step for the member (decision 058),
 * when a model is configured and the coach is not switched off. Its answer is
 * used only if it is an "If …, then I will …" sentence with parts of at most
 * 200 characters that passes the check every AI reply passes; anything else
 * (no model, over the token budget, an error, a refusal, a reply that fails)
 * keeps the library's words. Its tokens are counted as the coach's are.
 */
export async function tailorStep(deps: StepChoiceDeps, userId: string, chosen: ChosenStep): Promise<StepWording> {
  const library: StepWording = { ifText: chosen.ifText, thenText: chosen.thenText, source: 'library' };
  if (!deps.coachModel) return library;
  // The global kill switch stops every AI text, this one too.
  if ((await coachMode(deps.db, deps.config.coach.defaultMode)) === 'off') return library;
  // Over the month's token budget the library's words do, as the scripted coach does for answers.
  if (!(await withinTokenBudget(deps.db, deps.config.coach.limits))) return library;

  const [conversation] = await deps.db
    .select({ summary: conversations.coachSummary })
    .from(conversations)
    .where(eq(conversations.memberId, userId));
  const context = [
    `The step: ${stepSentence({ if_text: chosen.ifText, then_text: chosen.thenText })}`,
    chosen.focusAreaLabel ? `The member's focus area: ${chosen.focusAreaLabel}.` : null,
    conversation?.summary ? `What the coach knows of the member: ${conversation.summary.slice(0, 600)}` : null,
  ].filter(Boolean);

  const outcome = await deps.coachModel.complete({
    purpose: 'chat',
    messages: [
      { role: 'system', content: INSTRUCTIONS },
      { role: 'user', content: context.join('\n') },
    ],
    maxTokens: 120,
    temperature: 0.4,
  });
  // The tokens count toward the member's use and the month's budget, used or not.
  if ('usage' in outcome) await recordUsage(deps.db, userId, { replies: 0, tokens: outcome.usage });
  if (outcome.kind !== 'answer') {
    deps.logger.info({ outcome: outcome.kind }, 'step tailoring: no answer, the library step is used');
    return library;
  }
  const parts = parseIfThen(outcome.text);
  const check = checkReply(outcome.text);
  if (!parts || !check.ok) {
    deps.logger.info(
      { format: Boolean(parts), reasons: check.ok ? [] : check.reasons },
      'step tailoring: the answer did not pass, the library step is used',
    );
    return library;
  }
  return { ...parts, source: 'ai' };
}
