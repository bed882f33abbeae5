import { and, desc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  chatMessages,
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
import { recentCheckins } from '../programme/checkins/checkins';
import type { ChatTurn } from './model/model-types';
import { coachSystemPrompt, memberMemoryTurn } from './coach-prompt';

/**
 * What the coach knows when it answers one member (decision 057), read for
 * that member only: every query below is keyed by their id or their
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
  // One wave of reads, side by side: the focus area's prompt and the summary come by subquery, not after the profile.
  const [[profile], prompt, reflections, ratings, notes, turns, checkins] = await Promise.all([
    db
      .select({
        focusValue: focusAreas.value,
        focusLabel: focusAreas.label,
        toneValue: coachingTones.value,
        toneTitle: coachingTones.title,
        toneSubtitle: coachingTones.subtitle,
        summary: sql<string | null>`(select ${conversations.coachSummary} from ${conversations}
          where ${conversations.id} = ${conversationId})`,
      })
      .from(profiles)
      .leftJoin(focusAreas, eq(focusAreas.id, profiles.focusAreaId))
      .leftJoin(coachingTones, eq(coachingTones.id, profiles.coachingToneId))
      .where(eq(profiles.id, memberId)),
    todaysPrompt(db, sql`(select ${profiles.focusAreaId} from ${profiles} where ${profiles.id} = ${memberId})`, now),
    db
      .select({
        text: userReflections.reflectionText,
        at: userReflections.createdAt,
        promptTitle: strategicPrompts.title,
      })
      .from(userReflections)
      .leftJoin(strategicPrompts, eq(strategicPrompts.id, userReflections.strategicPromptId))
      .where(eq(userReflections.userId, memberId))
      .orderBy(desc(userReflections.createdAt))
      .limit(CONTEXT_LIMITS.reflections),
    db
      .select({ promptTitle: strategicPrompts.title, rating: strategicPromptUserRatings.rating })
      .from(strategicPromptUserRatings)
      .innerJoin(strategicPrompts, eq(strategicPrompts.id, strategicPromptUserRatings.strategicPromptId))
      .where(eq(strategicPromptUserRatings.userId, memberId))
      .orderBy(desc(strategicPromptUserRatings.updatedAt))
      .limit(CONTEXT_LIMITS.ratings),
    db
      .select({ text: coachNotes.text })
      .from(coachNotes)
      .where(eq(coachNotes.memberId, memberId))
      .orderBy(desc(coachNotes.createdAt))
      .limit(CONTEXT_LIMITS.notes),
    lastTurns(db, conversationId, transcripts),
    recentCheckins(db, memberId, CONTEXT_LIMITS.checkins),
  ]);
  return {
    focusArea:
      profile?.focusValue && profile.focusLabel ? { value: profile.focusValue, label: profile.focusLabel } : null,
    tone:
      profile?.toneValue && profile.toneTitle
        ? { value: profile.toneValue, title: profile.toneTitle, subtitle: profile.toneSubtitle ?? '' }
        : null,
    prompt,
    reflections: reflections.map((r) => ({ ...r, text: r.text.slice(0, CONTEXT_LIMITS.reflectionChars) })),
    ratings,
    summary: profile?.summary ?? null,
    notes: notes.map((n) => n.text),
    checkins,
    turns,
  };
}

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

/**
 * The active prompt of the member's focus area for today (any active prompt when there is none), as the dashboard
 * shows it. One statement: the focus area's active prompts, or every active prompt when it has none (the focus area
 * may be a subquery, so the prompt need not wait for the profile's read).
 */
export async function todaysPrompt(db: Database, focusAreaId: string | SQL | null, now: Date) {
  const area = focusAreaId ?? sql`null::uuid`;
  const candidates = await db
    .select()
    .from(strategicPrompts)
    .where(
      and(
        eq(strategicPrompts.isActive, true),
        or(
          eq(strategicPrompts.focusAreaId, area),
          sql`not exists (select 1 from ${strategicPrompts} a where a.is_active and a.focus_area_id = ${area})`,
        ),
      ),
    );
  const picked = pickDailyPrompt(candidates, now);
  return picked ? { title: picked.title, text: picked.promptText } : null;
}

/**
 * The conversation's last turns, oldest first. The member's messages (text,
 * or a voice note's caption) are user turns; a coach's and the AI's are
 * assistant turns; system notes (a link made) are left out.
 */
async function lastTurns(
  db: Database,
  conversationId: string,
  transcripts: Readonly<Record<string, string>>,
): Promise<ChatTurn[]> {
  const rows = await db
    .select({ id: chatMessages.id, text: chatMessages.message, author: chatMessages.authorKind })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        inArray(chatMessages.authorKind, ['member', 'coach', 'automation']),
        isNotNull(chatMessages.message),
      ),
    )
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(CONTEXT_LIMITS.turns);
  return rows
    .reverse()
    .map((r) => ({ ...r, text: transcripts[r.id] ?? r.text }))
    .filter((r) => r.text.trim())
    .map((r) => ({ role: r.author === 'member' ? ('user' as const) : ('assistant' as const), content: r.text }));
}
