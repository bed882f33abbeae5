import type { Database } from '../../db/client';
import type { OutboxTopic } from '../../db/schema';
import type { Logger } from '../logger';
import type { BusListener } from '../realtime/bus';
import { claimDue, markAttemptFailed, markSent, purgeFinished, type OutboxRow } from './outbox';
import { DEFAULT_RETRY_POLICY, retryDelayMs, shouldGiveUp, type RetryPolicy } from './retry-policy';

const MINUTE = 60_000;

/**
 * How one topic's rows are delivered. The worker knows nothing of mail or
 * webhooks: it claims, hands the row over, and records what happened.
 */
export interface Deliverer {
  /** Makes the delivery; throws when it was not made (not accepted, not reachable, refused). */
  deliver(row: OutboxRow): Promise<void>;
  /**
   * Whether an error deliver() threw may pass by itself, so a later attempt is
   * worth making; false fails the row at once (an address that is gone, a
   * request the receiver will never take).
   */
  isRetryable(error: unknown): boolean;
  /**
   * When to try again after this error, when the deliverer knows better than
   * the policy (a provider that says how long to back off, e.g. WhatsApp's
   * pair rate limit: 4^X seconds); undefined, or no function, uses the policy.
   * The policy still decides when to give up.
   */
  retryDelayMs?(error: unknown, attempts: number): number | undefined;
  /**
   * Told once a row fails for good (refused, or retries ran out), before the
   * row is marked failed, so what the delivery was about can say so (a
   * WhatsApp reply shown as failed, with the reason). If it throws, the row
   * is left to its lease and given up again on its next claim.
   */
  onGiveUp?(row: OutboxRow, error: unknown): Promise<void>;
  /** How the log names a delivery of this topic: "mail not delivered yet", with its id as `mailId`. */
  log: { noun: string; idKey: string };
}

type Deliverers = Partial<Record<OutboxTopic, Deliverer>>;

export interface OutboxSettings {
  /** How often the worker looks for due rows besides the wake-up on each new one. */
  pollIntervalMs: number;
  /** How long a claimed row stays with its worker before another may take it (a crash mid-delivery). */
  leaseMs: number;
  /** Deliveries under way at once, each slot refilled as soon as its delivery ends. */
  batchSize: number;
  /** Sent and failed rows are deleted this long after they were queued. */
  retentionMs: number;
  /** How often the purge runs. */
  purgeIntervalMs: number;
  /** How long close() waits for deliveries under way before it gives the rows back to their lease. */
  closeTimeoutMs: number;
  retry: RetryPolicy;
}

export const DEFAULT_OUTBOX_SETTINGS: OutboxSettings = {
  pollIntervalMs: 5_000,
  // Longer than any deliverer's own timeouts (SMTP's, a webhook's), so a
  // slow delivery finishes before another worker may take the row.
  leaseMs: 5 * MINUTE,
  // Most deliveries wait on another service (a model, SMTP, Meta) rather than work:
  // 50 members writing at once are answered side by side.
  batchSize: 50,
  retentionMs: 7 * 24 * 60 * MINUTE,
  purgeIntervalMs: 60 * MINUTE,
  closeTimeoutMs: 10_000,
  retry: DEFAULT_RETRY_POLICY,
};

export interface OutboxWorker {
  /** Look for due rows now. */
  nudge(): void;
  /** Stop taking rows, and wait (up to closeTimeoutMs) for the deliveries under way. */
  close(): Promise<void>;
}

