// Pre-renders the public pages after `vite build` (decision 028): builds
// apps/web/src/entry-prerender.tsx for Node (a Vite SSR build), renders each
// page React's way (react-dom/static), and writes beside the client build:
//
//   prerendered/<page>.html   the page's markup, title, description, canonical link
//                             and sharing tags, with its route chunks preloaded
//   prerendered/404.html      the not-found page, for paths no route knows
//   prerendered/routes.json   which file answers which path (a page such as
//                             "/auth?tab=signup" answers that path with that query),
//                             and every path pattern the web router knows (the
//                             server answers 404 outside them)
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

/** The SPA's entry, and the one of the marketing pages and /auth (decisions 041, 043), as the build manifest names them. */
const SPA_ENTRY = 'index.html';
const PUBLIC_ENTRY = 'src/public-main.tsx';

/**
 * The modules a page loads before it hydrates, for its <link rel="modulepreload"> tags.
 * Every page here is hydrated by the public entry (the SPA pre-renders only its not-found
 * page). The marketing pages have none: their entry asks for its modules once the page
 * has painted (public-main.tsx, decision 045). /auth's are many small chunks, so its HTML
 * lists them (PAGE_MODULES_ID) for the entry to ask for all at once after the first paint,
 * rather than one import level at a time (decisions 043, 045).
 */
const ROUTE_MODULES = {
  '/auth': ['src/app/public-start.tsx', 'src/app/routes/auth.tsx', 'src/lib/in-page-navigation.ts'],
  '/auth?tab=signup': ['src/app/public-start.tsx', 'src/app/routes/auth.tsx', 'src/lib/in-page-navigation.ts'],
};
const NOT_FOUND_MODULES = ['src/app/routes/not-found.tsx'];
/** A path no route knows, to render the not-found page. */
const UNKNOWN_PATH = '/this-page-does-not-exist';

/** "/" → index.html, "/privacy-policy" → privacy-policy.html, "/auth?tab=signup" → auth-tab-signup.html. */
const fileNameFor = (page) => (page === '/' ? 'index.html' : `${page.slice(1).replaceAll(/[^a-z0-9]+/g, '-')}.html`);

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

/**
 * A pre-rendered page paints from its HTML and style sheet alone; its scripts only make it
 * interactive. Asking for them at low priority lets the style sheet and the fonts arrive
 * first on a slow connection (first paint about 2.2 s → 1.1 s on Lighthouse's slow 4G),
 * while the scripts still download in parallel, so hydration is not held back.
 */
function scriptsAtLowPriority(html) {
  return html.replace(
    /<(script type="module"|link rel="modulepreload") crossorigin/g,
    '<$1 fetchpriority="low" crossorigin',
  );
}

/** An entry's own tags: its script, the chunks it imports (preloaded) and its style sheets. */
function entryTags(manifest, key) {
  const entry = manifest[key];
  if (!entry) throw new Error(`The build manifest has no entry ${key}; see apps/web/vite.config.ts.`);
  const chunks = [];
  const css = new Set(entry.css ?? []);
  const visit = (name) => {
    const chunk = manifest[name];
    if (chunks.includes(chunk)) return;
    chunks.push(chunk);
    (chunk.css ?? []).forEach((file) => css.add(file));
    (chunk.imports ?? []).forEach(visit);
  };
  (entry.imports ?? []).forEach(visit);
  return [
    `<script type="module" crossorigin src="/${entry.file}"></script>`,
    ...chunks.map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk.file}">`),
    ...[...css].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
  ];
}

/**
 * The shell with the public entry (marketing pages and /auth) in place of the SPA's:
 * the same tags Vite wrote for index.html, made for the other entry.
 */
function publicTemplate(template, manifest) {
  const [spaScript, ...spaTags] = entryTags(manifest, SPA_ENTRY);
  const [publicScript, ...publicTags] = entryTags(manifest, PUBLIC_ENTRY);
  if (!template.includes(spaScript)) throw new Error('index.html no longer holds the entry tags Vite writes.');
  let html = template.replace(spaScript, publicScript);
  for (const tag of spaTags) html = html.replace(tag, '');
  return html.replace('</head>', `${publicTags.join('')}</head>`);
}

/** The element id of a page's module list, as public-main.tsx reads it (lib/page-modules.ts). */
const PAGE_MODULES_ID = 'page-modules';

/**
 * A page hydrated by the public entry names its modules as data, fetched only once the page
 * has painted (decision 045); the SPA's not-found page preloads them as usual.
 */
function moduleTags(files, afterPaint) {
  if (!files.length) return '';
  if (afterPaint) {
    const list = JSON.stringify(files.map((file) => `/${file}`));
    return `<script type="application/json" id="${PAGE_MODULES_ID}">${list}</script>`;
  }
  return files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
}

function pageHtml(template, rendered, preloads, { afterPaint = false } = {}) {
  const { head, body } = splitHead(rendered);
  if (!/<title>/.test(head)) throw new Error('A pre-rendered page named no title (PageHead or PageTitle).');
  // A boundary still waiting when the render finished would need React's inline script.
  if (/<script|<template|<!--\$\?-->/.test(body)) throw new Error('A pre-rendered page has a suspended part.');
  const preloadTags = moduleTags(
    preloads.filter((file) => !template.includes(`href="/${file}"`)),
    afterPaint,
  );
  return scriptsAtLowPriority(
    template
      // The page's own head replaces the defaults the shell carries for other paths.
      .replace(/<title>[^<]*<\/title>\s*/, '')
      .replace(/<!--[^>]*PageHead[^>]*-->\s*/, '')
      .replace(/<meta\s+data-default-head[^>]*>\s*/g, '')
      .replace('</head>', `${head}${preloadTags}</head>`)
      // The page reads without JavaScript, so the shell's "needs JavaScript" notice would be wrong.
      .replace(/<noscript>[\s\S]*?<\/noscript>\s*/, '')
      .replace('<div id="root"></div>', `<div id="root">${body}</div>`),
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

  const publicShell = publicTemplate(template, manifest);

  const pages = {};
  for (const page of entry.PRERENDERED_PATHS) {
    const modules = ROUTE_MODULES[page] ?? [];
    const html = pageHtml(publicShell, await entry.renderPage(page), chunkFiles(manifest, modules), {
      afterPaint: true,
    });
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
