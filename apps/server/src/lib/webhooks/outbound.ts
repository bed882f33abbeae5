import type { Database, Tx } from '../../db/client';
import { enqueue, type OutboxRow } from '../outbox/outbox';
import type { Deliverer } from '../outbox/worker';
import { signStandardWebhook } from './standard-webhooks';

/**
 * The services we send webhooks to, by name. A queued webhook names its
 * destination, not its address: the address and secret are read from the
 * configuration when it is delivered (neither is stored with the row, and a
 * rotated secret signs the retries).
 */
export type WebhookDestinationName =
  /** AUTOMATION_WEBHOOK_URL: exit surveys and other product events for the team's own tools. */
  | 'automation'
  /** COACH_AUTOMATION_URL: each member message, for an outside coach (docs/coach-automation.md). */
  | 'coach';

interface WebhookDestination {
  url: string;
  /** `whsec_…`: each attempt is signed per Standard Webhooks. Unset (local mode only): sent unsigned. */
  secret?: string;
}

export type WebhookDestinations = Partial<Record<WebhookDestinationName, WebhookDestination>>;

interface WebhookPayload {
  destination: WebhookDestinationName;
  /** The JSON body, sent as it is. */
  body: Record<string, unknown>;
}

const TIMEOUT_MS = 10_000;

/** Queues a webhook in the caller's transaction (or on its own): it goes only if that commits. */
export function enqueueWebhook(
  db: Database | Tx,
  destination: WebhookDestinationName,
  body: Record<string, unknown>,
): Promise<string> {
  const payload: WebhookPayload = { destination, body };
  return enqueue(db, { topic: 'webhook', payload: { ...payload } });
}

/** The receiver's answer, or the reason there was none; `retryable` per the status. */
class WebhookNotAccepted extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/**
 * Whether a receiver's status is worth another attempt: a timeout (408), a
 * rate limit (429) or its own failure (5xx) may pass. Any other 4xx (410
 * Gone included) says the request itself will never be taken, and a redirect
 * says the address moved: both need an operator, not a retry.
 */
function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/**
 * The 'webhook' topic's deliverer: one POST per attempt, with the row's id as
 * `webhook-id` (the same on every retry, so the receiver can drop a repeat)
 * and a fresh timestamp and signature each time. Only 2xx is delivered.
 * Errors name the status or the network failure, never the address, which may
 * carry a token.
 */
export function webhookDeliverer(destinations: WebhookDestinations): Deliverer {
  return {
    log: { noun: 'webhook', idKey: 'webhookId' },
    isRetryable: (error) => !(error instanceof WebhookNotAccepted) || error.retryable,
    async deliver(row: OutboxRow) {
      const { destination, body } = row.payload as unknown as WebhookPayload;
      const target = destinations[destination];
      if (!target) throw new WebhookNotAccepted(`no address is configured for the ${destination} webhook`, false);
      const text = JSON.stringify(body);
      const timestamp = Math.floor(Date.now() / 1000);
      const headers = {
        'content-type': 'application/json',
        ...(target.secret
          ? signStandardWebhook(target.secret, { id: row.id, timestamp, body: text })
          : { 'webhook-id': row.id, 'webhook-timestamp': String(timestamp) }),
      };
      let res: Response;
      try {
        res = await fetch(target.url, {
          method: 'POST',
          headers,
          body: text,
          redirect: 'manual',
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause?.code;
        throw new Error(`the receiver could not be reached (${cause ?? (error as Error).name})`);
      }
      await res.body?.cancel();
      if (res.ok) return;
      throw new WebhookNotAccepted(`the receiver answered ${res.status}`, isRetryableStatus(res.status));
    },
  };
}
