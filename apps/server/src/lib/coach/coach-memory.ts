import { desc, eq } from 'drizzle-orm';
import type { CoachMemoryDto } from '@app/shared';
import type { Database } from '../../db/client';
import { coachNotes, conversations } from '../../db/schema';

/**
 * What the coach remembers about a member (decision 057), shown to them and
 * forgotten at their word: the rolling summary of their conversation and the
 * coach's short notes. Everything else the coach reads is read fresh each
 * time from what the member already sees and manages elsewhere; it is named
 * here so nothing the coach reads is hidden.
 */
export const COACH_ALSO_READS = [
  'Your focus area',
  'Your coaching tone',
  "Today's prompt",
  'Your recent reflections and the ratings you gave prompts',
  'The last messages of your conversation',
] as const;

export async function coachMemory(db: Database, memberId: string): Promise<CoachMemoryDto> {
  const [conversation] = await db
    .select({ summary: conversations.coachSummary })
    .from(conversations)
    .where(eq(conversations.memberId, memberId));
  const notes = await db
    .select({ id: coachNotes.id, text: coachNotes.text, createdAt: coachNotes.createdAt })
    .from(coachNotes)
    .where(eq(coachNotes.memberId, memberId))
    .orderBy(desc(coachNotes.createdAt));
  return {
    summary: conversation?.summary ?? null,
    notes: notes.map((n) => ({ id: n.id, text: n.text, created_at: n.createdAt.toISOString() })),
    also_reads: [...COACH_ALSO_READS],
  };
}

/**
 * Forgets it all, in one transaction: the summary (and how far it reached, so
 * the next one starts from the conversation itself) and every note. The
 * messages stay: they are the conversation, deleted with the account.
 */
export async function forgetCoachMemory(db: Database, memberId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(conversations)
      .set({ coachSummary: null, coachSummaryThrough: null })
      .where(eq(conversations.memberId, memberId));
    await tx.delete(coachNotes).where(eq(coachNotes.memberId, memberId));
  });
}
