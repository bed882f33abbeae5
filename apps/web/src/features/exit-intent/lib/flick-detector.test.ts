import { describe, expect, it } from 'vitest';
import { EXIT_INTENT } from '@app/shared';
import { createFlickDetector } from './flick-detector';

const SCROLLABLE = 4000; // a long landing page: the top quarter ends at 1,000 px

/** Feeds readings [y, time] in order and says which one (by index) completed a flick, or -1. */
function firedAt(readings: [number, number][]): number {
  const detect = createFlickDetector();
  return readings.findIndex(([y, time]) => detect({ y, time, scrollable: SCROLLABLE }));
}

/** Readings every 16 ms (one per frame) from `from` to `to` at `pxPerMs`. */
function glide(from: number, to: number, pxPerMs: number, start: number): [number, number][] {
  const readings: [number, number][] = [];
  const step = Math.sign(to - from) * pxPerMs * 16;
  let y = from;
  let time = start;
  while (Math.sign(to - y) === Math.sign(step) && y !== to) {
    y = Math.abs(to - y) < Math.abs(step) ? to : y + step;
    time += 16;
    readings.push([Math.round(y), time]);
  }
  return readings;
}

describe('the phone exit-intent flick', () => {
  it('fires on a fast upward flick into the top quarter after reading past it', () => {
    const readings = [...glide(0, 2000, 0.8, 0), ...glide(2000, 400, 3, 5000)];
    const index = firedAt(readings);
    expect(index).toBeGreaterThan(0);
    // Only once the page is near its top.
    expect(readings[index]![0]).toBeLessThanOrEqual(SCROLLABLE * EXIT_INTENT.mobileNearTopShare);
  });

  it('does not fire on an ordinary scroll back up, however far', () => {
    // Reading down, then dragging back up to the top at a reading pace (0.6 px/ms).
    expect(firedAt([...glide(0, 3000, 0.8, 0), ...glide(3000, 0, 0.6, 10_000)])).toBe(-1);
  });

  it('does not fire on a fast flick far from the top', () => {
    expect(firedAt([...glide(0, 3500, 0.8, 0), ...glide(3500, 1500, 4, 10_000)])).toBe(-1);
  });

  it('does not fire before the visitor has read past a quarter of the page', () => {
    expect(firedAt([...glide(0, 900, 0.8, 0), ...glide(900, 0, 4, 5000)])).toBe(-1);
  });

  it('needs more than 100 px of travel: a short fast twitch is not a flick', () => {
    expect(firedAt([...glide(0, 2000, 0.8, 0), [900, 4000], [800, 4016]])).toBe(-1);
    expect(firedAt([...glide(0, 2000, 0.8, 0), [900, 4000], [799, 4016]])).toBe(1 + glide(0, 2000, 0.8, 0).length);
  });

  it('measures speed over the last moment only, not from a reading long ago', () => {
    // Down at 2,000, a long pause, then a slow crawl to the top quarter.
    expect(firedAt([...glide(0, 2000, 0.8, 0), [1100, 9000], [1000, 9200], [990, 9216]])).toBe(-1);
  });
});
