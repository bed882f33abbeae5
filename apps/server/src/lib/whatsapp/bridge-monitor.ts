import { sql } from 'drizzle-orm';
import type { WhatsAppBridgeState } from '@app/shared';
import type { Database } from '../../db/client';
import type { Logger } from '../logger';
import type { WhatsAppBridge } from './bridge';

const MINUTE = 60_000;
/** How often the bridge's figures are read: health answers from the last reading, never with a query of its own. */
export const BRIDGE_CHECK_INTERVAL_MS = 5 * MINUTE;
/** A reply still waiting to be sent after this long means WhatsApp is refusing or unreachable. */
const STUCK_SEND_MS = 15 * MINUTE;

/** What one check read from the database. */
export interface BridgeFigures {
  /** When the newest WhatsApp webhook event was received (null: never). */
  lastInboundAt: Date | null;
  /** When the newest WhatsApp send succeeded (null: none kept). */
  lastSentAt: Date | null;
  /** Sends waiting longer than STUCK_SEND_MS. */
  stuckSends: number;
  /** Sends given up in the last hour. */
  failedLastHour: number;
}

export interface BridgeMonitor {
  /** The bridge's state as of the last check (cheap: for /api/health). */
  state(): WhatsAppBridgeState;
  /** Reads the figures now, updates the state and logs an alert on a new problem. */
  check(): Promise<BridgeFigures | null>;
  close(): void;
}

/**
 * Watches the bridge from the database every instance shares (decision 056),
 * and raises alerts (error log lines with an `alert` field, which the log
 * shipper turns into pages) on what Meta will not tell us:
 * - `whatsapp_inbound_silent`: sends succeed but no webhook has come for
 *   WHATSAPP_SILENCE_ALERT_HOURS — the webhook subscription, a firewall or
 *   the app secret is wrong, and members are writing into the void;
 * - `whatsapp_sends_stuck`: replies waiting for a quarter of an hour, or sends
 *   given up in the last hour.
 * Signature failures and rejected tokens are alerted where they happen (the
 * webhook route, the Graph client). Each alert is logged once per episode.
 */
export function createBridgeMonitor(options: {
  db: Database;
  bridge: Pick<WhatsAppBridge, 'mode'>;
  logger: Logger;
  silenceAlertHours: number;
  intervalMs?: number;
}): BridgeMonitor {
  const { db, bridge, logger, silenceAlertHours } = options;
  let current: WhatsAppBridgeState = bridge.mode === 'cloud' ? 'ok' : bridge.mode;
  const raised = new Set<string>();

  function alert(name: string, active: boolean, details: Record<string, unknown>, message: string) {
    if (active && !raised.has(name)) {
      raised.add(name);
      logger.error({ alert: name, ...details }, message);
    } else if (!active && raised.delete(name)) {
      logger.info({ alert: name, resolved: true }, `${message}: resolved`);
    }
  }

  async function check(): Promise<BridgeFigures | null> {
    if (bridge.mode === 'off') return null;
    const result = await db.execute(sql`
      select
        (select max(received_at) from inbound_events where provider = 'whatsapp') as last_inbound_at,
        (select max(sent_at) from outbox where topic = 'whatsapp' and status = 'sent') as last_sent_at,
        (select count(*)::int from outbox
          where topic = 'whatsapp' and status = 'pending'
            and created_at < now() - make_interval(secs => ${STUCK_SEND_MS / 1000})) as stuck_sends,
        (select count(*)::int from outbox
          where topic = 'whatsapp' and status = 'failed' and created_at > now() - interval '1 hour') as failed_last_hour`);
    const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0]!;
    const date = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));
    const figures: BridgeFigures = {
      lastInboundAt: date(row.last_inbound_at),
      lastSentAt: date(row.last_sent_at),
      stuckSends: Number(row.stuck_sends),
      failedLastHour: Number(row.failed_last_hour),
    };
    const silenceMs = silenceAlertHours * 60 * MINUTE;
    const now = Date.now();
    const sendingRecently = figures.lastSentAt !== null && now - figures.lastSentAt.getTime() < silenceMs;
    const silent =
      sendingRecently && (figures.lastInboundAt === null || now - figures.lastInboundAt.getTime() > silenceMs);
    const stuck = figures.stuckSends > 0 || figures.failedLastHour > 0;
    alert(
      'whatsapp_inbound_silent',
      silent,
      { hours: silenceAlertHours, lastInboundAt: figures.lastInboundAt?.toISOString() ?? null },
      `WhatsApp: replies are being sent but no webhook has arrived for ${silenceAlertHours} hours`,
    );
    alert(
      'whatsapp_sends_stuck',
      stuck,
      { stuckSends: figures.stuckSends, failedLastHour: figures.failedLastHour },
      'WhatsApp: replies are waiting or failing',
    );
    if (bridge.mode === 'cloud') current = silent || stuck ? 'degraded' : 'ok';
    return figures;
  }

  const run = () => void check().catch((error: unknown) => logger.warn({ err: error }, 'WhatsApp bridge check failed'));
  const timer = bridge.mode === 'off' ? undefined : setInterval(run, options.intervalMs ?? BRIDGE_CHECK_INTERVAL_MS);
  timer?.unref();
  run();

  return { state: () => current, check, close: () => clearInterval(timer) };
}
