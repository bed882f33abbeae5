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

// A page the build pre-rendered (scripts/prerender-web.mjs) arrives with its markup:
// React adopts it once the page's screens are loaded (their chunks are preloaded
// from the HTML). Any other path gets the empty shell and renders here.
if (root.hasChildNodes()) {
  void preloadPrerenderedScreens(window.location.pathname).then(() => hydrateRoot(root, app));
} else {
  createRoot(root).render(app);
}
