import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { coachDrafts } from '../../../db/schema';

/**
 * Drafts mode (decision 057): the AI's answer waits for a coach. A newer
 * draft replaces the one still pending (one per conversation). False when a
 * draft for this member message exists already (the job ran before).
 */
export async function saveDraft(
  db: Database,
  draft: { conversationId: string; replyToMessageId: string; text: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: coachDrafts.id })
      .from(coachDrafts)
      .where(eq(coachDrafts.replyToMessageId, draft.replyToMessageId))
      .limit(1);
    if (existing) return false;
    await tx
      .update(coachDrafts)
      .set({ status: 'discarded', decidedAt: new Date() })
      .where(and(eq(coachDrafts.conversationId, draft.conversationId), eq(coachDrafts.status, 'pending')));
    await tx.insert(coachDrafts).values({ ...draft, status: 'pending' });
    return true;
  });
}
