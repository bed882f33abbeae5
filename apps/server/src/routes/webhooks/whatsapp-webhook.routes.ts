import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { whatsappEventsOf } from '../../lib/whatsapp/inbound/webhook-events';
import { hmacHeaderVerifier } from '../../lib/webhooks/hmac-verifier';
import { receiveInbound } from '../../lib/webhooks/inbound';
import { unconfiguredVerifier, type WebhookVerifier } from '../../lib/webhooks/verifier';
import { routeAccess } from '../../middleware/access';
import { routeBodyLimit } from '../../middleware/body-limit';

/** Meta's payloads reach 3 MB; a little more room, so one at the limit is never refused for its size. */
export const WHATSAPP_WEBHOOK_MAX_BODY_BYTES = 3 * 1024 * 1024 + 256 * 1024;

const SIGNATURE = 'x-hub-signature-256 (HMAC-SHA256, sha256= hex)';
const HANDSHAKE = 'hub.verify_token (Meta subscription handshake)';

/**
 * Meta's subscription handshake: `hub.mode=subscribe` and the verify token we
 * gave Meta, compared in constant time (as digests, so their lengths say nothing).
 */
function handshakeVerifier(verifyToken: string | null): WebhookVerifier {
  if (!verifyToken) return unconfiguredVerifier(HANDSHAKE);
  const digest = (value: string) => createHash('sha256').update(value).digest();
  const expected = digest(verifyToken);
  return {
    description: HANDSHAKE,
    async verify(_raw, _header, query) {
      const token = query?.('hub.verify_token');
      if (query?.('hub.mode') !== 'subscribe' || token === undefined) return false;
      return timingSafeEqual(digest(token), expected);
    },
  };
}

/**
 * /api/webhooks/whatsapp: the WhatsApp Cloud API's webhook (decision 056) on
 * the inbound-webhook kit (lib/webhooks/inbound.ts).
 *
 * GET answers Meta's handshake: the challenge echoed as plain text, exactly,
 * when the verify token matches; 403 otherwise.
 *
 * POST is trusted only with a valid X-Hub-Signature-256 over the exact bytes
 * received (Meta signs its escaped-unicode form: the body is never
 * re-serialised before the check); a missing or wrong one is 401, writes
 * nothing, and is logged as an alert. The batch is split into one event per
 * message and status (whatsappEventsOf), recorded, answered 200, and
 * processed by the outbox worker (lib/whatsapp/inbound/processor.ts).
 * With the bridge off no token or signature is valid.
 */
export function whatsappWebhookRoutes(deps: AppDeps) {
  const { whatsapp, logger } = deps;
  const access = routeAccess(deps);
  const signature = whatsapp.appSecret
    ? hmacHeaderVerifier({ header: 'x-hub-signature-256', prefix: 'sha256=', secret: whatsapp.appSecret })
    : unconfiguredVerifier(SIGNATURE);
  return new Hono<AppEnv>()
    .get(
      '/whatsapp',
      access.webhook(handshakeVerifier(whatsapp.verifyToken), {
        refusalStatus: 403,
        refusalMessage: 'Verification failed',
      }),
      (c) => c.text(c.req.query('hub.challenge') ?? '', 200),
    )
    .post(
      '/whatsapp',
      access.webhook(signature, {
        refusalStatus: 401,
        onRefused: (c) =>
          logger.error(
            { alert: 'whatsapp_signature_refused', signed: c.req.header('x-hub-signature-256') !== undefined },
            'WhatsApp webhook refused: missing or wrong X-Hub-Signature-256',
          ),
      }),
      routeBodyLimit(WHATSAPP_WEBHOOK_MAX_BODY_BYTES),
      receiveInbound(deps, 'whatsapp', whatsappEventsOf(whatsapp.phoneNumberId, logger)),
    );
}
