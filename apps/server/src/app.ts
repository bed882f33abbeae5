import { adminMemberStepRoutes } from './routes/steps/admin-member-steps.routes';
import { adminStepTemplateRoutes } from './routes/steps/admin-step-templates.routes';
import { memberStepRoutes } from './routes/steps/member-steps.routes';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppDeps } from './app-deps';
import type { AppEnv } from './app-env';
import { withClientIpHeader } from './lib/http/client-ip';
import {
  isDatabaseUnavailable,
  isInputRefusedByDatabase,
  RETRY_AFTER_SECONDS,
  SERVICE_UNAVAILABLE_MESSAGE,
  sqlStateOf,
} from './lib/database-errors';
import { noStore } from './middleware/no-store';
import { frontDoor } from './middleware/front-door';
import { clientClosed, MALFORMED_BODY_MESSAGE } from './middleware/request-input';
import { thisMachineOnly } from './middleware/this-machine-only';
import { adminAuditRoutes } from './routes/admin/admin-audit.routes';
import { adminOverviewRoutes } from './routes/admin/admin-overview.routes';
import { adminUserListRoutes } from './routes/admin/admin-user-list.routes';
import { adminExitSurveyRoutes } from './routes/admin/admin-exit-surveys.routes';
import { adminPromptRoutes } from './routes/admin/admin-prompts.routes';
import { adminReflectionRoutes } from './routes/admin/admin-reflections.routes';
import { adminTrackerFeedbackRoutes } from './routes/admin/admin-tracker-feedback.routes';
import { adminUserRoutes } from './routes/admin/admin-users.routes';
import { publicConfigRoutes } from './routes/config/config.routes';
import { devRoutes } from './routes/dev/dev.routes';
import { exitSurveyRoutes } from './routes/exit-surveys/exit-surveys.routes';
import { passwordResetRoutes } from './routes/password-reset/password-reset.routes';
import { signUpConfirmationRoutes } from './routes/sign-up-confirmation/sign-up-confirmation.routes';
import { emailChangeUndoRoutes } from './routes/email-change-undo/email-change-undo.routes';
import { discoveryRoutes } from './routes/discovery/discovery.routes';
import { healthRoutes } from './routes/health/health.routes';
import { adminConversationRoutes, adminMemberConversationRoutes } from './routes/messages/admin-conversations.routes';
import { memberMessageRoutes } from './routes/messages/member-messages.routes';
import { adminMessageSearchRoutes } from './routes/messages/message-search.routes';
import { adminSavedReplyRoutes } from './routes/messages/saved-replies.routes';
import { mediaRoutes } from './routes/media/media.routes';
import { realtimeRoutes } from './routes/realtime/realtime.routes';
import { meRoutes } from './routes/me/me.routes';
import { accountRoutes } from './routes/account/account.routes';
import { analyticsRoutes } from './routes/analytics/analytics.routes';
import { catalogRoutes } from './routes/catalog/catalog.routes';
import { promptRatingRoutes } from './routes/prompt-ratings/prompt-ratings.routes';
import { reflectionRoutes } from './routes/reflections/reflections.routes';
import { subscriptionRoutes } from './routes/subscription/subscription.routes';
import { localPaymentRoutes } from './routes/local-payments/local-payments.routes';
import { stripeWebhookRoutes } from './routes/webhooks/stripe-webhook.routes';
import { whatsappWebhookRoutes } from './routes/webhooks/whatsapp-webhook.routes';
import { adminWhatsAppLinkRoutes } from './routes/whatsapp/admin-whatsapp-link.routes';
import { memberWhatsAppRoutes } from './routes/whatsapp/member-whatsapp.routes';
import { adminCoachSettingsRoutes } from './routes/coach/admin-coach-settings.routes';
import { adminConversationCoachRoutes } from './routes/coach/admin-conversation-coach.routes';
import { memberCoachRoutes } from './routes/coach/member-coach.routes';
import { automationMessageRoutes } from './routes/automation/automation-messages.routes';
import { trackerFeedbackRoutes } from './routes/tracker-feedback/tracker-feedback.routes';
import { trialRoutes } from './routes/trial/trial.routes';
import { adminMemberSummaryRoutes, memberSummaryRoutes } from './routes/summaries/summaries.routes';
import { memberCheckinRoutes, memberProgrammeRoutes } from './routes/programme/member-programme.routes';
import { adminCheckinRoutes } from './routes/programme/admin-checkins.routes';
import { adminMemberContextRoutes } from './routes/admin/admin-member-context.routes';
import { programmeUnsubscribeRoutes } from './routes/programme/unsubscribe.routes';
import { adminNotificationRoutes } from './routes/notifications/admin-notifications.routes';
import { memberNotificationRoutes } from './routes/notifications/member-notifications.routes';
import { devProgrammeClockRoutes } from './routes/programme/dev-programme-clock.routes';
import { DEFAULT_WEB_DIST } from './paths';
import { mountSpa } from './spa';
import { publicBetaPlaces } from './lib/billing/beta-seats';

