import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { WebSocketServer } from 'ws';
import { PRODUCT_NAME } from '@app/shared';
import { createApp } from './app';
import type { Config } from './env';
import { openDatabase, type DatabaseHandle } from './db/client';
import { seedDatabase } from './db/seed';
import { localAuthSecret } from './lib/auth/auth-secret';
import { applyAdminEmailsAtStartup } from './lib/accounts/admin-emails';
import { createAuth, type GoogleIdentity } from './lib/auth/auth';
import { createLogger, flushLogger, type Logger } from './lib/logger';
import { createLocalMailbox } from './lib/mail/local-mailbox';
import { mailDeliverer } from './lib/mail/mail-delivery';
import { createOutboxMailer, type MailTransport } from './lib/mail/mailer';
import { createSmtpTransport } from './lib/mail/smtp-transport';
import {
  DEFAULT_OUTBOX_SETTINGS,
  startOutboxWorker,
  type OutboxSettings,
  type OutboxWorker,
} from './lib/outbox/worker';
import { inboundDeliverer, type InboundProcessor, type InboundProcessors } from './lib/webhooks/inbound';
import { webhookDeliverer } from './lib/webhooks/outbound';
import { createPaymentProvider } from './lib/payments/create-payment-provider';
import type { StripeApiEndpoint } from './lib/payments/stripe-provider';
import { createMemoryBus } from './lib/realtime/memory-bus';
import { createPostgresBus } from './lib/realtime/postgres-bus';
import { createRealtimeHub, type RealtimeHub, type RealtimeHubOptions } from './lib/realtime/hub';
import { MAX_CLIENT_FRAME_BYTES } from './lib/realtime/client-frames';
import { chatRealtime } from './lib/chat/chat-realtime';
import { createWhatsAppBridge, type WhatsAppBridge } from './lib/whatsapp/bridge';
import { createBridgeMonitor, type BridgeMonitor } from './lib/whatsapp/bridge-monitor';
import { whatsappInboundProcessor } from './lib/whatsapp/inbound/processor';
import { whatsappDeliverer } from './lib/whatsapp/outbound/whatsapp-deliveries';
import { whatsappMediaDeliverer } from './lib/whatsapp/outbound/media-fetch';
import type { OutboxTopic } from './db/schema';
import { coachDeliverer } from './lib/coach/coach-deliverer';
import { coachInboxUrl } from './lib/coach/coach-deliveries';
import { createChatCompletionsModel } from './lib/coach/model/chat-completions-model';
import { CircuitBreaker, withCircuitBreaker } from './lib/coach/model/circuit-breaker';
import type { CoachModel } from './lib/coach/model/model-types';
import { sessionLookup } from './lib/auth/session-lookup';
import { createAccountCache } from './lib/accounts/account-cache';
import { EnforcingServerResponse } from './middleware/response-headers';
import { ROOT_PACKAGE_JSON } from './paths';
import { runNotificationPass } from './lib/notifications/notification-pass';
import { createSettableClock, type ProgrammeClock, type SettableClock } from './lib/programme/clock';
import { programmeDeliverer } from './lib/programme/delivery/programme-deliverer';
import {
  runSchedulingPass,
  startProgrammeScheduler,
  type ProgrammeScheduler,
} from './lib/programme/schedule/scheduler';

export const VERSION: string = JSON.parse(fs.readFileSync(ROOT_PACKAGE_JSON, 'utf8')).version;

export interface RunningServer {
  url: string;
  port: number;
  database: DatabaseHandle;
  logger: Logger;
  /** The app being served; tests read its route table (authorization-matrix.test.ts). */
  app: ReturnType<typeof createApp>;
  /** The realtime hub; tests give it a socket whose peer they control (realtime-limits.test.ts). */
  realtime: RealtimeHub;
  /** The WhatsApp bridge; tests sign webhooks with its secrets (local mode's are derived). */
  whatsapp: WhatsAppBridge;
  /** One programme scheduling pass now (tests; the loop runs them every minute). */
  runProgrammePass(): Promise<number>;
  /** One pass of the waiting-message mails now (tests; the scheduler's loop runs one after each programme pass). */
  runNotificationPass(): ReturnType<typeof runNotificationPass>;
  close(): Promise<void>;
}

