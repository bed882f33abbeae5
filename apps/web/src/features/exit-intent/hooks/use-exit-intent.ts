import { useEffect, useRef } from 'react';
import { EXIT_INTENT } from '@app/shared';
import { sessionStore } from '@/lib/browser-storage';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { createFlickDetector } from '../lib/flick-detector';

/**
 * Calls `onExitIntent` once per browser session when the visitor looks like
 * leaving (docs/product.md#exit-intent-offer): on a desktop, the pointer leaves the page at the top
 * edge and stays out for 100 ms; on a phone-sized screen (under 768 px), a
 * fast upward flick into the top quarter after reading past it (lib/flick-detector.ts).
 */
export function useExitIntent(onExitIntent: () => void, enabled = true) {
  const callback = useRef(onExitIntent);
  useEffect(() => {
    callback.current = onExitIntent;
  });

  useEffect(() => {
    if (!enabled || sessionStore.get(STORAGE_KEYS.exitIntentShown) === 'true') return;
    let timer: number | undefined;
    const isFlick = createFlickDetector();

    const fire = () => {
      stop();
      sessionStore.set(STORAGE_KEYS.exitIntentShown, 'true');
      callback.current();
    };

    // `mouseout` with no element to go to means the pointer left the page itself.
    const onMouseOut = (event: MouseEvent) => {
      if (event.relatedTarget !== null || event.clientY > EXIT_INTENT.topEdgePx) return;
      window.clearTimeout(timer);
      timer = window.setTimeout(fire, EXIT_INTENT.showDelayMs);
    };
    // Back on the page within the delay: it was only a brush past the edge.
    const onMouseOver = () => window.clearTimeout(timer);

    const onScroll = () => {
      if (window.innerWidth >= EXIT_INTENT.mobileBreakpointPx) return;
      const scrollable = document.documentElement.scrollHeight - window.innerHeight;
      if (isFlick({ y: window.scrollY, time: performance.now(), scrollable })) fire();
    };

    function stop() {
      window.clearTimeout(timer);
      document.removeEventListener('mouseout', onMouseOut);
      document.removeEventListener('mouseover', onMouseOver);
      window.removeEventListener('scroll', onScroll);
    }

    document.addEventListener('mouseout', onMouseOut);
    document.addEventListener('mouseover', onMouseOver);
    window.addEventListener('scroll', onScroll, { passive: true });
    return stop;
  }, [enabled]);
}
