import type { Page, Route } from 'playwright-core';

/**
 * Holds the page's `method` requests to `url` (a glob, as page.route takes) on
 * their way to the server until the test releases them: the moment between an
 * action and the server's answer, made as long as the test needs, to check
 * what the page shows in it (a busy button, a "saving" state, never "saved").
 * Other methods to the same address go through.
 */
export async function holdRequests(page: Page, url: string, method = 'POST') {
  const held: Route[] = [];
  let firstHeld!: () => void;
  const arrived = new Promise<void>((resolve) => (firstHeld = resolve));
  await page.route(url, (route) => {
    if (route.request().method() !== method) return void route.fallback();
    held.push(route);
    firstHeld();
  });
  return {
    count: () => held.length,
    /** Resolves once the first request is being held. */
    arrived,
    /** Sends every held request on to the server, and lets later ones through. */
    release: async () => {
      await Promise.all(held.map((route) => route.continue()));
      await page.unroute(url);
    },
  };
}
