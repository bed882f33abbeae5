import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  EXIT_SURVEY_SOURCE,
  exitSurveySchema,
  type ExitSurveyReceiptDto,
  type ExitSurveyWebhookPayload,
} from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { exitIntentSurveys } from '../../db/schema';
import { isDatabaseUnavailable } from '../../lib/database-errors';
import { routeAccess } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { rateLimitPerClient } from '../../middleware/rate-limit';
import { enqueueWebhook } from '../../lib/webhooks/outbound';

/** A survey is a few short fields; anything far larger is not one. */
export const EXIT_SURVEY_MAX_BODY_BYTES = 8 * 1024;

/**
 * The exit-intent offer's public endpoint (docs/product.md#exit-intent-offer): validates,
 * saves with the fixed source and, in the same transaction, queues the automation
 * webhook in the outbox (signed, retried: lib/webhooks/outbound.ts), then answers.
 * The visitor never waits for the automation service.
 */
export function exitSurveyRoutes(deps: AppDeps) {
  const { db, config, auth, logger } = deps;
  const access = routeAccess(deps);
  const trustedOrigins = auth.options.trustedOrigins as string[];
  const siteOrigin = new URL(config.publicUrl).origin;

  return new Hono<AppEnv>().post(
    '/',
    access.public,
    bodyLimit({
      maxSize: EXIT_SURVEY_MAX_BODY_BYTES,
      onError: (c) => c.json({ error: 'The survey is too large to accept' }, 413),
    }),
    validate('json', exitSurveySchema),
    // After validation, so only well-formed surveys use up a visitor's allowance.
    rateLimitPerClient(db, {
      name: 'exit-survey',
      max: config.exitSurveyRateLimit.max,
      windowSeconds: config.exitSurveyRateLimit.windowSeconds,
      message: 'Too many surveys from this address. Please try again in a few minutes.',
    }),
    async (c) => {
      const input = c.req.valid('json');
      const reason = input.reason?.trim() || null;
      const origin = c.req.header('origin');
      let saved: { id: string; createdAt: Date };
      try {
        saved = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(exitIntentSurveys)
            .values({
              name: input.name,
              email: input.email,
              willingnessToPay: input.willingness_to_pay,
              chatPreference: input.chat_preference,
              reason,
              source: EXIT_SURVEY_SOURCE,
            })
            .returning({ id: exitIntentSurveys.id, createdAt: exitIntentSurveys.createdAt });
          if (config.automationWebhook) {
            const payload: ExitSurveyWebhookPayload = {
              name: input.name,
              email: input.email,
              willingness_to_pay: input.willingness_to_pay,
              reason: reason ?? 'Not provided',
              chat_preference: input.chat_preference,
              source: EXIT_SURVEY_SOURCE,
              timestamp: row!.createdAt.toISOString(),
              triggered_from: origin && trustedOrigins.includes(origin) ? origin : siteOrigin,
            };
            await enqueueWebhook(tx, 'automation', { ...payload });
          }
          return row!;
        });
      } catch (error) {
        if (isDatabaseUnavailable(error)) throw error; // an outage: 503 from app.onError
        logger.error({ err: error }, 'exit survey: Failed to save to database');
        return c.json({ error: 'Failed to save to database' }, 500);
      }

      const body: ExitSurveyReceiptDto = { id: saved.id, created_at: saved.createdAt.toISOString() };
      return c.json(body, 201);
    },
  );
}
