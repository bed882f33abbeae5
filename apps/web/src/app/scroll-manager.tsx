import { useLayoutEffect, useRef } from 'react';
import { useNavigationType } from 'react-router';
import { useLocation } from '@/lib/app-navigation';
import { sessionStore } from '@/lib/browser-storage';
import { scrollTarget, type ScrollPositions } from './scroll-target';

const STORAGE_KEY = 'scrollPositions';

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

/** What a person does to scroll or move on their own: from then on, where the page is belongs to them. */
const TAKE_OVER_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Runs `align` now and again each time the page's height changes, until it says the page is where it
 * should be, the person takes over (TAKE_OVER_EVENTS) or the returned stop is called (the page is left).
 * Screens are loaded lazily and their cards grow from placeholders as their reads land, in any order
 * and, on a slow network, seconds later: a position or a section scrolled to once would be lost.
 * Growth is what moves it, so growth is what is watched, with no time limit.
 */
function alignAsThePageGrows(align: () => boolean): () => void {
  let stopped = false;
  const observer = new ResizeObserver(() => {
    if (!stopped && align()) stop();
  });
  function stop() {
    stopped = true;
    observer.disconnect();
    for (const type of TAKE_OVER_EVENTS) window.removeEventListener(type, stop, true);
  }
  for (const type of TAKE_OVER_EVENTS) window.addEventListener(type, stop, { capture: true, passive: true });
  if (align()) stop();
  // Reports the body's size at once, then at every change.
  else observer.observe(document.body);
  return stop;
}

/** Scrolls to `top` once the page is tall enough to. */
function scrollWhenTallEnough(top: number): () => void {
  return alignAsThePageGrows(() => {
    window.scrollTo(0, top);
    return Math.abs(window.scrollY - top) < 2;
  });
}

/**
 * Scrolls to the element the hash names once it has rendered, and keeps it there while the
 * cards above it load and grow (the browser's own scroll anchoring does not act on a page still
 * at its top, which is where a short, loading page leaves it).
 */
function scrollToHash(hash: string): () => void {
  const id = decodeURIComponent(hash.slice(1));
  return alignAsThePageGrows(() => {
    document.getElementById(id)?.scrollIntoView();
    return false;
  });
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
    const target = scrollTarget(navigationType, key, location.hash, saved[key], firstRender.current);
    firstRender.current = false;

    let stopAligning = () => {};
    if (target.kind === 'top') window.scrollTo(0, 0);
    else if (target.kind === 'hash') stopAligning = scrollToHash(target.hash);
    else if (target.kind === 'position') stopAligning = scrollWhenTallEnough(target.top);

    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      stopAligning();
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', persist);
      sessionStore.set(STORAGE_KEY, JSON.stringify(saved));
    };
  }, [location.key, location.hash, navigationType]);

  return null;
}