/** Only the deliverer's message: never the payload, and bounded. */
const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * Delivers the outbox in this process, each row by its topic's deliverer.
 * Starts at once, so rows left pending by an earlier run (or another
 * instance) go without waiting for a new one; then wakes on every committed
 * insert (the bus's `outbox_due`, from any instance), after the bus was cut
 * off, every pollIntervalMs (retries fall due with no insert), and when a retry
 * it scheduled sooner than the next poll falls due (a receiver's short Retry-After
 * is kept, not rounded up to the poll). Every
 * instance may run one: rows are claimed with a lease (outbox.ts), so each is
 * delivered by one worker at a time. Only topics with a deliverer here are claimed.
 */
export function startOutboxWorker(options: {
  db: Database;
  deliverers: Deliverers;
  logger: Logger;
  /** The realtime bus, whose `outbox_due` and `resumed` events wake the worker. */
  bus?: { subscribe(listener: BusListener): () => void };
  settings?: OutboxSettings;
}): OutboxWorker {
  const { db, deliverers, logger, settings = DEFAULT_OUTBOX_SETTINGS } = options;
  const topics = (Object.keys(deliverers) as OutboxTopic[]).filter((topic) => deliverers[topic]);
  let stopped = false;
  let pass: Promise<void> | undefined;
  let nudgedDuringPass = false;
  /** Set while a pass waits for a free slot: a nudge ends the wait, so a new row need not wait for a slow one. */
  let wakePass: (() => void) | undefined;
  /** Set by a nudge that came while the pass was claiming, not waiting: no wakePass heard it. */
  let nudgedWhileClaiming = false;
  let lastPurgeAt = 0;
  /** Wake-ups for retries due before the next poll; cleared on close. */
  const retryWakeUps = new Set<NodeJS.Timeout>();

  /** Looks again when a retry `inMs` from now falls due, if the poll would come later. */
  function wakeForRetry(inMs: number) {
    if (stopped || inMs >= settings.pollIntervalMs) return;
    const wakeUp = setTimeout(() => {
      retryWakeUps.delete(wakeUp);
      nudge();
    }, inMs);
    wakeUp.unref();
    retryWakeUps.add(wakeUp);
  }

  async function deliver(row: OutboxRow) {
    const deliverer = deliverers[row.topic]!;
    const { noun, idKey } = deliverer.log;
    try {
      await deliverer.deliver(row);
    } catch (error) {
      const message = describe(error);
      const at = { [idKey]: row.id, attempts: row.attempts, error: message };
      if (!deliverer.isRetryable(error)) {
        await deliverer.onGiveUp?.(row, error);
        await markAttemptFailed(db, row.id, message, null);
        logger.error(at, `${noun} refused for good: not delivered`);
      } else if (shouldGiveUp(row.attempts, Date.now() - row.createdAt.getTime(), settings.retry)) {
        await deliverer.onGiveUp?.(row, error);
        await markAttemptFailed(db, row.id, message, null);
        logger.error(at, `${noun} given up: not delivered`);
      } else {
        const retryInMs = deliverer.retryDelayMs?.(error, row.attempts) ?? retryDelayMs(row.attempts, settings.retry);
        await markAttemptFailed(db, row.id, message, retryInMs);
        // Set once the row says when: its time (the database's now() plus the delay) has begun.
        wakeForRetry(retryInMs);
        logger.warn({ ...at, retryInMs }, `${noun} not delivered yet`);
      }
      return;
    }
    await markSent(db, row.id);
  }

  async function purgeIfDue() {
    if (Date.now() - lastPurgeAt < settings.purgeIntervalMs) return;
    lastPurgeAt = Date.now();
    const purged = await purgeFinished(db, settings.retentionMs);
    if (purged) logger.info({ purged }, 'old deliveries purged from the outbox');
  }

  /**
   * Claims and delivers due rows until none is left, up to `batchSize` at a
   * time: a slot freed by a finished delivery is filled at once, so one slow
   * delivery (a language model answering, a mail server stalling) never holds
   * back the rows behind it as a batch that waits for its slowest would.
   */
  async function runPass() {
    await purgeIfDue();
    const inFlight = new Set<Promise<void>>();
    while (!stopped) {
      const free = settings.batchSize - inFlight.size;
      // A nudge from here on may announce a row this claim does not see (committed after its snapshot):
      // it is remembered, and the loop claims again rather than waiting for a delivery to end.
      nudgedWhileClaiming = false;
      const rows = free > 0 ? await claimDue(db, topics, free, settings.leaseMs) : [];
      for (const row of rows) {
        const running: Promise<void> = deliverAndRecord(row).finally(() => inFlight.delete(running));
        inFlight.add(running);
      }
      // Every slot taken, or nothing due right now: wait for a delivery to finish, or a new row
      // to be announced (nudge), then look again.
      if (rows.length === free && free > 0) continue;
      if (nudgedWhileClaiming && free > rows.length) continue;
      if (!inFlight.size) return;
      await Promise.race([...inFlight, new Promise<void>((resolve) => (wakePass = resolve))]);
      wakePass = undefined;
    }
    await Promise.allSettled(inFlight);
  }

  async function deliverAndRecord(row: OutboxRow) {
    try {
      await deliver(row);
    } catch (error) {
      // The delivery happened (or failed) but its outcome was not written: the
      // lease brings the row back, and it may be delivered a second time.
      logger.error(
        { deliveryId: row.id, topic: row.topic, error: describe(error) },
        'outbox: could not record a result',
      );
    }
  }

  function nudge() {
    if (stopped) return;
    if (pass) {
      nudgedDuringPass = true;
      nudgedWhileClaiming = true;
      wakePass?.();
      return;
    }
    nudgedDuringPass = false;
    pass = runPass()
      .catch((error: unknown) => logger.error({ error: describe(error) }, 'outbox: pass failed'))
      .finally(() => {
        pass = undefined;
        if (nudgedDuringPass) nudge();
      });
  }

  const unsubscribe = options.bus?.subscribe((event) => {
    if (event.kind === 'outbox_due' || event.kind === 'resumed') nudge();
  });
  const timer = setInterval(nudge, settings.pollIntervalMs);
  timer.unref();
  nudge();

  return {
    nudge,
    async close() {
      stopped = true;
      clearInterval(timer);
      for (const wakeUp of retryWakeUps) clearTimeout(wakeUp);
      retryWakeUps.clear();
      unsubscribe?.();
      if (!pass) return;
      let timeout: NodeJS.Timeout | undefined;
      const waited = new Promise<'timeout'>((resolve) => {
        timeout = setTimeout(() => resolve('timeout'), settings.closeTimeoutMs);
      });
      if ((await Promise.race([pass, waited])) === 'timeout') {
        logger.warn('outbox: closed while deliveries were under way; they will be retried when their lease ends');
      }
      clearTimeout(timeout);
    },
  };
}
