import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import {
  OPEN_STEP_STATUSES,
  type IsoWeekday,
  type WeeklySummaryNumbers,
  type WeeklySummaryPattern,
  type WeeklySummaryWin,
} from '@app/shared';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client';
import { checkins, memberSteps, programmeSettings, userReflections } from '../../../db/schema';
import { addDays } from '../../time/zoned-time';

/** The zone a member without programme settings is summarised in (the settings' default). */
export const DEFAULT_TIME_ZONE = 'Europe/London';

/** Fewer check-ins than this and the summary names no pattern: three scores are not a trend. */
export const PATTERN_MIN_CHECKINS = 4;
/** How far (in points) the later half of the week must differ from the earlier half to say stress eased or rose. */
const TREND_MIN_POINTS = 1.5;
/** How far (in points) one weekday must sit above the rest of the week to be named. */
const HIGHEST_DAY_MIN_POINTS = 1.5;

/** The member's zone: their programme settings', else the default. */
export async function memberTimeZone(db: Database, userId: string): Promise<string> {
  const [row] = await db
    .select({ timeZone: programmeSettings.timeZone })
    .from(programmeSettings)
    .where(eq(programmeSettings.userId, userId));
  return row?.timeZone ?? DEFAULT_TIME_ZONE;
}

/** Whether a yyyy-MM-dd is a real date and a Monday (the key of a summarised week). */
export function isMonday(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const d = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === date && d.getUTCDay() === 1;
}

/**
 * The instant the member's local day `date` starts. PostgreSQL reads the
 * wall-clock midnight in the zone, so a week that crosses a daylight-saving
 * change is 167 or 169 hours long, as the member lived it.
 */
const localMidnight = (date: string, timeZone: string): SQL => sql`(${date}::date::timestamp at time zone ${timeZone})`;

