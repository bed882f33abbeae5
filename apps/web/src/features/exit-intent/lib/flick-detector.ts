import { EXIT_INTENT } from '@app/shared';

/** One scroll reading: where the page was (px from its top) and when (ms, any monotonic clock). */
export interface ScrollSample {
  y: number;
  time: number;
  /** How far the page can scroll at all (scrollHeight - innerHeight). */
  scrollable: number;
}

export interface FlickRules {
  depthShare: number;
  minDistancePx: number;
  minVelocity: number;
  windowMs: number;
  nearTopShare: number;
}

const DEFAULT_RULES: FlickRules = {
  depthShare: EXIT_INTENT.mobileScrollDepth,
  minDistancePx: EXIT_INTENT.mobileScrollUpPx,
  minVelocity: EXIT_INTENT.mobileFlickVelocity,
  windowMs: EXIT_INTENT.mobileFlickWindowMs,
  nearTopShare: EXIT_INTENT.mobileNearTopShare,
};

/**
 * The phone's exit-intent gesture (decision 033): after reading past a quarter
 * of the page, a fast upward flick that carries the page near its top, as a
 * visitor does on the way to the address bar or the back gesture. Exit-intent
 * libraries measure the same thing: velocity, not distance alone, so that
 * scrolling back up to re-read a paragraph never counts.
 *
 * Feed it every scroll reading; it answers true for the reading that completes a flick.
 */
export function createFlickDetector(rules: FlickRules = DEFAULT_RULES) {
  let engaged = false;
  let recent: ScrollSample[] = [];

  return (sample: ScrollSample): boolean => {
    const { y, time, scrollable } = sample;
    if (scrollable <= 0) return false;
    if (y / scrollable > rules.depthShare) engaged = true;
    // Only the readings of the last moment tell how fast the page is moving now.
    recent = [...recent.filter((s) => time - s.time <= rules.windowMs && s.time <= time), sample];
    if (!engaged || y > scrollable * rules.nearTopShare) return false;

    return recent.some((from) => {
      const distance = from.y - y;
      const elapsed = Math.max(time - from.time, 1);
      return distance > rules.minDistancePx && distance / elapsed >= rules.minVelocity;
    });
  };
}
