import { showTypingOnWhatsApp } from '../../whatsapp/outbound/read-and-typing';
import type { CoachDeps } from '../coach-deps';

/**
 * The first sign that the coach is answering (decision 057; research §5.7):
 * `coach_typing` to the web chat, and WhatsApp's typing indicator when the
 * conversation is there (at most every 20 s per contact). Never fails the job.
 */
export async function showSignOfLife(
  deps: Pick<CoachDeps, 'db' | 'realtime' | 'whatsapp' | 'logger'>,
  conversationId: string,
  /** Whether the conversation has a WhatsApp contact: without one there is no indicator to look for. */
  onWhatsApp = true,
) {
  try {
    await deps.realtime.publish({ kind: 'coach_typing', conversation_id: conversationId });
    if (onWhatsApp) await showTypingOnWhatsApp(deps.db, conversationId, deps.whatsapp);
  } catch (error) {
    deps.logger.warn({ err: error, conversationId }, 'coach: typing indicator not shown');
  }
}
