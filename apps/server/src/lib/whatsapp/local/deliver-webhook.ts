import type { LocalWebhookOutcome } from '@app/shared';
import { metaJson } from './meta-json';
import { hubSignature, SIGNATURE_HEADER } from './signature';

/** How long the phone waits for the endpoint; Meta waits a few seconds, then retries later. */
const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * POSTs a webhook body to the endpoint as Meta does: serialised in Meta's
 * escaped-unicode form, those exact bytes signed with the app secret. Answers
 * the endpoint's status; a network failure throws.
 */
export async function deliverWebhook(endpoint: string, appSecret: string, body: unknown): Promise<LocalWebhookOutcome> {
  const bytes = Buffer.from(metaJson(body), 'utf8');
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: hubSignature(appSecret, bytes),
      'user-agent': 'facebookexternalua',
    },
    body: bytes,
    signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
  });
  // The answer's body is of no interest (Meta reads only the status), but it is read so the connection is freed.
  await response.arrayBuffer();
  return { status: response.status };
}