export interface ServerOptions {
  /** The outbox's timings (mail, webhooks, inbound events); tests shorten them. */
  outbox?: Partial<OutboxSettings>;
  /** Topics this server's outbox worker leaves to another worker: the outbox's own tests run theirs on one. */
  outboxTopicsLeftAlone?: OutboxTopic[];
  /** Where the Stripe SDK sends its calls; tests point it at a local fake Stripe server. */
  stripeApi?: StripeApiEndpoint;
  /** Google's word on an id token and its profile; tests stand in for Google (lib/auth/auth.ts). */
  googleIdentity?: GoogleIdentity;
  /** The realtime hub's timings and limits; tests change them. */
  realtime?: Pick<RealtimeHubOptions, 'idleTimeoutMs' | 'sweepMs' | 'limits'>;
  /** The programme's clock (decision 058); tests pass one they move. */
  programmeClock?: SettableClock;
  /** Runs no scheduler loop (tests run passes themselves through the dev clock route or runSchedulingPass). */
  programmeSchedulerOff?: boolean;
}

/** After the hub's closing frames, how long sockets get to finish their closing handshake. */
const SOCKET_CLOSE_GRACE_MS = 1000;

/**
 * Who applies each provider's verified webhook events: the payment provider's,
 * when it has a webhook, and the WhatsApp bridge's, when there is one.
 */
function inboundProcessors(
  payments: ReturnType<typeof createPaymentProvider>,
  whatsapp: InboundProcessor | null,
): InboundProcessors {
  return {
    ...(payments?.webhook && { [payments.name]: payments.webhook }),
    ...(whatsapp && { whatsapp }),
  };
}

/** The coach's language model behind its circuit breaker, or null: the scripted coach answers (decision 057). */
function createCoachModel(config: Config, logger: Logger): CoachModel | null {
  if (!config.coach.model) return null;
  return withCircuitBreaker(createChatCompletionsModel(config.coach.model, { logger }), new CircuitBreaker());
}

function createMailTransport(config: Config, logger: Logger): MailTransport {
  if (config.smtpUrl) return createSmtpTransport(config.smtpUrl, config.mailFrom, logger);
  return createLocalMailbox(logger);
}

