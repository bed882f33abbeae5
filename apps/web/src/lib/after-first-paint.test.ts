import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from './after-first-paint';

/** A stand-in for the browser's PerformanceObserver that reports what the test says was painted. */
class FakePaintObserver {
  static supportedEntryTypes = ['paint'];
  static instances: FakePaintObserver[] = [];
  disconnected = false;
  constructor(private readonly callback: (entries: { getEntriesByName: (name: string) => unknown[] }) => void) {
    FakePaintObserver.instances.push(this);
  }
  observe() {}
  disconnect() {
    this.disconnected = true;
  }
  report(names: string[]) {
    this.callback({ getEntriesByName: (name) => names.filter((n) => n === name) });
  }
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  FakePaintObserver.instances = [];
  setVisibility('visible');
});

describe('afterFirstPaint', () => {
  it('waits for the first contentful paint, not the first paint of anything, and runs once', () => {
    vi.useFakeTimers();
    vi.stubGlobal('PerformanceObserver', FakePaintObserver);
    const task = vi.fn();
    afterFirstPaint(task);
    const observer = FakePaintObserver.instances[0]!;
    observer.report(['first-paint']);
    expect(task).not.toHaveBeenCalled();
    observer.report(['first-contentful-paint']);
    expect(task).toHaveBeenCalledTimes(1);
    expect(observer.disconnected).toBe(true);
    // The latest-start timer finds the work done.
    vi.advanceTimersByTime(10_000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('starts anyway after 3 seconds when no contentful paint is reported', () => {
    vi.useFakeTimers();
    vi.stubGlobal('PerformanceObserver', FakePaintObserver);
    const task = vi.fn();
    afterFirstPaint(task);
    vi.advanceTimersByTime(2999);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs at once in a background tab, which paints nothing', () => {
    setVisibility('hidden');
    const task = vi.fn();
    afterFirstPaint(task);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('waits two animation frames where the browser reports no paints', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    const task = vi.fn();
    afterFirstPaint(task);
    frames.shift()!(0);
    expect(task).not.toHaveBeenCalled();
    frames.shift()!(16);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
