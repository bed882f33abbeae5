import type { Database } from '../../../db/client';
import type { Logger } from '../../logger';
import type { RealtimeHub } from '../../realtime/hub';
import type { InboundProcessor } from '../../webhooks/inbound';
import { processInboundMessage, type InboundMessageDeps } from './inbound-message';
import { applyStatus } from './statuses';
import type { WhatsAppEventPayload } from './webhook-events';

/** What a payload in the ledger that this code did not write looks like to the processor: not to be retried. */
class NotProcessable extends Error {}

/**
 * The `whatsapp` provider's processor on the inbound kit (lib/webhooks/inbound.ts):
 * the outbox worker hands it each recorded event of Meta's webhook (one
 * message, one status, or a change with only errors), with retries. Any
 * error may pass (the database, a link moving a conversation under it) and
 * is retried, except a payload it cannot read.
 */
export function whatsappInboundProcessor(deps: {
  db: Database;
  realtime: Pick<RealtimeHub, 'publish'>;
  logger: Logger;
  programme?: InboundMessageDeps['programme'];
}): InboundProcessor {
  return {
    isRetryable: (error) => !(error instanceof NotProcessable),
    async process(event) {
      const payload = event.payload as WhatsAppEventPayload | null;
      switch (payload?.item) {
        case 'message':
          return processInboundMessage(deps, payload);
        case 'status':
          return applyStatus(deps, payload.status);
        case 'errors':
          // Meta could not deliver something to us, or refused something of ours: someone should look.
          deps.logger.error(
            {
              alert: 'whatsapp_webhook_errors',
              errors: payload.errors.map((e) => ({ code: e.code, title: e.title, details: e.error_data?.details })),
            },
            'WhatsApp reported errors',
          );
          return 'errors logged';
        default:
          throw new NotProcessable(`not a WhatsApp event payload (${event.type})`);
      }
    },
  };
}
