import {
  ACTIVITY_WINDOW_DAYS,
  CREDITS_BASELINE,
  LIST_LIMIT,
  type ActivityDayDto,
  type ProfileAnalyticsDto,
  type ReflectionDto,
} from '@app/shared';

const DAY_MS = 24 * 60 * 60 * 1000;

/** yyyy-MM-dd of an instant, in UTC like the server's activity window. */
function utcDate(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/**
 * The analytics GET /api/me/analytics would give, computed from what a demo
 * visitor stored in this browser (they have no messages: the coach chat needs an account).
 */
export function computeDemoAnalytics(
  user: { credits: number },
  reflections: readonly ReflectionDto[],
  now: Date = new Date(),
): ProfileAnalyticsDto {
  const perDay = new Map<string, number>();
  for (const r of reflections) {
    const day = utcDate(new Date(r.created_at));
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }

  const activity: ActivityDayDto[] = [];
  for (let back = ACTIVITY_WINDOW_DAYS - 1; back >= 0; back--) {
    const date = utcDate(new Date(now.getTime() - back * DAY_MS));
    // A demo's check-ins live only in the open page (docs/product.md, "Demo mode"): none are counted.
    activity.push({ date, reflections: perDay.get(date) ?? 0, messages: 0, checkins: 0 });
  }

  // Consecutive active days ending today, or yesterday when today has nothing yet.
  let streakDays = 0;
  let cursor = now.getTime();
  if (!perDay.has(utcDate(now))) cursor -= DAY_MS;
  while (perDay.has(utcDate(new Date(cursor)))) {
    streakDays++;
    cursor -= DAY_MS;
  }

  return {
    total_reflections: reflections.length,
    total_messages: 0,
    credits_used: Math.max(0, CREDITS_BASELINE - user.credits),
    total_credits: CREDITS_BASELINE,
    streak_days: streakDays,
    active_days: activity.filter((d) => d.reflections + d.messages + d.checkins > 0).length,
    activity,
    recent_reflections: reflections.slice(0, LIST_LIMIT),
    recent_messages: [],
  };
}
