import { and, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { programmeDeliveries, programmeSettings } from '../../../db/schema';
import type { Logger } from '../../logger';
import { enqueue } from '../../outbox/outbox';
import type { ProgrammeClock } from '../clock';
import type { ProgrammeJob } from '../delivery/programme-job';
import { toSettingsDto } from '../settings';
import { dueItems, type ScheduledItem } from './due-items';

/**
 * The programme's scheduler (decision 058). Every instance runs one (each
 * minute, and at once when the dev clock moves); they need no coordination:
 * a due item is inserted with ON CONFLICT DO NOTHING on its unique key
 * (member, kind, period), in the same transaction as its outbox row, so
 * whichever pass inserts it first queues it and every other pass, on any
 * instance or after a restart, inserts nothing.
 */

export interface SchedulerDeps {
  db: Database;
  clock: ProgrammeClock;
  logger: Logger;
  /** How late a missed item may still go (PROGRAMME_CATCH_UP_HOURS). */
  catchUpMs: number;
}

/**
 * The members who may have something due now, narrowed in the database: not
 * paused, with a kind enabled whose local time today has come (or, within the
 * catch-up, whose time yesterday was late in the day), and for the daily
 * kinds with no item yet for today's local date. The exact answer (days,
 * quiet hours, daylight saving) is due-items.ts's, for these rows only.
 */
async function candidates(db: Database, now: Date, catchUpMs: number) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const local = sql`timezone(${programmeSettings.timeZone}, ${at})`;
  const localTime = sql`to_char(${local}, 'HH24:MI')`;
  const localDate = sql`to_char(${local}, 'YYYY-MM-DD')`;
  // Just after midnight an item of late yesterday may still be caught up.
  const earlyMorning = sql`${localTime} < ${hhmm(catchUpMs)}`;
  const noItemToday = (kind: string) => sql`not exists (
    select 1 from ${programmeDeliveries} d
    where d.user_id = ${programmeSettings.userId} and d.kind = ${kind} and d.period_key = ${localDate})`;
  const isoDow = sql`extract(isodow from ${local})::int`;
  const dailyDue = (enabled: unknown, time: unknown, kind: string, onDay = sql`true`) =>
    sql`(${enabled} and ((${localTime} >= ${time} and ${onDay}) or ${earlyMorning}) and ${noItemToday(kind)})`;
  return db
    .select()
    .from(programmeSettings)
    .where(
      and(
        eq(programmeSettings.paused, false),
        or(
          dailyDue(
            programmeSettings.checkinsEnabled,
            programmeSettings.checkinTime,
            'checkin',
            sql`${isoDow} = any(${programmeSettings.checkinDays})`,
          ),
          dailyDue(programmeSettings.stepRemindersEnabled, programmeSettings.stepReminderTime, 'step_reminder'),
          sql`(${programmeSettings.summariesEnabled} and (${isoDow} = ${programmeSettings.summaryDay}
            or (${earlyMorning} and ${isoDow} = ${programmeSettings.summaryDay} % 7 + 1)))`,
        ),
      ),
    );
}

/** A span of time under a day as "HH:MM" (a longer catch-up reaches the whole morning). */
function hhmm(ms: number): string {
  const minutes = Math.min(Math.floor(ms / 60_000), 24 * 60 - 1);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Inserts the item and queues its delivery, once: the unique key answers nothing to every later try. */
async function queueOnce(db: Database, userId: string, item: ScheduledItem): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(programmeDeliveries)
      .values({ userId, kind: item.kind, periodKey: item.periodKey, dueAt: item.dueAt })
      .onConflictDoNothing({
        target: [programmeDeliveries.userId, programmeDeliveries.kind, programmeDeliveries.periodKey],
      })
      .returning({ id: programmeDeliveries.id });
    if (!row) return false;
    const job: ProgrammeJob = { delivery_id: row.id };
    // One member's items go one at a time, in the order they fell due.
    await enqueue(tx, { topic: 'programme', payload: { ...job }, userId, orderingKey: `programme:${userId}` });
    return true;
  });
}

/** One scheduling pass at the clock's time; answers how many items it queued. */
export async function runSchedulingPass(deps: SchedulerDeps): Promise<number> {
  const now = deps.clock.now();
  const rows = await candidates(deps.db, now, deps.catchUpMs);
  let queued = 0;
  for (const row of rows) {
    for (const item of dueItems(toSettingsDto(row), now, deps.catchUpMs)) {
      if (await queueOnce(deps.db, row.userId, item)) queued++;
    }
  }
  if (queued) deps.logger.info({ queued, at: now.toISOString() }, 'programme: items queued');
  return queued;
}

export interface ProgrammeScheduler {
  /** A pass now (after the one under way, if any); answers how many items it queued. */
  runNow(): Promise<number>;
  close(): Promise<void>;
}

/**
 * Runs a pass every `intervalMs` (a minute), one at a time; a failed pass is logged and the next one tries again.
 * `afterPasses` are other domains' passes on the same loop and clock (the waiting-message mails, decision 063;
 * local mode's paid periods, decision 021), run side by side after each programme pass whether or not that one
 * failed; each one's failure is logged on its own and does not stop the others.
 */
export function startProgrammeScheduler(
  deps: SchedulerDeps & { intervalMs: number; afterPasses?: readonly (() => Promise<unknown>)[] },
): ProgrammeScheduler {
  let running: Promise<number> = Promise.resolve(0);
  let stopped = false;
  const both = async () => {
    try {
      return await runSchedulingPass(deps);
    } finally {
      await Promise.all(
        (deps.afterPasses ?? []).map((afterPass) =>
          afterPass().catch((error: unknown) => deps.logger.error({ err: error }, 'scheduler: pass failed')),
        ),
      );
    }
  };
  const pass = () => {
    running = running.catch(() => 0).then(() => (stopped ? 0 : both()));
    return running;
  };
  const tick = () =>
    void pass().catch((error: unknown) => deps.logger.error({ err: error }, 'programme: scheduling pass failed'));
  const timer = setInterval(tick, deps.intervalMs);
  timer.unref();
  tick();
  return {
    runNow: pass,
    async close() {
      stopped = true;
      clearInterval(timer);
      await running.catch(() => 0);
    },
  };
}
