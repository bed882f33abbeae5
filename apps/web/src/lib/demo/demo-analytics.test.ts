import { describe, expect, it } from 'vitest';
import type { ReflectionDto } from '@app/shared';
import { computeDemoAnalytics } from './demo-analytics';

const reflection = (created_at: string): ReflectionDto => ({
  id: created_at,
  created_at,
  reflection_text: 'A thought',
  strategic_prompt_id: null,
  strategic_prompt_title: null,
});

describe('computeDemoAnalytics', () => {
  const now = new Date('2026-11-10T15:00:00Z');

  it('counts a 30-day window, active days, a streak and credits used', () => {
    const reflections = [
      reflection('2026-11-10T08:00:00Z'),
      reflection('2026-11-09T20:00:00Z'),
      reflection('2026-11-09T07:00:00Z'),
      reflection('2026-11-08T07:00:00Z'),
      reflection('2026-11-05T07:00:00Z'),
      reflection('2026-09-01T07:00:00Z'), // outside the window
      reflection('2026-08-01T07:00:00Z'),
    ];
    const a = computeDemoAnalytics({ credits: 12 }, reflections, now);
    expect(a.activity).toHaveLength(30);
    expect(a.activity[0]!.date).toBe('2026-10-12');
    expect(a.activity.at(-1)).toEqual({ date: '2026-11-10', reflections: 1, messages: 0, checkins: 0 });
    expect(a.activity.find((d) => d.date === '2026-11-09')!.reflections).toBe(2);
    expect(a).toMatchObject({
      total_reflections: 7,
      total_messages: 0,
      credits_used: 3,
      total_credits: 15,
      streak_days: 3,
      active_days: 4,
      recent_messages: [],
    });
    expect(a.recent_reflections).toHaveLength(5);
  });

  it('keeps yesterday’s streak alive until today has passed, and floors credits used at 0', () => {
    const a = computeDemoAnalytics(
      { credits: 40 },
      [reflection('2026-11-09T08:00:00Z'), reflection('2026-11-08T08:00:00Z')],
      now,
    );
    expect(a.streak_days).toBe(2);
    expect(a.credits_used).toBe(0);
    expect(computeDemoAnalytics({ credits: 15 }, [reflection('2026-11-07T08:00:00Z')], now).streak_days).toBe(0);
  });
});
