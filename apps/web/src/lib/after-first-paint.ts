/** Should the browser never report a first paint (it has painted nothing contentful), start anyway. */
const AT_THE_LATEST_MS = 3000;

/**
 * Runs `task` once the browser has painted the page's first content, as the
 * browser itself reports it (Paint Timing's first-contentful-paint entry, which
 * arrives once that frame is on screen). Where that report does not exist, after
 * the second animation frame. A page in a background tab paints nothing, so its
 * task runs at once.
 */
export function afterFirstPaint(task: () => void): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    task();
  };
  let observer: PerformanceObserver | undefined;
  if (document.visibilityState === 'hidden') {
    start();
  } else if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length > 0) start();
    });
    observer.observe({ type: 'paint', buffered: true });
    setTimeout(start, AT_THE_LATEST_MS);
  } else {
    requestAnimationFrame(() => requestAnimationFrame(start));
  }
}
