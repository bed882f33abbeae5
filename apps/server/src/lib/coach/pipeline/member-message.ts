import { and, eq, sql } from 'drizzle-orm';
import type { AutomationState, CoachMode, MessageMedia, RiskCategory, RiskLevel } from '@app/shared';
import type { Database } from '../../../db/client';
import { chatMessages, coachScreenings, coachSettings, conversations, whatsappContacts } from '../../../db/schema';
import { CLASSIFIER_CONTEXT, type EarlierTurn } from '../safety/classifier';
import { SUMMARY_EVERY_MEMBER_MESSAGES } from './rolling-summary';

/** One source's stored verdict on a message (coach_screenings). */
export interface StoredVerdict {
  level: RiskLevel;
  categories: RiskCategory[];
  detail: string[];
}

/** Who answers the conversation now, and whether the member wrote again since this message. */
export interface JobState {
  state: AutomationState;
  /** The global mode (the configured default until a coach sets one). */
  mode: CoachMode;
  /** The member wrote again after this message: the newer message's job answers both. */
  newerMemberMessage: boolean;
}

/** The member message a coach job is about, with what its conversation says now. */
export interface JobMessage extends JobState {
  id: string;
  conversationId: string;
  memberId: string | null;
  text: string;
  type: string;
  media: MessageMedia | null;
  createdAt: Date;
  aiDisclosedAt: Date | null;
  /** The verdicts stored by an earlier run of this job: a job run again never asks the model twice. */
  screenings: { rules?: StoredVerdict; model?: StoredVerdict };
  /** The AI's answer to it (client id `coach-<message id>`) is stored already. */
  answeredBefore: boolean;
  /** Enough member messages came since the rolling summary was last written for a new one. */
  summaryDue: boolean;
  /** The conversation has a WhatsApp contact (where a typing indicator could go). */
  onWhatsApp: boolean;
  /** The conversation's messages just before this one, oldest first, cut short: the classifier's context. */
  earlier: EarlierTurn[];
}

/** The answer's client id: a job run twice writes it once. */
export const answerClientId = (messageId: string) => `coach-${messageId}`;

/**
 * The job's state columns, compared in SQL with the stored times: PostgreSQL
 * keeps microseconds, a JavaScript Date only milliseconds, so the message read
 * back would look newer than itself.
 */
const stateColumns = {
  state: conversations.automationState,
  mode: sql<CoachMode | null>`(select ${coachSettings.mode} from ${coachSettings} where ${coachSettings.id} = 1)`,
  newerMemberMessage: sql<boolean>`exists (select 1 from ${chatMessages} n
    where n.conversation_id = ${chatMessages.conversationId} and n.author_kind = 'member'
      and n.created_at > ${chatMessages.createdAt})`,
};

/**
 * The message and everything the job decides by, in one statement (a job is
 * one of many at once: each statement costs every other job time): the
 * conversation's state and the global mode, a newer member message, what an
 * earlier run stored (screenings, the answer), and whether the summary is due.
 * Null when the message is gone (deleted with its account) or not the member's.
 */
export async function jobMessage(db: Database, messageId: string, defaultMode: CoachMode): Promise<JobMessage | null> {
  const [row] = await db
    .select({
      id: chatMessages.id,
      conversationId: chatMessages.conversationId,
      memberId: conversations.memberId,
      author: chatMessages.authorKind,
      text: chatMessages.message,
      type: chatMessages.messageType,
      media: chatMessages.media,
      createdAt: chatMessages.createdAt,
      aiDisclosedAt: conversations.aiDisclosedAt,
      ...stateColumns,
      screenings: sql<{ source: 'rules' | 'model'; verdict: StoredVerdict }[] | null>`(
        select jsonb_agg(jsonb_build_object('source', s.source, 'verdict', jsonb_build_object(
          'level', s.level, 'categories', s.categories, 'detail', s.detail)))
        from ${coachScreenings} s where s.message_id = ${chatMessages.id})`,
      answeredBefore: sql<boolean>`exists (select 1 from ${chatMessages} a
        where a.conversation_id = ${chatMessages.conversationId} and a.client_id = 'coach-' || ${chatMessages.id}::text)`,
      summaryDue: sql<boolean>`(select count(*) from ${chatMessages} c
        where c.conversation_id = ${chatMessages.conversationId} and c.author_kind = 'member'
          and (${conversations.coachSummaryThrough} is null
            or date_trunc('milliseconds', c.created_at) > ${conversations.coachSummaryThrough})
        ) >= ${SUMMARY_EVERY_MEMBER_MESSAGES}`,
      onWhatsApp: sql<boolean>`exists (select 1 from ${whatsappContacts} w
        where w.conversation_id = ${chatMessages.conversationId})`,
      // This conversation's only (the job's own): no other member's words reach the classifier.
      earlier: sql<{ author: string; text: string }[] | null>`(
        select jsonb_agg(jsonb_build_object('author', e.author_kind, 'text', e.text) order by e.created_at, e.id)
        from (select p.author_kind, left(p.message, ${CLASSIFIER_CONTEXT.charsPerTurn}) as text, p.created_at, p.id
          from ${chatMessages} p
          where p.conversation_id = ${chatMessages.conversationId}
            and p.author_kind in ('member', 'coach', 'automation') and p.message is not null
            and (p.created_at, p.id) < (${chatMessages.createdAt}, ${chatMessages.id})
          order by p.created_at desc, p.id desc
          limit ${CLASSIFIER_CONTEXT.turns}) e)`,
    })
    .from(chatMessages)
    .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
    .where(eq(chatMessages.id, messageId));
  if (!row || row.author !== 'member') return null;
  const { author: _author, screenings, mode, earlier, ...message } = row;
  const bySource = (source: 'rules' | 'model') => screenings?.find((s) => s.source === source)?.verdict;
  return {
    ...message,
    mode: mode ?? defaultMode,
    screenings: { rules: bySource('rules'), model: bySource('model') },
    earlier: (earlier ?? []).map((turn) => ({
      author: turn.author === 'member' ? 'member' : 'coach',
      text: turn.text,
    })),
  };
}

/** The state, the mode and a newer member message, read again (after the screening's wait); null when the message is gone. */
export async function jobStateNow(db: Database, message: JobMessage, defaultMode: CoachMode): Promise<JobState | null> {
  const [row] = await db
    .select(stateColumns)
    .from(chatMessages)
    .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
    .where(and(eq(chatMessages.id, message.id), eq(chatMessages.conversationId, message.conversationId)));
  return row ? { ...row, mode: row.mode ?? defaultMode } : null;
}

export async function markDisclosed(db: Database, conversationId: string, at: Date): Promise<void> {
  await db.update(conversations).set({ aiDisclosedAt: at }).where(eq(conversations.id, conversationId));
}