/** Opens the database (migrations, seed data, ADMIN_EMAILS), starts the outbox worker and serves the app. */
export async function startServer(
  config: Config,
  logger = createLogger(config.logLevel),
  options: ServerOptions = {},
): Promise<RunningServer> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    // A dropped connection is an outage to report, not a reason to exit: requests answer 503 until it is back.
    onConnectionError: (error) => logger.warn({ err: error }, 'database connection lost'),
  });
  let outbox: OutboxWorker | undefined;
  let whatsappMonitor: BridgeMonitor | undefined;
  let scheduler: ProgrammeScheduler | undefined;
  let realtime: RealtimeHub | undefined;
  // The bus, until the hub owns it (the hub's close() closes it).
  let busToClose: { close(): Promise<void> } | undefined;
  try {
    await seedDatabase(database.db);
    await applyAdminEmailsAtStartup(database.db, config.adminEmails, logger);

    const secret = config.authSecret ?? localAuthSecret(config.dataDir);
    const payments = createPaymentProvider(config, database.db, logger, options.stripeApi);
    const whatsapp = createWhatsAppBridge(config, secret, database.db, logger);
    whatsappMonitor = createBridgeMonitor({
      db: database.db,
      bridge: whatsapp,
      logger,
      silenceAlertHours: config.whatsapp.silenceAlertHours,
    });
    // PGlite is one process's database, so its bus is in-process; PostgreSQL's is LISTEN/NOTIFY (decision 029).
    const bus = database.url
      ? await createPostgresBus({ url: database.url, db: database.db, logger })
      : await createMemoryBus(logger, database.listen);
    busToClose = bus;
    const coachModel = createCoachModel(config, logger);
    const deliverers: Parameters<typeof startOutboxWorker>[0]['deliverers'] = {
      mail: mailDeliverer(createMailTransport(config, logger)),
      webhook: webhookDeliverer({ automation: config.automationWebhook, coach: config.coach.automation }),
      inbound: inboundDeliverer(
        database.db,
        inboundProcessors(
          payments,
          whatsapp.mode === 'off'
            ? null
            : whatsappInboundProcessor({
                db: database.db,
                // Straight onto the bus: every instance's hub hears it, this one's included.
                realtime: { publish: (event) => bus.publish(event) },
                logger,
                // Quick replies and STOP / START (decision 058).
                programme: {
                  whatsapp,
                  config: config.coach,
                  inboxUrl: coachInboxUrl(config.publicUrl),
                  model: coachModel,
                  timeoutMs: config.coach.model?.timeoutMs ?? 20_000,
                  programme: { db: database.db, config, logger, coachModel },
                },
              }),
        ),
        logger,
      ),
      // WhatsApp sends and media fetches, through Meta or the local provider; none when the bridge is off.
      ...(whatsapp.api && {
        whatsapp: whatsappDeliverer({
          db: database.db,
          api: whatsapp.api,
          replyTemplate: whatsapp.replyTemplate,
          programmeTemplate: whatsapp.programmeTemplate,
          publish: (event) => bus.publish(event),
          logger,
        }),
        whatsapp_media: whatsappMediaDeliverer({
          db: database.db,
          api: whatsapp.api,
          publish: (event) => bus.publish(event),
          logger,
        }),
      }),
      // Every member message's screening, and the AI coach's answer (decision 057).
      coach: coachDeliverer({
        db: database.db,
        realtime: { publish: (event) => bus.publish(event) },
        whatsapp,
        model: coachModel,
        config: config.coach,
        inboxUrl: coachInboxUrl(config.publicUrl),
        logger,
      }),
    };
    // The coaching programme's due items (decision 058), posted as the AI coach's scripted messages.
    const programmeClock: SettableClock = options.programmeClock ?? createSettableClock();
    deliverers.programme = programmeDeliverer({
      db: database.db,
      config,
      logger,
      coachModel,
      reply: {
        db: database.db,
        realtime: { publish: (event) => bus.publish(event) },
        whatsapp,
        defaultMode: config.coach.defaultMode,
      },
      unsubscribeSecret: secret,
    });
    for (const topic of options.outboxTopicsLeftAlone ?? []) delete deliverers[topic];
    outbox = startOutboxWorker({
      db: database.db,
      deliverers,
      logger,
      bus,
      settings: { ...DEFAULT_OUTBOX_SETTINGS, ...options.outbox },
    });
    const schedulerDeps = {
      db: database.db,
      clock: programmeClock as ProgrammeClock,
      logger,
      catchUpMs: config.programme.catchUpMs,
    };
    const runProgrammePass = () => (scheduler ? scheduler.runNow() : runSchedulingPass(schedulerDeps));
    // The waiting-message mails (decision 063), on the programme's loop and clock.
    const notificationPass = () =>
      runNotificationPass({
        clock: programmeClock,
        logger,
        connectedAdmins: () => realtime?.connectedAdmins() ?? [],
        replies: {
          db: database.db,
          publicUrl: config.publicUrl,
          unsubscribeSecret: secret,
          delayMs: config.notifications.replyMailDelayMs,
          windowMs: config.notifications.replyMailWindowMs,
        },
        digest: {
          db: database.db,
          inboxUrl: coachInboxUrl(config.publicUrl),
          intervalMs: config.notifications.coachDigestIntervalMs,
          onlineMs: config.notifications.coachOnlineMs,
        },
      });
    if (!options.programmeSchedulerOff) {
      scheduler = startProgrammeScheduler({
        ...schedulerDeps,
        intervalMs: config.programme.schedulerIntervalMs,
        afterPasses: [
          notificationPass,
          // Local mode's paid periods end and renew on the same loop and clock, as Stripe's would (decision 021).
          ...(payments?.name === 'local' ? [() => payments.renewEndedPeriods(programmeClock.now())] : []),
        ],
      });
    }
    if (config.automationWebhook && !config.automationWebhook.secret) {
      logger.warn('AUTOMATION_WEBHOOK_SECRET is not set: the automation webhook is sent unsigned (local mode only)');
    }
    const mailer = createOutboxMailer(database.db, { limit: config.mailPerRecipient, logger });
    // Who is behind a session token, for a few seconds, forgotten on the database's word (decision 040).
    const accountCache = createAccountCache({ bus });
    // The hub reads sessions through better-auth (made just below) only once sockets exist.
    const hub = createRealtimeHub({
      bus,
      logger,
      lookup: () => sessionLookup(auth, database.db),
      forgetAccount: accountCache.forget,
      ...options.realtime,
    });
    realtime = hub;
    // Each domain that speaks over the realtime endpoint registers its channels and events (decision 053).
    hub.register(chatRealtime(database.db));
    const auth = createAuth({
      db: database.db,
      config,
      secret,
      mailer,
      logger,
      onSessionEnded: (userId) => void hub.sessionsChanged(userId),
      googleIdentity: options.googleIdentity,
    });
    const app = createApp({
      config,
      db: database.db,
      driver: database.driver,
      pingDatabase: database.ping,
      auth,
      accountCache,
      logger,
      version: VERSION,
      payments,
      realtime: hub,
      whatsapp,
      whatsappMonitor,
      coachModel,
      programme: { clock: programmeClock, runSchedulingPass: runProgrammePass, unsubscribeSecret: secret },
    });
    const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_FRAME_BYTES });

    const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
      const s = serve(
        {
          fetch: app.fetch,
          port: config.port,
          hostname: config.host,
          websocket: { server: wss },
          // Security and no-store headers go on Node's response before the handler runs (middleware/response-headers.ts).
          serverOptions: { ServerResponse: EnforcingServerResponse },
        },
        () => resolve(s),
      );
      s.once('error', reject);
    });
    keepIdleConnectionsLonger(server);
    const port = (server.address() as AddressInfo).port;
    const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;
    logger.info(
      {
        product: PRODUCT_NAME,
        version: VERSION,
        database: database.driver,
        mode: config.production ? 'production' : 'local',
        url,
      },
      'build info',
    );

    return {
      url,
      port,
      database,
      logger,
      app,
      realtime: hub,
      whatsapp,
      runProgrammePass,
      runNotificationPass: notificationPass,
      close: async () => {
        // Every socket is told the server is going away (1001) and reconnects to another instance.
        await hub.close();
        await closeSockets(wss);
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          // Idle keep-alive connections would hold close() open.
          (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
        });
        whatsappMonitor?.close();
        await scheduler?.close();
        // Deliveries under way are finished (or left to their lease) before the database closes.
        await outbox?.close();
        await database.close();
        await flushLogger(logger);
      },
    };
  } catch (error) {
    whatsappMonitor?.close();
    await scheduler?.close();
    if (realtime) await realtime.close();
    else await busToClose?.close();
    await outbox?.close();
    await database.close();
    throw error;
  }
}

