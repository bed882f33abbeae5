/**
 * Build-time rendering of the public pages (scripts/prerender-web.mjs, decision 028).
 * Built by Vite in SSR mode and run once in Node after `vite build`; never shipped.
 */
import { StrictMode, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { createRoutesFromChildren, StaticRouter, type RouteObject } from 'react-router';
import { PRERENDER_ORIGIN } from '@app/shared';
import { AppProviders } from './app/app-providers';
import { PublicApp } from './app/public-app';
import { PUBLIC_PAGES, publicPageAt } from './app/public-pages';
import { AppRouter, preloadPrerenderedScreens } from './app/router';
import { documentNavigation } from './lib/app-navigation';
import { SIGN_UP_PATH } from './lib/sign-up-link';
import { RouterNavigation } from './lib/router-navigation';

/**
 * The pages pre-rendered for their own entry (public-main.tsx: the marketing pages
 * and /auth, decisions 041 and 043), and /auth on its Sign Up tab, which a sign-up
 * link followed as a page load asks for (decision 041). The SPA pre-renders only
 * its not-found page.
 */
export const PRERENDERED_PATHS = [...Object.keys(PUBLIC_PAGES), SIGN_UP_PATH];

/**
 * A page of the public entry as public-main.tsx hydrates it (decisions 041, 043);
 * any other, the not-found page, as the SPA (main.tsx) does.
 */
async function pageTree(url: string): Promise<ReactNode> {
  const page = publicPageAt(url);
  if (page) {
    const Page = await page.render();
    return <PublicApp Page={Page} navigation={documentNavigation(new URL(url, PRERENDER_ORIGIN))} />;
  }
  await preloadPrerenderedScreens();
  return (
    <StaticRouter location={url}>
      <RouterNavigation>
        <AppProviders>
          <AppRouter />
        </AppProviders>
      </RouterNavigation>
    </StaticRouter>
  );
}

/** The page's HTML as React renders it on the first client render (session still unknown). */
export async function renderPage(url: string): Promise<string> {
  // With the screens loaded nothing suspends, so every boundary is complete in the HTML
  // (a suspended one would be streamed with an inline script, which the CSP refuses).
  const tree = await pageTree(url);
  const { prelude } = await prerender(
    <StrictMode>{tree}</StrictMode>,
    // React outlines a large finished boundary to stream the rest sooner; a static page
    // must carry every boundary inline, since outlining needs an inline script.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}

/**
 * Every path pattern the web router knows ("/admin/users", "/auth/callback"),
 * read from the router itself so the server's list of client routes can never
 * fall behind it. The catch-all not-found route is left out.
 */
export function clientRoutePatterns(): string[] {
  const tree = AppRouter() as React.ReactElement<{ children: React.ReactElement<{ children: React.ReactNode }> }>;
  const routes = createRoutesFromChildren(tree.props.children.props.children);
  const patterns: string[] = [];
  const walk = (list: RouteObject[], parent: string) => {
    for (const route of list) {
      const path = route.path
        ? route.path.startsWith('/')
          ? route.path
          : `${parent.replace(/\/$/, '')}/${route.path}`
        : parent;
      if (route.index || (route.path && !route.children?.length)) patterns.push(path);
      if (route.children) walk(route.children, path);
    }
  };
  walk(routes, '');
  return [...new Set(patterns)].filter((pattern) => pattern !== '/*' && pattern !== '*');
}
