import type { Database } from '../../db/client';
import type { Logger } from '../logger';
import type { MailTransport } from './mailer';
import { claimDueMail, markAttemptFailed, markSent, purgeFinishedMail, type OutboxRow } from './outbox';
import { DEFAULT_RETRY_POLICY, retryDelayMs, shouldGiveUp, type RetryPolicy } from './retry-policy';

const MINUTE = 60_000;

export interface OutboxSettings {
  /** How often the worker looks for due mail besides the nudge on each new mail. */
  pollIntervalMs: number;
  /** How long a claimed row stays with its worker before another may take it (a crash mid-send). */
  leaseMs: number;
  /** Rows claimed and sent together in one go. */
  batchSize: number;
  /** Sent and failed rows are deleted this long after they were queued. */
  retentionMs: number;
  /** How often the purge runs. */
  purgeIntervalMs: number;
  /** How long close() waits for mail being sent before it gives the rows back to their lease. */
  closeTimeoutMs: number;
  retry: RetryPolicy;
}

export const DEFAULT_OUTBOX_SETTINGS: OutboxSettings = {
  pollIntervalMs: 5_000,
  // Longer than the SMTP transport's own timeouts (smtp-transport.ts), so a
  // slow send finishes before another worker may take the row.
  leaseMs: 5 * MINUTE,
  batchSize: 10,
  retentionMs: 7 * 24 * 60 * MINUTE,
  purgeIntervalMs: 60 * MINUTE,
  closeTimeoutMs: 10_000,
  retry: DEFAULT_RETRY_POLICY,
};

export interface OutboxWorker {
  /** Look for due mail now (called after each new mail is queued). */
  nudge(): void;
  /** Stop taking mail, and wait (up to closeTimeoutMs) for the mail being sent. */
  close(): Promise<void>;
}

/** Only the transport's message: never the mail, and bounded. */
const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * Delivers the outbox through a transport, in this process. Starts at once,
 * so mail left pending by an earlier run (or another instance) is sent
 * without waiting for a new one. Every instance may run one: rows are
 * claimed with a lease (outbox.ts), so each is sent by one worker at a time.
 */
export function startOutboxWorker(
  db: Database,
  transport: MailTransport,
  logger: Logger,
  settings: OutboxSettings = DEFAULT_OUTBOX_SETTINGS,
): OutboxWorker {
  let stopped = false;
  let pass: Promise<void> | undefined;
  let nudgedDuringPass = false;
  let lastPurgeAt = 0;

  async function deliver(row: OutboxRow) {
    try {
      await transport.deliver({ to: row.to, subject: row.subject, text: row.text, html: row.html }, row.id);
    } catch (error) {
      const message = describe(error);
      if (shouldGiveUp(row.attempts, Date.now() - row.createdAt.getTime(), settings.retry)) {
        await markAttemptFailed(db, row.id, message, null);
        logger.error({ mailId: row.id, attempts: row.attempts, error: message }, 'mail given up: not delivered');
      } else {
        const retryInMs = retryDelayMs(row.attempts, settings.retry);
        await markAttemptFailed(db, row.id, message, retryInMs);
        logger.warn({ mailId: row.id, attempts: row.attempts, retryInMs, error: message }, 'mail not delivered yet');
      }
      return;
    }
    await markSent(db, row.id);
  }

  async function purgeIfDue() {
    if (Date.now() - lastPurgeAt < settings.purgeIntervalMs) return;
    lastPurgeAt = Date.now();
    const purged = await purgeFinishedMail(db, settings.retentionMs);
    if (purged) logger.info({ purged }, 'old mail purged from the outbox');
  }

  /** Claims and sends due rows until none is left. */
  async function runPass() {
    await purgeIfDue();
    while (!stopped) {
      const rows = await claimDueMail(db, settings.batchSize, settings.leaseMs);
      if (!rows.length) return;
      const results = await Promise.allSettled(rows.map(deliver));
      for (const [i, result] of results.entries()) {
        // The send happened (or failed) but its outcome was not written: the
        // lease brings the row back, and it may be sent a second time.
        if (result.status === 'rejected') {
          logger.error(
            { mailId: rows[i]!.id, error: describe(result.reason) },
            'mail outbox: could not record a result',
          );
        }
      }
    }
  }

  function nudge() {
    if (stopped) return;
    if (pass) {
      nudgedDuringPass = true;
      return;
    }
    nudgedDuringPass = false;
    pass = runPass()
      .catch((error: unknown) => logger.error({ error: describe(error) }, 'mail outbox: pass failed'))
      .finally(() => {
        pass = undefined;
        if (nudgedDuringPass) nudge();
      });
  }

  const timer = setInterval(nudge, settings.pollIntervalMs);
  timer.unref();
  nudge();

  return {
    nudge,
    async close() {
      stopped = true;
      clearInterval(timer);
      if (!pass) return;
      let timeout: NodeJS.Timeout | undefined;
      const waited = new Promise<'timeout'>((resolve) => {
        timeout = setTimeout(() => resolve('timeout'), settings.closeTimeoutMs);
      });
      if ((await Promise.race([pass, waited])) === 'timeout') {
        logger.warn('mail outbox: closed while mail was being sent; it will be retried when its lease ends');
      }
      clearTimeout(timeout);
    },
  };
}
