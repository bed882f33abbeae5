import { publicPageAt } from './app/public-pages';
import { afterFirstPaint } from './lib/after-first-paint';
import { preloadListedModules } from './lib/page-modules';
import './index.css';

/**
 * The entry of the marketing pages (decision 041) and /auth (decision 043): each
 * arrives pre-rendered (scripts/prerender-web.mjs) and is hydrated here without
 * React Router. A link to another page is an ordinary link; every other path runs
 * the SPA (main.tsx).
 *
 * The page paints from its HTML and style sheet alone, so its scripts are asked
 * for only once it has painted (decision 045): on a slow connection the style
 * sheet and fonts then have the line to themselves, and the page shows sooner.
 * This module imports nothing else that runs: React comes with the import below.
 */
const root = document.getElementById('root');
const page = publicPageAt(window.location.pathname);
if (!root || !page) throw new Error('This entry runs on the pre-rendered marketing pages and /auth only.');

// The page's module and React's start together; hydrating once both are in means
// nothing suspends, so React keeps the pre-rendered markup (decision 028).
afterFirstPaint(() => {
  preloadListedModules();
  void Promise.all([import('./app/public-start'), page.hydrate(), page.navigation?.()]).then(
    ([{ startPublicPage }, Page, navigation]) => startPublicPage(root, Page, navigation),
  );
});