/**
 * Every API route but better-auth's, chained so that its type carries each
 * route's input and output: the web app's typed client is built on it
 * (api-type.ts, decision 015). Each route declares its access in its router.
 */
export function apiRoutes(deps: AppDeps) {
  return (
    new Hono<AppEnv>()
      .basePath('/api')
      .route('/health', healthRoutes(deps))
      .route('/config', publicConfigRoutes(deps))
      .route('/exit-surveys', exitSurveyRoutes(deps))
      .route('/password-reset', passwordResetRoutes(deps))
      .route('/sign-up-confirmation', signUpConfirmationRoutes(deps))
      .route('/email-change-undo', emailChangeUndoRoutes(deps))
      .route('/catalog', catalogRoutes(deps))
      .route('/me/reflections', reflectionRoutes(deps))
      .route('/me/prompt-ratings', promptRatingRoutes(deps))
      .route('/me/tracker-feedback', trackerFeedbackRoutes(deps))
      .route('/me/analytics', analyticsRoutes(deps))
      .route('/me/trial-use', trialRoutes(deps))
      .route('/me/subscription', subscriptionRoutes(deps))
      .route('/me/messages', memberMessageRoutes(deps))
      .route('/me/whatsapp', memberWhatsAppRoutes(deps))
      .route('/me/coach', memberCoachRoutes(deps))
      .route('/me/summaries', memberSummaryRoutes(deps))
      .route('/me/steps', memberStepRoutes(deps))
      .route('/me/programme', memberProgrammeRoutes(deps))
      .route('/me/checkins', memberCheckinRoutes(deps))
      .route('/me/notifications', memberNotificationRoutes(deps))
      .route('/me', meRoutes(deps))
      .route('/me', accountRoutes(deps))
      .route('/admin/overview', adminOverviewRoutes(deps))
      .route('/admin/users', adminUserListRoutes(deps))
      .route('/admin/users', adminUserRoutes(deps))
      .route('/admin/audit-log', adminAuditRoutes(deps))
      .route('/admin/prompts', adminPromptRoutes(deps))
      .route('/admin/tracker-feedback', adminTrackerFeedbackRoutes(deps))
      .route('/admin/exit-surveys', adminExitSurveyRoutes(deps))
      .route('/admin/reflections', adminReflectionRoutes(deps))
      .route('/admin/conversations', adminConversationRoutes(deps))
      .route('/admin/conversations', adminWhatsAppLinkRoutes(deps))
      .route('/admin/conversations', adminConversationCoachRoutes(deps))
      .route('/admin/messages', adminMessageSearchRoutes(deps))
      .route('/admin/saved-replies', adminSavedReplyRoutes(deps))
      .route('/admin/coach', adminCoachSettingsRoutes(deps))
      .route('/admin/notifications', adminNotificationRoutes(deps))
      .route('/admin/members', adminMemberConversationRoutes(deps))
      .route('/admin/members', adminMemberSummaryRoutes(deps))
      .route('/admin/members', adminMemberStepRoutes(deps))
      .route('/admin/step-templates', adminStepTemplateRoutes(deps))
      .route('/admin/members', adminCheckinRoutes(deps))
      .route('/admin/members', adminMemberContextRoutes(deps))
      .route('/programme', programmeUnsubscribeRoutes(deps))
      .route('/media', mediaRoutes(deps))
      .route('/webhooks', stripeWebhookRoutes(deps))
      .route('/webhooks', whatsappWebhookRoutes(deps))
      // The outside coach's answers: mounted only when COACH_AUTOMATION_URL is set (a 404 otherwise).
      .route('/automation', whenCoachAutomation(deps, automationMessageRoutes))
      // The local payment provider's TEST MODE checkout and portal: never mounted in production.
      .route('/local-payments', localModeOnly(deps, localPaymentRoutes))
      // Never mounted in production; typed as mounted so the local-only screens are typed too.
      .route('/dev', localModeOnly(deps, devRoutes))
      .route('/dev/programme', localModeOnly(deps, devProgrammeClockRoutes))
  );
}

