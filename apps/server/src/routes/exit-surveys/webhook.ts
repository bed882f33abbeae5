import type { ExitSurveyWebhookPayload } from '@app/shared';
import type { Logger } from '../../lib/logger';

const WEBHOOK_TIMEOUT_MS = 5000;

/**
 * POSTs a saved survey to the automation webhook. Fire-and-forget: the
 * visitor's answer never waits for it, and a failure is only logged (the
 * survey is already safe in the database). Neither the address (it may carry
 * a secret) nor the visitor's details are logged.
 */
export function sendExitSurveyWebhook(url: string, payload: ExitSurveyWebhookPayload, logger: Logger): void {
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
    signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
  })
    .then(async (res) => {
      await res.body?.cancel();
      if (!res.ok) logger.warn({ status: res.status }, 'exit survey webhook answered with an error');
    })
    .catch((error: unknown) => {
      logger.warn({ err: error }, 'exit survey webhook could not be delivered');
    });
}
