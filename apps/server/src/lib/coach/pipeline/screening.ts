import { eq, sql } from 'drizzle-orm';
import { highestRisk, isCrisisLevel, RISK_LEVELS, type RiskCategory, type RiskLevel } from '@app/shared';
import type { Database } from '../../../db/client';
import { coachScreenings, conversations } from '../../../db/schema';
import type { Logger } from '../../logger';
import { classifierMessages, readClassification, type EarlierTurn } from '../safety/classifier';
import { screenMessage } from '../safety/risk-screen';
import type { CoachModel } from '../model/model-types';

/** The screening of one member message: the highest level of every source, and every category seen. */
export interface Screening {
  level: RiskLevel;
  categories: RiskCategory[];
}

/** The classifier's answer is short JSON. */
const CLASSIFIER_MAX_TOKENS = 100;

/** A screening, and the writing of its verdicts, which the caller awaits alongside its own next read. */
export interface ScreeningDone {
  screening: Screening;
  /** The verdicts stored and the conversation's risk raised; settles once written. */
  recorded: Promise<void>;
}

/**
 * Screens a member message (decision 057): the deterministic rules always
 * (no network), and the model's classification when a model is configured;
 * the highest level wins, and the model can only raise what the rules found.
 * Each source's verdict is stored in coach_screenings (one row per message
 * and source: a job run again reads what it found the first time, `stored`,
 * rather than asking the model twice), and the conversation's risk is raised
 * to it, never lowered here (only a coach ends a crisis).
 *
 * Both verdicts are written in one statement once the model has answered,
 * while the caller reads the conversation's state again (`recorded`): at 50
 * members at once every statement on the way to the answer counts. A job that
 * stops before they are written screens the message again when it is rerun.
 */
export async function screen(
  deps: { db: Database; model: CoachModel | null; logger: Logger; timeoutMs: number },
  message: { id: string; conversationId: string; text: string; earlier: readonly EarlierTurn[] },
  stored: { rules?: Verdict; model?: Verdict },
): Promise<ScreeningDone> {
  const rules = stored.rules ?? fromRules(message.text);
  // Verdicts not stored yet, written together in one statement once the model has spoken (or is not asked).
  const unstored: { source: 'rules' | 'model'; verdict: Verdict }[] = stored.rules
    ? []
    : [{ source: 'rules', verdict: rules }];
  let model = stored.model;
  // Rules that already see a crisis act at once: the help must not wait for a model that may be slow or down.
  if (!model && deps.model && message.text.trim() && !isCrisisLevel(rules.level)) {
    const outcome = await deps.model.complete({
      purpose: 'classifier',
      messages: classifierMessages(message.text, message.earlier),
      maxTokens: CLASSIFIER_MAX_TOKENS,
      temperature: 0,
      json: true,
      // The whole call, retries included: the member's answer waits for it.
      signal: AbortSignal.timeout(deps.timeoutMs),
    });
    const verdict = readClassification(outcome);
    if (verdict) {
      model = { level: verdict.level, categories: verdict.categories, detail: verdict.note ? [verdict.note] : [] };
      unstored.push({ source: 'model', verdict: model });
    } else {
      // No verdict (the provider is down): the rules still stand.
      deps.logger.warn({ messageId: message.id }, 'coach: no model classification, the rules stand');
    }
  }
  const writes: Promise<unknown>[] = unstored.length ? [store(deps.db, message, unstored)] : [];
  const screening: Screening = {
    level: highestRisk(rules.level, model?.level ?? 'none'),
    categories: [...new Set([...rules.categories, ...(model?.categories ?? [])])],
  };
  if (screening.level !== 'none' || screening.categories.length) {
    writes.push(raiseConversationRisk(deps.db, message.conversationId, screening));
  }
  const recorded = Promise.all(writes).then(() => undefined);
  // Observed here too, so a failure the caller has not awaited yet is never "unhandled"; the caller still sees it.
  recorded.catch(() => undefined);
  return { screening, recorded };
}

/**
 * A refusal or a content filter on the coach's own answer to this message:
 * a possible risk, never a glitch. Recorded as at least `concern` from the
 * model and raised on the conversation (flagged for review), not a crisis.
 */
export async function recordModelConcern(
  db: Database,
  message: { id: string; conversationId: string },
  note: string,
): Promise<void> {
  await db
    .insert(coachScreenings)
    .values({
      messageId: message.id,
      conversationId: message.conversationId,
      source: 'model',
      level: 'concern',
      detail: [note],
    })
    .onConflictDoUpdate({
      target: [coachScreenings.messageId, coachScreenings.source],
      set: {
        level: sql`case when ${coachScreenings.level} = 'none' then 'concern' else ${coachScreenings.level} end`,
        detail: sql`${coachScreenings.detail} || ${JSON.stringify([note])}::jsonb`,
      },
    });
  await raiseConversationRisk(db, message.conversationId, { level: 'concern', categories: [] });
}

export type Verdict = Screening & { detail: string[] };

function fromRules(text: string): Verdict {
  const result = screenMessage(text);
  return { level: result.level, categories: result.categories, detail: result.matched };
}

async function store(
  db: Database,
  message: { id: string; conversationId: string },
  verdicts: { source: 'rules' | 'model'; verdict: Verdict }[],
): Promise<void> {
  await db
    .insert(coachScreenings)
    .values(
      verdicts.map(({ source, verdict }) => ({
        messageId: message.id,
        conversationId: message.conversationId,
        source,
        level: verdict.level,
        categories: verdict.categories,
        detail: verdict.detail,
      })),
    )
    .onConflictDoNothing();
}

/** The conversation's risk becomes the higher of what it was and this screening, in one statement. */
async function raiseConversationRisk(db: Database, conversationId: string, screening: Screening): Promise<void> {
  const rank = (column: unknown) =>
    sql`array_position(array[${sql.raw(RISK_LEVELS.map((l) => `'${l}'`).join(', '))}]::text[], ${column})`;
  await db
    .update(conversations)
    .set({
      riskLevel: sql`case when ${rank(sql`${screening.level}::text`)} > ${rank(conversations.riskLevel)}
        then ${screening.level} else ${conversations.riskLevel} end`,
      riskCategories: sql`(select coalesce(jsonb_agg(distinct c), '[]'::jsonb) from jsonb_array_elements_text(
        ${conversations.riskCategories} || ${JSON.stringify(screening.categories)}::jsonb) c)`,
    })
    .where(eq(conversations.id, conversationId));
}
