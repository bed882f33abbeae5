import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useExitIntent } from './use-exit-intent';

/**
 * The trigger's figures, checked through what a visitor does (docs/product.md,
 * exit-intent offer): the pointer out at the top edge (10 px) for 100 ms on a
 * desktop; on a phone, a fast flick back up into the top quarter after reading
 * past it; once per browser session.
 */
const PAGE_HEIGHT = 5000;

function setWindow(width: number, height = 800) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: height });
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: PAGE_HEIGHT });
}

/** The pointer leaves the page (no element to go to) at height `y`. */
const leaveAt = (y: number) =>
  document.dispatchEvent(new MouseEvent('mouseout', { clientY: y, relatedTarget: null, bubbles: true }));
const comeBack = () => document.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  window.dispatchEvent(new Event('scroll'));
}

function watch() {
  const onExitIntent = vi.fn();
  renderHook(() => useExitIntent(onExitIntent));
  return onExitIntent;
}

beforeEach(() => {
  // performance.now too: the phone trigger measures how fast the page moves.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'] });
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('on a desktop', () => {
  beforeEach(() => setWindow(1280));

  it('fires once the pointer has been out at the top for 100 ms, and only once per session', () => {
    const onExitIntent = watch();
    leaveAt(5);
    vi.advanceTimersByTime(99);
    expect(onExitIntent).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onExitIntent).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem('exitIntentShown')).toBe('true');

    leaveAt(5);
    vi.advanceTimersByTime(1000);
    expect(onExitIntent).toHaveBeenCalledTimes(1);
    cleanup();
    // A new page in the same session does not offer it again.
    const again = watch();
    leaveAt(5);
    vi.advanceTimersByTime(1000);
    expect(again).not.toHaveBeenCalled();
  });

  it('ignores a pointer that comes back within the delay, or leaves below the top 10 px', () => {
    const onExitIntent = watch();
    leaveAt(5);
    vi.advanceTimersByTime(50);
    comeBack();
    vi.advanceTimersByTime(1000);
    leaveAt(11);
    vi.advanceTimersByTime(1000);
    expect(onExitIntent).not.toHaveBeenCalled();
    leaveAt(10);
    vi.advanceTimersByTime(100);
    expect(onExitIntent).toHaveBeenCalledTimes(1);
  });
});

describe('on a phone', () => {
  beforeEach(() => setWindow(375));

  // The gesture's own rules are tested in lib/flick-detector.test.ts; here, that the hook listens.
  it('fires on a fast flick up into the top quarter after reading past it, and not on a slow scroll up', () => {
    const scrollable = PAGE_HEIGHT - 800;
    const onExitIntent = watch();
    scrollTo(Math.floor(scrollable * 0.5));
    vi.advanceTimersByTime(1000);
    // Back up slowly, a screenful at a time: reading, not leaving.
    for (const share of [0.4, 0.3, 0.2, 0.1]) {
      scrollTo(Math.floor(scrollable * share));
      vi.advanceTimersByTime(500);
    }
    expect(onExitIntent).not.toHaveBeenCalled();

    scrollTo(Math.floor(scrollable * 0.6));
    vi.advanceTimersByTime(1000);
    scrollTo(Math.floor(scrollable * 0.6) - 300);
    vi.advanceTimersByTime(16);
    scrollTo(Math.floor(scrollable * 0.2));
    expect(onExitIntent).toHaveBeenCalledTimes(1);
  });

  it('leaves scrolling alone from 768 px wide', () => {
    setWindow(768);
    const onExitIntent = watch();
    scrollTo(3000);
    vi.advanceTimersByTime(16);
    scrollTo(100);
    expect(onExitIntent).not.toHaveBeenCalled();
  });
});
