import type { AppDeps } from '../../app-deps';
import { coachInboxUrl } from '../../lib/coach/coach-deliveries';
import type { SafetyDeps } from '../../lib/programme/checkins/checkin-safety';

/** The safety actions' deps, from the app's: a check-in note's crisis or a sharp rise acts as a message's would. */
export function safetyDepsOf(deps: AppDeps): SafetyDeps & { model: AppDeps['coachModel']; timeoutMs: number } {
  return {
    db: deps.db,
    realtime: deps.realtime,
    whatsapp: deps.whatsapp,
    config: deps.config.coach,
    inboxUrl: coachInboxUrl(deps.config.publicUrl),
    logger: deps.logger,
    model: deps.coachModel,
    timeoutMs: deps.config.coach.model?.timeoutMs ?? 20_000,
  };
}