/** Waits for sockets to finish their closing handshake, then drops those that do not answer. */
async function closeSockets(wss: WebSocketServer) {
  const closing = [...wss.clients].map(
    (socket) =>
      new Promise((resolve) => (socket.readyState === socket.CLOSED ? resolve(null) : socket.once('close', resolve))),
  );
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(closing),
    new Promise((resolve) => (timer = setTimeout(resolve, SOCKET_CLOSE_GRACE_MS))),
  ]);
  clearTimeout(timer);
  for (const socket of wss.clients) socket.terminate();
}

/**
 * How long an idle keep-alive connection stays open. Node closes one after 5 s
 * by default, the same moment a client (or a proxy in front of us, typically
 * 60 s) may send its next request on it: the request then meets a closed
 * socket (ECONNRESET, a proxy's 502). The side that closes idle connections
 * first must be the client, so the server waits longer than proxies and
 * clients keep an idle connection; headers get a second more, so a request
 * that starts just before the idle limit is not cut off by the headers limit.
 */
const IDLE_KEEP_ALIVE_MS = 65_000;

function keepIdleConnectionsLonger(server: ReturnType<typeof serve>) {
  if (!('keepAliveTimeout' in server)) return;
  server.keepAliveTimeout = IDLE_KEEP_ALIVE_MS;
  server.headersTimeout = IDLE_KEEP_ALIVE_MS + 1_000;
}
