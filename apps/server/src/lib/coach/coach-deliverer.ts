import type { Deliverer } from '../outbox/worker';
import type { CoachDeps } from './coach-deps';
import type { CoachJob } from './coach-deliveries';
import { handleMemberMessage } from './pipeline/handle-member-message';
import { MediaPending } from './pipeline/voice-note';

/** A voice note's file is usually stored within seconds: look again soon rather than after the policy's 30 s. */
const MEDIA_RETRY_MS = 2_000;

/**
 * The `coach` topic's deliverer (decision 057): screens, and perhaps
 * answers, one member message per job; one job per conversation at a time,
 * in order (the ordering key). Every error is worth a retry (the database,
 * a voice note still being fetched): a member message must never go
 * unscreened, and the job is safe to run again.
 */
export function coachDeliverer(deps: CoachDeps): Deliverer {
  return {
    log: { noun: 'coach job', idKey: 'coachJobId' },
    isRetryable: () => true,
    retryDelayMs: (error) => (error instanceof MediaPending ? MEDIA_RETRY_MS : undefined),
    async deliver(row) {
      const job = row.payload as unknown as CoachJob;
      const outcome = await handleMemberMessage(deps, job.message_id);
      deps.logger.info({ coachJobId: row.id, messageId: job.message_id, outcome }, 'coach job done');
    },
  };
}
