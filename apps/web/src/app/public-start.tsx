import { startTransition, StrictMode, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { documentNavigation, type Navigation } from '@/lib/app-navigation';
import { keepHiddenContentInert } from '@/lib/inert-while-hidden';
import { logBuildInfo } from './build-info';
import { PublicApp } from './public-app';

/** Brings a pre-rendered marketing page or /auth to life, once its page module is in (public-main.tsx). */
export function startPublicPage(root: HTMLElement, Page: ComponentType, navigation?: Navigation): void {
  logBuildInfo();
  keepHiddenContentInert();
  // As a transition, hydration yields to the browser every few milliseconds instead of
  // holding the main thread until the whole page is done: the page has painted already
  // and reads as served, so a visitor's scroll or tap is never held up behind it.
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <PublicApp Page={Page} navigation={navigation ?? documentNavigation(window.location)} />
      </StrictMode>,
    );
  });
}
