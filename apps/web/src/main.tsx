import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { logBuildInfo } from './app/build-info';
import { preloadPrerenderedScreens } from './app/router';
import { keepHiddenContentInert } from './lib/inert-while-hidden';
import './index.css';

logBuildInfo();
keepHiddenContentInert();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element to render into.');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// The not-found page, which the build pre-renders (scripts/prerender-web.mjs), arrives
// with its markup: React adopts it once its screen is loaded (its chunk is preloaded
// from the HTML). Any other path gets the empty shell and renders here.
if (root.hasChildNodes()) {
  void preloadPrerenderedScreens().then(() => hydrateRoot(root, app));
} else {
  createRoot(root).render(app);
}
