import { useLayoutEffect, useRef } from 'react';
import { useNavigationType } from 'react-router';
import { useLocation } from '@/lib/app-navigation';
import { sessionStore } from '@/lib/browser-storage';
import { scrollTarget, type ScrollPositions } from './scroll-target';

const STORAGE_KEY = 'scrollPositions';
/** How long a restore keeps trying while a lazily loaded screen grows tall enough (ms). */
const RESTORE_PATIENCE_MS = 1500;

function readPositions(): ScrollPositions {
  try {
    const parsed: unknown = JSON.parse(sessionStore.get(STORAGE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as ScrollPositions) : {};
  } catch {
    return {};
  }
}

/**
 * The history entry's key. The page a visit starts on has none (react-router calls it
 * "default", as it does every entry it did not create), so its position could not be
 * told apart from another's: it gets one of its own, written into the entry's state,
 * where react-router reads it back when the visitor returns to it.
 */
function entryKey(locationKey: string): string {
  if (locationKey !== 'default') return locationKey;
  const state = (window.history.state ?? {}) as { key?: unknown; idx?: unknown };
  if (typeof state.key === 'string' && state.key !== 'default') return state.key;
  const key = Math.random().toString(36).slice(2, 10);
  window.history.replaceState({ ...state, key, idx: typeof state.idx === 'number' ? state.idx : 0 }, '');
  return key;
}

/** Scrolls to `top`, retrying on each frame until the page is tall enough or patience runs out. */
function scrollWhenTallEnough(top: number, cancelled: () => boolean) {
  const started = performance.now();
  const attempt = () => {
    if (cancelled()) return;
    window.scrollTo(0, top);
    const reached = Math.abs(window.scrollY - top) < 2;
    if (!reached && performance.now() - started < RESTORE_PATIENCE_MS) requestAnimationFrame(attempt);
  };
  attempt();
}

/** Scrolls to the element the hash names, once it has rendered (screens are lazily loaded). */
function scrollToHash(hash: string, cancelled: () => boolean) {
  const id = decodeURIComponent(hash.slice(1));
  const started = performance.now();
  const attempt = () => {
    if (cancelled()) return;
    const target = document.getElementById(id);
    if (target) target.scrollIntoView();
    else if (performance.now() - started < RESTORE_PATIENCE_MS) requestAnimationFrame(attempt);
  };
  attempt();
}

/**
 * The app's scroll restoration (docs/decisions/033). react-router's <ScrollRestoration>
 * needs a data router; this app renders <BrowserRouter> (the pre-rendered pages hydrate
 * with it), so this component does the same job: a new page opens at the top, a hash
 * link at its section, and Back/Forward return to where the visitor was on that entry.
 */
export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<ScrollPositions>(readPositions());
  const firstRender = useRef(true);

  // The browser's own restoration fights ours on single-page navigations.
  useLayoutEffect(() => {
    if (!('scrollRestoration' in window.history)) return;
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    return () => {
      window.history.scrollRestoration = previous;
    };
  }, []);

  useLayoutEffect(() => {
    const key = entryKey(location.key);
    const saved = positions.current; // one object for the component's life
    // Remember this entry's position as the visitor scrolls and when the page is left.
    const remember = () => {
      saved[key] = window.scrollY;
    };
    const persist = () => {
      remember();
      sessionStore.set(STORAGE_KEY, JSON.stringify(saved));
    };
    let cancelled = false;
    const isCancelled = () => cancelled;

    const target = scrollTarget(navigationType, key, location.hash, saved[key], firstRender.current);
    firstRender.current = false;

    if (target.kind === 'top') window.scrollTo(0, 0);
    else if (target.kind === 'hash') scrollToHash(target.hash, isCancelled);
    else if (target.kind === 'position') scrollWhenTallEnough(target.top, isCancelled);

    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      cancelled = true;
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', persist);
      sessionStore.set(STORAGE_KEY, JSON.stringify(saved));
    };
  }, [location.key, location.hash, navigationType]);

  return null;
}
