/**
 * Build-time rendering of the public pages (scripts/prerender-web.mjs, decision 028).
 * Built by Vite in SSR mode and run once in Node after `vite build`; never shipped.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createRoutesFromChildren, StaticRouter, type RouteObject } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRouter, preloadPrerenderedScreens, PRERENDERED_PATHS } from './app/router';

export { PRERENDERED_PATHS };

/** The page's HTML as React renders it on the first client render (session still unknown). */
export async function renderPage(url: string): Promise<string> {
  // With the screens loaded nothing suspends, so every boundary is complete in the HTML
  // (a suspended one would be streamed with an inline script, which the CSP refuses).
  await preloadPrerenderedScreens(url);
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location={url}>
        <AppProviders>
          <AppRouter />
        </AppProviders>
      </StaticRouter>
    </StrictMode>,
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
