import { PROGRAMME_STARTED_TEXT, PROGRAMME_STOPPED_TEXT } from '@app/shared';
import { replyDeps } from '../../coach/coach-deps';
import { sendAutomationReply } from '../../coach/send-automation-reply';
import type { SafetyDeps } from '../checkins/checkin-safety';
import { setPaused } from '../settings';

/**
 * "STOP" and "START" on WhatsApp (decision 058): the exact word, in any case,
 * pauses or resumes every programme message, and a fixed short line says so.
 * Like every programme message, the line is not sent while the conversation
 * is in crisis (the pause itself always happens).
 */
export function stopOrStart(text: string): 'stop' | 'start' | null {
  const word = text.trim().toUpperCase();
  return word === 'STOP' ? 'stop' : word === 'START' ? 'start' : null;
}

export async function applyStopOrStart(
  deps: SafetyDeps,
  input: { memberId: string; conversationId: string; messageId: string; command: 'stop' | 'start' },
): Promise<string> {
  await setPaused(deps.db, input.memberId, input.command === 'stop');
  await sendAutomationReply(replyDeps(deps), {
    conversationId: input.conversationId,
    text: input.command === 'stop' ? PROGRAMME_STOPPED_TEXT : PROGRAMME_STARTED_TEXT,
    origin: 'scripted',
    gate: 'programme',
    clientId: `programme-${input.command}-${input.messageId}`,
  });
  return input.command === 'stop' ? 'programme stopped' : 'programme started';
}
