import { and, eq, sql } from 'drizzle-orm';
import type { CoachDraftDto } from '@app/shared';
import type { Database } from '../../db/client';
import { coachDrafts } from '../../db/schema';

/**
 * The AI's drafts in drafts mode (decision 057): one waiting per conversation
 * for a coach to send as it is, edit and send, or discard. A newer draft
 * replaces the one waiting (the member has written again; the older answer is
 * out of date). Every decision is recorded on the row: who and when.
 */

export interface NewDraft {
  conversationId: string;
  text: string;
  /** The member message it answers, if known. */
  replyToMessageId?: string | null;
}

/** Stores the draft, superseding the waiting one (marked discarded, by nobody), in one transaction. */
export async function storeDraft(db: Database, draft: NewDraft): Promise<CoachDraftDto> {
  return db.transaction(async (tx) => {
    await tx
      .update(coachDrafts)
      .set({ status: 'discarded', decidedAt: sql`now()` })
      .where(and(eq(coachDrafts.conversationId, draft.conversationId), eq(coachDrafts.status, 'pending')));
    const [row] = await tx
      .insert(coachDrafts)
      .values({ conversationId: draft.conversationId, text: draft.text, replyToMessageId: draft.replyToMessageId })
      .returning();
    return toDraftDto(row!);
  });
}

type DraftStatus = (typeof coachDrafts.$inferSelect)['status'];

/** A draft of this conversation (any status), or null. */
export async function draftIn(
  db: Database,
  conversationId: string,
  draftId: string,
): Promise<(CoachDraftDto & { status: DraftStatus }) | null> {
  const [row] = await db
    .select()
    .from(coachDrafts)
    .where(and(eq(coachDrafts.id, draftId), eq(coachDrafts.conversationId, conversationId)));
  return row ? { ...toDraftDto(row), status: row.status } : null;
}

/**
 * Decides a waiting draft: true when this call did (it was still pending),
 * false when someone else decided it first. One conditional UPDATE: of two
 * coaches pressing Send at once, one sends.
 */
export async function decideDraft(
  db: Database,
  draftId: string,
  decision: { status: 'sent' | 'discarded'; by: string },
): Promise<boolean> {
  const decided = await db
    .update(coachDrafts)
    .set({ status: decision.status, decidedBy: decision.by, decidedAt: sql`now()` })
    .where(and(eq(coachDrafts.id, draftId), eq(coachDrafts.status, 'pending')))
    .returning({ id: coachDrafts.id });
  return decided.length > 0;
}

/**
 * Puts a draft claimed for sending back to waiting, when its message could not
 * be written; unless a newer draft is waiting by now (that one is what the
 * coach will see).
 */
export async function reopenDraft(db: Database, draftId: string): Promise<void> {
  await db
    .update(coachDrafts)
    .set({ status: 'pending', decidedBy: null, decidedAt: null })
    .where(
      and(
        eq(coachDrafts.id, draftId),
        eq(coachDrafts.status, 'sent'),
        sql`not exists (select 1 from coach_drafts newer
                         where newer.conversation_id = coach_drafts.conversation_id and newer.status = 'pending')`,
      ),
    );
}

function toDraftDto(row: typeof coachDrafts.$inferSelect): CoachDraftDto {
  return {
    id: row.id,
    text: row.text,
    reply_to_message_id: row.replyToMessageId,
    created_at: row.createdAt.toISOString(),
  };
}
