import type { ComponentType } from 'react';
import type { MARKETING_PATHS } from '@app/shared';
import type { Navigation } from '@/lib/app-navigation';

type PageModule = { default: ComponentType };

interface PublicPage {
  /** The page whole, as the build pre-renders it. */
  render: () => Promise<ComponentType>;
  /** What the marketing pages' entry hydrates: the same page, or its shell around parts kept as pre-rendered. */
  hydrate: () => Promise<ComponentType>;
  /** Its navigation, for a page that navigates within itself (/auth, decision 043); else the plain one. */
  navigation?: () => Promise<Navigation>;
}

/**
 * A marketing or legal page in the frame they share (the landing page has its own).
 * The frame comes with the page's chunk: this module holds no component, so the
 * entry that imports it stays free of React until the page has painted (public-main.tsx).
 */
function framed(load: () => Promise<PageModule>): PublicPage {
  const page = () =>
    Promise.all([load(), import('./public-frame')]).then(([{ default: Page }, { framedPage }]) => framedPage(Page));
  return { render: page, hydrate: page };
}

const screen = (load: () => Promise<PageModule>) => () => load().then((module) => module.default);

/**
 * The marketing pages and /auth, for their own entry (public-main.tsx, decisions
 * 041 and 043): the build pre-renders each (scripts/prerender-web.mjs) and the page
 * hydrates without a router. The same screens sit in the SPA's route table
 * (router.tsx), for a member who follows a link to them from inside the app, and
 * for the sign-out that lands on /auth.
 */
export const PUBLIC_PAGES: Record<(typeof MARKETING_PATHS)[number] | '/auth', PublicPage> = {
  '/': { render: screen(() => import('./routes/landing')), hydrate: screen(() => import('./routes/landing-shell')) },
  '/how-it-works': framed(() => import('./routes/how-it-works')),
  '/pricing': framed(() => import('./routes/pricing')),
  '/success-stories': framed(() => import('./routes/success-stories')),
  '/about': framed(() => import('./routes/about')),
  '/ai-coach': framed(() => import('./routes/ai-coach')),
  '/terms': framed(() => import('./routes/terms')),
  '/privacy-policy': framed(() => import('./routes/privacy-policy')),
  '/auth': {
    render: screen(() => import('./routes/auth')),
    hydrate: screen(() => import('./routes/auth')),
    navigation: () => import('@/lib/in-page-navigation').then((module) => module.inPageNavigation()),
  },
};

/** The page at a path ("/auth?tab=signup" is /auth) as the server matches it ("/Pricing/" is /pricing), if it is one. */
export function publicPageAt(url: string): PublicPage | undefined {
  const lower = (url.split(/[?#]/)[0] ?? url).toLowerCase();
  const path = lower.length > 1 ? lower.replace(/\/+$/, '') : lower;
  return Object.hasOwn(PUBLIC_PAGES, path) ? PUBLIC_PAGES[path as keyof typeof PUBLIC_PAGES] : undefined;
}
