import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  chatMessages,
  checkins,
  coachingTones,
  coachNotes,
  conversations,
  focusAreas,
  profiles,
  strategicPromptUserRatings,
  strategicPrompts,
  userReflections,
} from '../../db/schema';
import { pickDailyPrompt } from '../content/daily-prompt';
import { activePromptOf } from '../content/todays-prompt';
import type { ChatTurn } from './model/model-types';
import { coachSystemPrompt, memberMemoryTurn } from './coach-prompt';

/**
 * What the coach knows when it answers one member (decision 057), read for
 * that member only: every part of the read below is keyed by their id or their
 * conversation's, so no other member's words can reach the model.
 */
export interface MemberContext {
  focusArea: { value: string; label: string } | null;
  tone: { value: string; title: string; subtitle: string } | null;
  /** Today's strategic prompt, picked as the dashboard picks it (lib/content/daily-prompt.ts). */
  prompt: { title: string; text: string } | null;
  /** The newest first, trimmed. */
  reflections: { text: string; promptTitle: string | null; at: Date }[];
  ratings: { promptTitle: string; rating: number }[];
  summary: string | null;
  notes: string[];
  /** The member's last check-ins (0–10, how stressed), newest first (decision 058). */
  checkins?: { score: number; note: string | null; at: Date }[];
  /** The last turns, oldest first: the member's words as `user`, the team's as `assistant`. */
  turns: ChatTurn[];
}

/** How much of the history and memory goes to the model: short context is also safer (research §0 fact 2). */
export const CONTEXT_LIMITS = {
  turns: 12,
  reflections: 3,
  ratings: 3,
  reflectionChars: 400,
  notes: 10,
  checkins: 7,
} as const;

export async function memberContext(
  db: Database,
  conversationId: string,
  memberId: string,
  now: Date,
  /** A voice note's words, by message id: the message itself holds only its caption. */
  transcripts: Readonly<Record<string, string>> = {},
): Promise<MemberContext> {
  // One statement (a job is one of many at once, and each statement costs every other job time): the
  // profile's choices and the conversation's summary as columns, each list a bounded, ordered aggregate.
  const [row] = await db
    .select({
      focusValue: focusAreas.value,
      focusLabel: focusAreas.label,
      toneValue: coachingTones.value,
      toneTitle: coachingTones.title,
      toneSubtitle: coachingTones.subtitle,
      summary: conversations.coachSummary,
      promptCandidates: sql<PromptCandidate[] | null>`(
        select json_agg(json_build_object('id', p.id, 'sortOrder', p.sort_order, 'title', p.title, 'text', p.prompt_text))
        from ${strategicPrompts} p where ${activePromptOf(sql`${profiles.focusAreaId}`, sql`p`)})`,
      reflections: sql<{ text: string; promptTitle: string | null; at: string }[] | null>`(
        select json_agg(json_build_object('text', left(r.reflection_text, ${CONTEXT_LIMITS.reflectionChars}),
          'promptTitle', sp.title, 'at', r.created_at) order by r.created_at desc, r.id desc)
        from (select * from ${userReflections} where user_id = ${memberId}
          order by created_at desc, id desc limit ${CONTEXT_LIMITS.reflections}) r
        left join ${strategicPrompts} sp on sp.id = r.strategic_prompt_id)`,
      ratings: sql<{ promptTitle: string; rating: number }[] | null>`(
        select json_agg(json_build_object('promptTitle', sp.title, 'rating', r.rating) order by r.updated_at desc, r.id desc)
        from (select * from ${strategicPromptUserRatings} where user_id = ${memberId}
          order by updated_at desc, id desc limit ${CONTEXT_LIMITS.ratings}) r
        join ${strategicPrompts} sp on sp.id = r.strategic_prompt_id)`,
      notes: sql<string[] | null>`(
        select json_agg(n.text order by n.created_at desc, n.id desc)
        from (select * from ${coachNotes} where member_id = ${memberId}
          order by created_at desc, id desc limit ${CONTEXT_LIMITS.notes}) n)`,
      checkins: sql<{ score: number; note: string | null; at: string }[] | null>`(
        select json_agg(json_build_object('score', c.score, 'note', c.note, 'at', c.created_at)
          order by c.created_at desc, c.id desc)
        from (select * from ${checkins} where user_id = ${memberId}
          order by created_at desc, id desc limit ${CONTEXT_LIMITS.checkins}) c)`,
      // Oldest first; system notes (a link made) are no turns.
      turns: sql<{ id: string; author: string; text: string }[] | null>`(
        select json_agg(json_build_object('id', t.id, 'author', t.author_kind, 'text', t.message)
          order by t.created_at, t.id)
        from (select * from ${chatMessages} where conversation_id = ${conversations.id}
          and author_kind in ('member', 'coach', 'automation') and message is not null
          order by created_at desc, id desc limit ${CONTEXT_LIMITS.turns}) t)`,
    })
    .from(conversations)
    .leftJoin(profiles, eq(profiles.id, memberId))
    .leftJoin(focusAreas, eq(focusAreas.id, profiles.focusAreaId))
    .leftJoin(coachingTones, eq(coachingTones.id, profiles.coachingToneId))
    .where(and(eq(conversations.id, conversationId), eq(conversations.memberId, memberId)));
  const picked = pickDailyPrompt(row?.promptCandidates ?? [], now);
  return {
    focusArea: row?.focusValue && row.focusLabel ? { value: row.focusValue, label: row.focusLabel } : null,
    tone:
      row?.toneValue && row.toneTitle
        ? { value: row.toneValue, title: row.toneTitle, subtitle: row.toneSubtitle ?? '' }
        : null,
    prompt: picked ? { title: picked.title, text: picked.text } : null,
    reflections: (row?.reflections ?? []).map((r) => ({ ...r, at: new Date(r.at) })),
    ratings: row?.ratings ?? [],
    summary: row?.summary ?? null,
    notes: row?.notes ?? [],
    checkins: (row?.checkins ?? []).map((c) => ({ ...c, at: new Date(c.at) })),
    turns: (row?.turns ?? [])
      .map((t) => ({ ...t, text: transcripts[t.id] ?? t.text }))
      .filter((t) => t.text.trim())
      .map((t) => ({ role: t.author === 'member' ? ('user' as const) : ('assistant' as const), content: t.text })),
  };
}

type PromptCandidate = { id: string; sortOrder: number; title: string; text: string };

/**
 * The messages for the chat call. The system prompt holds only our words and
 * the team's (the rules, the focus area, the tone, today's prompt); anything
 * the member wrote (reflections, notes, the summary of their words, the
 * conversation) goes in user turns, read as data, never as instructions.
 */
export function chatMessagesFor(context: MemberContext, options: { checkIn?: boolean } = {}): ChatTurn[] {
  const memory = memberMemoryTurn(context);
  const system = coachSystemPrompt(context) + (options.checkIn ? `\n${CHECK_IN}` : '');
  return [{ role: 'system', content: system }, ...(memory ? [memory] : []), ...context.turns];
}

/** For a message screened as a concern (research §9 item 2): coach, but check in first. */
export const CHECK_IN =
  'The latest message may show some distress. Before any coaching, gently ask how they are doing in themselves, and remind them they can write HELP to talk to a person.';