/** A condition: `column` falls in the member's local week [weekStart, weekStart + 7 days). */
function inLocalWeek(column: AnyPgColumn, weekStart: string, timeZone: string): SQL {
  return and(
    gte(column, localMidnight(weekStart, timeZone)),
    lt(column, localMidnight(addDays(weekStart, 7), timeZone)),
  )!;
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

type DayScores = { date: string; weekday: IsoWeekday; average: number; count: number };

/**
 * The numbers of one member's week, computed from their data in SQL: the
 * week runs from the member's local Monday 00:00 (`weekStart`) to the next
 * Monday 00:00 in `timeZone`. These are the only numbers a summary may state.
 */
export async function weeklyNumbers(
  db: Database,
  userId: string,
  weekStart: string,
  timeZone: string,
): Promise<WeeklySummaryNumbers> {
  const localDay = sql<string>`to_char(${checkins.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const [thisWeek, weekBefore, days, resolved, reflections, open, halves] = await Promise.all([
    db
      .select({ count: sql<number>`count(*)::int`, average: sql<string | null>`avg(${checkins.score})::text` })
      .from(checkins)
      .where(and(eq(checkins.userId, userId), inLocalWeek(checkins.createdAt, weekStart, timeZone))),
    db
      .select({ average: sql<string | null>`avg(${checkins.score})::text` })
      .from(checkins)
      .where(and(eq(checkins.userId, userId), inLocalWeek(checkins.createdAt, addDays(weekStart, -7), timeZone))),
    db
      .select({
        date: localDay,
        weekday: sql<number>`extract(isodow from ${checkins.createdAt} at time zone ${timeZone})::int`,
        average: sql<string>`avg(${checkins.score})::text`,
        count: sql<number>`count(*)::int`,
      })
      .from(checkins)
      .where(and(eq(checkins.userId, userId), inLocalWeek(checkins.createdAt, weekStart, timeZone)))
      .groupBy(sql`1`, sql`2`)
      .orderBy(sql`1`),
    db
      .select({ status: memberSteps.status, thenText: memberSteps.thenText })
      .from(memberSteps)
      .where(
        and(
          eq(memberSteps.userId, userId),
          inArray(memberSteps.status, ['done', 'not_done']),
          inLocalWeek(memberSteps.resolvedAt, weekStart, timeZone),
        ),
      )
      .orderBy(desc(memberSteps.resolvedAt)),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(userReflections)
      .where(and(eq(userReflections.userId, userId), inLocalWeek(userReflections.createdAt, weekStart, timeZone))),
    db
      .select({ thenText: memberSteps.thenText })
      .from(memberSteps)
      .where(and(eq(memberSteps.userId, userId), inArray(memberSteps.status, [...OPEN_STEP_STATUSES])))
      .orderBy(desc(memberSteps.offeredAt))
      .limit(1),
    // The week's answers in order, to compare its earlier half with its later half.
    db
      .select({ score: checkins.score })
      .from(checkins)
      .where(and(eq(checkins.userId, userId), inLocalWeek(checkins.createdAt, weekStart, timeZone)))
      .orderBy(asc(checkins.createdAt), asc(checkins.id)),
  ]);

  const count = thisWeek[0]?.count ?? 0;
  const average = thisWeek[0]?.average == null ? null : oneDecimal(Number(thisWeek[0].average));
  const before = weekBefore[0]?.average == null ? null : oneDecimal(Number(weekBefore[0].average));
  const stepsDone = resolved.filter((s) => s.status === 'done');
  const dayScores: DayScores[] = days.map((d) => ({
    date: d.date,
    weekday: d.weekday as IsoWeekday,
    average: Number(d.average),
    count: d.count,
  }));
  const reflectionsWritten = reflections[0]?.count ?? 0;

  return {
    checkins: count,
    average_score: average,
    score_change: average !== null && before !== null ? oneDecimal(average - before) : null,
    steps_done: stepsDone.length,
    steps_not_done: resolved.length - stepsDone.length,
    reflections_written: reflectionsWritten,
    win: winOf({ stepDone: stepsDone[0]?.thenText ?? null, dayScores, reflectionsWritten, checkins: count }),
    pattern: patternOf(
      halves.map((h) => h.score),
      dayScores,
    ),
    next_step: open[0]?.thenText ?? null,
  };
}

/**
 * One win, the most concrete first: a step done, then the calmest of at
 * least two days checked in, then reflections written, then checking in at all.
 */
function winOf(week: {
  stepDone: string | null;
  dayScores: DayScores[];
  reflectionsWritten: number;
  checkins: number;
}): WeeklySummaryWin | null {
  if (week.stepDone) return { kind: 'step_done', then_text: week.stepDone };
  if (week.dayScores.length >= 2) {
    const calmest = [...week.dayScores].sort((a, b) => a.average - b.average || a.date.localeCompare(b.date))[0]!;
    const nextCalmest = [...week.dayScores].sort((a, b) => a.average - b.average)[1]!;
    // A tie is no win to name: "your calmest day" must be one day.
    if (calmest.average < nextCalmest.average) {
      return { kind: 'calmest_day', date: calmest.date, weekday: calmest.weekday };
    }
  }
  if (week.reflectionsWritten > 0) return { kind: 'reflections', count: week.reflectionsWritten };
  if (week.checkins > 0) return { kind: 'checked_in', count: week.checkins };
  return null;
}

/**
 * One pattern, only with enough check-ins to see one (PATTERN_MIN_CHECKINS):
 * stress easing or rising across the week (the later half's average against
 * the earlier half's), else one weekday clearly above the rest. Else none:
 * a pattern read into too little data would be made up.
 */
function patternOf(scoresInOrder: number[], dayScores: DayScores[]): WeeklySummaryPattern | null {
  if (scoresInOrder.length < PATTERN_MIN_CHECKINS) return null;
  const half = Math.floor(scoresInOrder.length / 2);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const earlier = mean(scoresInOrder.slice(0, half));
  const later = mean(scoresInOrder.slice(scoresInOrder.length - half));
  if (earlier - later >= TREND_MIN_POINTS) return { kind: 'easing' };
  if (later - earlier >= TREND_MIN_POINTS) return { kind: 'rising' };
  if (dayScores.length >= 2) {
    const highest = [...dayScores].sort((a, b) => b.average - a.average)[0]!;
    const rest = dayScores.filter((d) => d !== highest);
    const restAverage =
      rest.reduce((sum, d) => sum + d.average * d.count, 0) / rest.reduce((sum, d) => sum + d.count, 0);
    if (highest.average - restAverage >= HIGHEST_DAY_MIN_POINTS) {
      return { kind: 'highest_day', weekday: highest.weekday };
    }
  }
  return null;
}
