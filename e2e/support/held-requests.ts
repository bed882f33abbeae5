import type { Page, Route } from 'playwright-core';

/**
 * Holds the page's `method` requests to `url` (a glob, as page.route takes) on
 * their way to the server until the test releases them: the moment between an
 * action and the server's answer, made as long as the test needs, to check
 * what the page shows in it (a busy button, a "saving" state, never "saved").
 * Other methods to the same address go through.
 *
 * `count` counts every such request the page sends, before and after the
 * release, so "asked only once" can be checked once the answer is on screen.
 * A request reaches the route a moment after the page shows it is busy, so a
 * test waits for `arrived` (or polls `count`) rather than reading it at once.
 */
export async function holdRequests(page: Page, url: string, method = 'POST') {
  const held: Route[] = [];
  let sent = 0;
  let released = false;
  let firstHeld!: () => void;
  const arrived = new Promise<void>((resolve) => (firstHeld = resolve));
  await page.route(url, (route) => {
    if (route.request().method() !== method) return void route.fallback();
    sent += 1;
    firstHeld();
    if (released) return void route.continue();
    held.push(route);
  });
  return {
    count: () => sent,
    /** Resolves once the first request is being held. */
    arrived,
    /** Sends every held request on to the server, and lets later ones through. */
    release: async () => {
      released = true;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}
