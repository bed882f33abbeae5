import { describe, expect, it } from 'vitest';
import type { CheckinDto } from '@app/shared';
import { averageScore, checkinDays, scorePath, scorePoints } from './checkin-days';

const at = (y: number, m: number, d: number, h = 9) => new Date(y, m - 1, d, h).toISOString();
const checkin = (created_at: string, score: number, note: string | null = null): CheckinDto => ({
  id: created_at,
  delivery_id: null,
  score,
  note,
  created_at,
});

describe('check-ins by day', () => {
  const today = new Date(2026, 10, 27, 15); // Fri 27 Nov 2026, this browser's calendar
  const checkins = [
    checkin(at(2026, 10, 28), 9), // 30 days ago: just outside the chart
    checkin(at(2026, 10, 29), 2), // the chart's first day
    checkin(at(2026, 11, 20, 8), 4, 'Deadline'),
    checkin(at(2026, 11, 20, 18), 7, 'Better after a walk'),
    checkin(at(2026, 11, 27), 6),
  ];

  it('gives one entry per day, oldest first, ending today, with the day’s average and notes', () => {
    const days = checkinDays(checkins, 30, today);
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({ date: '2026-10-29', score: 2, count: 1, notes: [] });
    expect(days[1]).toEqual({ date: '2026-10-30', score: null, count: 0, notes: [] });
    expect(days.at(-1)).toEqual({ date: '2026-11-27', score: 6, count: 1, notes: [] });
    expect(days.find((d) => d.date === '2026-11-20')).toEqual({
      date: '2026-11-20',
      score: 5.5,
      count: 2,
      notes: ['Deadline', 'Better after a walk'],
    });
    expect(days.filter((d) => d.count > 0).map((d) => d.date)).toEqual(['2026-10-29', '2026-11-20', '2026-11-27']);
  });

  it('counts calendar days across a daylight-saving change', () => {
    // Whatever this machine's zone, 60 days back from a summer date crosses none or one change; no day is lost.
    const days = checkinDays([], 60, new Date(2026, 3, 15, 0, 30));
    expect(new Set(days.map((d) => d.date)).size).toBe(60);
    expect(days.at(-1)!.date).toBe('2026-04-15');
    expect(days[0]!.date).toBe('2026-02-15');
  });

  it('places a point per day with a check-in, higher for a higher score, and skips empty days', () => {
    const days = checkinDays(checkins, 30, today);
    const points = scorePoints(days, 10);
    expect(points.map(({ x, y }) => [x, y])).toEqual([
      [0, 8], // 29 Oct: 2
      [22, 4.5], // 20 Nov: 5.5
      [29, 4], // today: 6
    ]);
    expect(scorePath(points)).toBe('M0 8 L22 4.5 L29 4');
    expect(scorePath([])).toBe('');
  });

  it('averages every answer', () => {
    expect(averageScore(checkins.slice(1))).toBe(4.8);
    expect(averageScore([])).toBeNull();
  });
});
