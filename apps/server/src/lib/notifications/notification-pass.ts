import type { Logger } from '../logger';
import type { ProgrammeClock } from '../programme/clock';
import { recordCoachPresence, runCoachDigestPass, type CoachDigestDeps } from './coach-digest';
import { runReplyWaitingPass, type ReplyWaitingDeps } from './reply-waiting';

export interface NotificationPassDeps {
  clock: ProgrammeClock;
  logger: Logger;
  /** The admins with a socket open on this instance (the realtime hub's). */
  connectedAdmins(): string[];
  replies: ReplyWaitingDeps;
  digest: CoachDigestDeps;
}

/**
 * One pass of the waiting-message mails (decision 063), run by the
 * programme's scheduler after each of its passes (one scheduling mechanism:
 * same loop, same clock, every instance), so tests and the dev clock move
 * time for both. Presence first, so a coach online here is not mailed.
 */
export async function runNotificationPass(deps: NotificationPassDeps): Promise<{ replies: number; digests: number }> {
  const now = deps.clock.now();
  await recordCoachPresence(deps.replies.db, deps.connectedAdmins(), now);
  const replies = await runReplyWaitingPass(deps.replies, now);
  const digests = await runCoachDigestPass(deps.digest, now);
  if (replies || digests) deps.logger.info({ replies, digests, at: now.toISOString() }, 'notifications: mails queued');
  return { replies, digests };
}
