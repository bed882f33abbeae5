import { and, eq, sql } from 'drizzle-orm';
import { outbox } from '../../../db/schema';
import { chatMessageById } from '../../chat/chat-messages';
import { automationHookDelivery } from '../automation-hook';
import type { CoachDeps } from '../coach-deps';

/**
 * The outside automation's seat (decision 057, docs/coach-automation.md):
 * when COACH_AUTOMATION_URL is set, the coach job hands the member message to
 * the automation's signed hook instead of answering itself, and only after
 * the message was screened and found not to be a crisis, so the automation
 * never hears of a message it must not answer (crisis help is ours, fixed
 * text). Once per message, however often the job runs.
 */
export async function forwardToAutomation(deps: Pick<CoachDeps, 'db' | 'config'>, messageId: string): Promise<string> {
  const message = await chatMessageById(deps.db, messageId);
  if (!message) return 'gone';
  const hook = automationHookDelivery(deps.config);
  return deps.db.transaction(async (tx) => {
    const [sent] = await tx
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.topic, 'webhook'), sql`${outbox.payload} -> 'body' -> 'message' ->> 'id' = ${messageId}`))
      .limit(1);
    if (sent) return 'forwarded before';
    await hook(tx, message);
    return 'forwarded to the outside automation';
  });
}
