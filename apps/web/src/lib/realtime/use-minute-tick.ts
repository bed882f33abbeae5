import { useSyncExternalStore } from 'react';

/** Relative times ('5m ago') change by the minute: every subscriber re-renders on one shared timer. */
const TICK_MS = 30_000;
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;

function subscribe(listener: () => void) {
  listeners.add(listener);
  timer ??= setInterval(() => {
    now = Date.now();
    for (const l of listeners) l();
  }, TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/** The current time, refreshed every half minute while something shows a relative time. */
export function useMinuteTick(): number {
  return useSyncExternalStore(subscribe, currentTime, currentTime);
}

/**
 * The tick's time. While nothing was listening the timer stood still, so the first screen to show a
 * time after a while (or after the device's clock was set back) reads the clock afresh; within a tick
 * it answers the same value, as React asks.
 */
function currentTime(): number {
  if (timer === null && Math.abs(Date.now() - now) >= TICK_MS) now = Date.now();
  return now;
}