function whenCoachAutomation<R extends Hono<AppEnv>>(deps: AppDeps, build: (deps: AppDeps) => R): R {
  return deps.config.coach.automation ? build(deps) : (new Hono<AppEnv>() as R);
}

function localModeOnly<R extends Hono<AppEnv>>(deps: AppDeps, build: (deps: AppDeps) => R): R {
  return deps.config.production ? (new Hono<AppEnv>() as R) : build(deps);
}

export function createApp(deps: AppDeps) {
  const { config, auth, logger } = deps;
  const app = new Hono<AppEnv>();

  // Log line, security headers and, before every API handler, better-auth's included, the API guard.
  app.use(
    frontDoor({
      logger,
      production: config.production,
      trustProxy: config.trustProxy,
      trustedOrigins: auth.options.trustedOrigins as string[],
    }),
  );
  for (const personal of ['/api/auth/*', '/api/me/*', '/api/admin/*', '/api/dev/*']) app.use(personal, noStore());

  app.on(['GET', 'POST'], '/api/auth/*', (c) => auth.handler(withClientIpHeader(c)));
  // The local mailbox holds every reset link: only this machine may read it (decision 012).
  if (!config.production) app.use('/api/dev/*', thisMachineOnly());
  app.route('/', apiRoutes(deps));
  // The WebSocket endpoint: outside the typed API (the web app opens it with `new WebSocket`).
  app.route('/', realtimeRoutes(deps));
  app.all('/api/*', (c) => c.json({ error: 'Not found' }, 404));

  app.route('/', discoveryRoutes(deps));
  // Every page carries the live Free Beta Access figures (decision 038).
  mountSpa(app, config.webDistDir ?? DEFAULT_WEB_DIST, config.publicUrl, () =>
    publicBetaPlaces(deps.db, config.betaSeats),
  );

  app.notFound((c) => c.json({ error: 'Not found' }, 404));
  app.onError((error, c) => {
    if (error instanceof HTTPException) {
      return c.json({ error: error.message || 'Request failed' }, error.status);
    }
    if (error instanceof SyntaxError) return c.json({ error: MALFORMED_BODY_MESSAGE }, 400);
    if (c.req.raw.signal.aborted) return clientClosed(c, logger, error);
    if (isDatabaseUnavailable(error)) {
      logger.warn({ err: error, path: c.req.path }, 'database unavailable');
      c.header('Retry-After', String(RETRY_AFTER_SECONDS));
      return c.json({ error: SERVICE_UNAVAILABLE_MESSAGE }, 503);
    }
    if (isInputRefusedByDatabase(error)) {
      // Not the error itself: its message and params hold the refused values, personal data among them.
      logger.warn(
        { sqlState: sqlStateOf(error), path: c.req.path },
        'the database refused input that validation let through',
      );
      return c.json({ error: 'Invalid input' }, 400);
    }
    logger.error({ err: error, path: c.req.path }, 'unhandled error');
    return c.json({ error: 'Something went wrong on our side. Please try again.' }, 500);
  });
  return app;
}

/** The API's routes, inputs and outputs, for the web app's typed client. */
export type AppType = ReturnType<typeof apiRoutes>;
