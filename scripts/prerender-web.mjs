// Pre-renders the public pages after `vite build` (decision 028): builds
// apps/web/src/entry-prerender.tsx for Node (a Vite SSR build), renders each
// page React's way (react-dom/static), and writes beside the client build:
//
//   prerendered/<page>.html   the page's markup, title, description, canonical link
//                             and sharing tags, with its route chunks preloaded
//   prerendered/404.html      the not-found page, for paths no route knows
//   prerendered/routes.json   which file answers which path, and every path pattern
//                             the web router knows (the server answers 404 outside them)
//
// Canonical and sharing links carry PRERENDER_ORIGIN; the server swaps in its
// public address when it reads the files at start-up.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
// Inside the workspace, so the rendering bundle resolves react & co. from node_modules.
const ssrOutDir = path.join(web, 'node_modules/.cache/prerender');

/** The route modules each page shows, for its <link rel="modulepreload"> tags. */
const ROUTE_MODULES = {
  '/': ['src/app/routes/landing.tsx'],
  '/auth': ['src/app/routes/auth.tsx'],
  '/pricing': ['src/app/routes/public-layout.tsx', 'src/app/routes/pricing.tsx'],
  '/how-it-works': ['src/app/routes/public-layout.tsx', 'src/app/routes/how-it-works.tsx'],
  '/success-stories': ['src/app/routes/public-layout.tsx', 'src/app/routes/success-stories.tsx'],
  '/about': ['src/app/routes/public-layout.tsx', 'src/app/routes/about.tsx'],
  '/terms': ['src/app/routes/public-layout.tsx', 'src/app/routes/terms.tsx'],
  '/privacy-policy': ['src/app/routes/public-layout.tsx', 'src/app/routes/privacy-policy.tsx'],
};
const NOT_FOUND_MODULES = ['src/app/routes/not-found.tsx'];
/** A path no route knows, to render the not-found page. */
const UNKNOWN_PATH = '/this-page-does-not-exist';

const fileNameFor = (page) => (page === '/' ? 'index.html' : `${page.slice(1).replaceAll('/', '-')}.html`);

/** The chunks a set of route modules load statically (the entry's own are preloaded by index.html already). */
function chunkFiles(manifest, modules) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk)
      throw new Error(`The build manifest has no chunk for ${key}; update ROUTE_MODULES in prerender-web.mjs.`);
    if (chunk.isEntry || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  modules.forEach(visit);
  return [...files];
}

/**
 * React writes a page's <title>, <meta>, <link> and hoisted <style> tags ahead of its markup when it
 * renders a fragment; they belong in <head>, where the browser's React finds them again.
 */
function splitHead(html) {
  const leading = /^(?:<title>[^<]*<\/title>|<style\b[^>]*>[^<]*<\/style>|<(?:meta|link)\b[^>]*\/?>)+/.exec(html);
  const head = leading ? leading[0] : '';
  return { head, body: html.slice(head.length) };
}

function pageHtml(template, rendered, preloads) {
  const { head, body } = splitHead(rendered);
  if (!/<title>/.test(head)) throw new Error('A pre-rendered page named no title (PageHead or PageTitle).');
  // A boundary still waiting when the render finished would need React's inline script.
  if (/<script|<template|<!--\$\?-->/.test(body)) throw new Error('A pre-rendered page has a suspended part.');
  const preloadTags = preloads.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
  return (
    template
      // The page's own head replaces the defaults the shell carries for other paths.
      .replace(/<title>[^<]*<\/title>\s*/, '')
      .replace(/<!--[^>]*PageHead[^>]*-->\s*/, '')
      .replace(/<meta\s+data-default-head[^>]*>\s*/g, '')
      .replace('</head>', `${head}${preloadTags}</head>`)
      // The page reads without JavaScript, so the shell's "needs JavaScript" notice would be wrong.
      .replace(/<noscript>[\s\S]*?<\/noscript>\s*/, '')
      .replace('<div id="root"></div>', `<div id="root">${body}</div>`)
  );
}

/** @param {string} outDir the client build (apps/web/dist by default) */
export async function prerenderWeb(outDir = path.join(web, 'dist')) {
  execFileSync(
    'npx',
    ['vite', 'build', '--ssr', 'src/entry-prerender.tsx', '--outDir', ssrOutDir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: web, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  // No query string on this URL: the route chunks import the entry back by its plain URL,
  // and a second instance of it would carry a second set of React contexts.
  const entry = await import(pathToFileURL(path.join(ssrOutDir, 'entry-prerender.js')).href);
  const template = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'));
  const target = path.join(outDir, 'prerendered');
  fs.rmSync(target, { recursive: true, force: true });
  fs.mkdirSync(target, { recursive: true });

  const pages = {};
  for (const page of entry.PRERENDERED_PATHS) {
    const modules = ROUTE_MODULES[page];
    if (!modules) throw new Error(`No route modules listed for the pre-rendered page ${page} in prerender-web.mjs.`);
    const html = pageHtml(template, await entry.renderPage(page), chunkFiles(manifest, modules));
    fs.writeFileSync(path.join(target, fileNameFor(page)), html);
    pages[page] = fileNameFor(page);
  }
  const notFound = pageHtml(template, await entry.renderPage(UNKNOWN_PATH), chunkFiles(manifest, NOT_FOUND_MODULES));
  fs.writeFileSync(path.join(target, '404.html'), notFound);
  const routes = { pages, notFound: '404.html', clientRoutes: entry.clientRoutePatterns() };
  fs.writeFileSync(path.join(target, 'routes.json'), `${JSON.stringify(routes, null, 2)}\n`);
  console.log(
    `Pre-rendered ${Object.keys(pages).length} pages and the not-found page into ${path.relative(root, target)}.`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await prerenderWeb(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
}
