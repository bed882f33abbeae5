import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Env, Hono } from 'hono';
import { fillBetaPlaces, PRERENDER_ORIGIN, type BetaPlaces } from '@app/shared';
import { matchesClientRoute } from './client-routes';

/** prerendered/routes.json, written by the web build (scripts/prerender-web.mjs). */
interface PrerenderedRoutes {
  /**
   * Page → file in prerendered/, e.g. "/pricing" → "pricing.html". A page with a
   * query ("/auth?tab=signup") answers its path when the request's query has those
   * values (decision 041: a sign-up link arrives on the Sign Up tab).
   */
  pages: Record<string, string>;
  /** The not-found page, sent with 404 for paths no route knows. */
  notFound: string;
  /** Every path pattern of the web router, e.g. "/admin/users". */
  clientRoutes: string[];
}

/** One HTML page as read at start-up, and as last sent with the beta places filled in. */
interface HtmlTemplate {
  html: string;
  filled?: { key: string; page: HtmlPage };
}

/** Where the live Free Beta Access figures come from (decision 038); absent, pages are sent as built. */
export type BetaPlacesSource = () => Promise<BetaPlaces>;

/**
 * Serves the built web app (decision 028). Hashed files under /assets are
 * cached for a year; HTML never is.
 *
 * - The public pages the build pre-rendered get their own HTML, with this
 *   server's public address in their canonical and sharing links.
 * - Other paths the web router knows get index.html, the empty shell, and the
 *   browser renders them (member area, admin, auth callback, ...).
 * - Any other path answers 404 with the pre-rendered not-found page; a missing
 *   asset or API route is a plain 404.
 *
 * Every HTML file is read once, here: a web build made while the server runs is
 * served after a restart. A build without pre-rendered pages gets the shell for
 * every path, as before. Each page is sent with the live Free Beta Access figures
 * filled in (decision 038), compressed once per change of the figures.
 */
export function mountSpa<E extends Env>(
  app: Hono<E>,
  distDir: string,
  publicUrl: string,
  betaPlaces?: BetaPlacesSource,
): boolean {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return false;
  const shell: HtmlTemplate = { html: fs.readFileSync(indexFile, 'utf8') };
  const prerendered = readPrerendered(distDir, publicUrl);
  const fill = pageFiller(betaPlaces);
  const root = path.relative(process.cwd(), distDir) || '.';

  app.use(
    '/assets/*',
    serveStatic({
      root,
      // The build writes .br and .gz beside each asset (apps/web/vite.config.ts).
      precompressed: true,
      onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  );
  app.all('/assets/*', (c) => c.text('Not found', 404));
  if (prerendered) {
    app.get('*', async (c, next) => {
      const page = prerendered.pageFor(normalisePath(c.req.path), new URL(c.req.url).searchParams);
      if (!page) return next();
      return sendHtml(c, await fill(page), 200);
    });
  }
  app.use(
    '*',
    serveStatic({ root, precompressed: true, onFound: (_path, c) => c.header('Cache-Control', 'no-cache') }),
  );
  app.get('*', async (c) => {
    if (c.req.path.startsWith('/api/')) return c.json({ error: 'Not found' }, 404);
    if (prerendered && !matchesClientRoute(c.req.path, prerendered.clientRoutes)) {
      return sendHtml(c, await fill(prerendered.notFound), 404);
    }
    c.header('Cache-Control', 'no-cache');
    return c.html((await fill(shell)).html);
  });
  return true;
}

function readPrerendered(distDir: string, publicUrl: string) {
  const dir = path.join(distDir, 'prerendered');
  const manifestFile = path.join(dir, 'routes.json');
  if (!fs.existsSync(manifestFile)) return null;
  const routes = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as PrerenderedRoutes;
  const load = (file: string): HtmlTemplate => ({
    html: fs.readFileSync(path.join(dir, file), 'utf8').replaceAll(PRERENDER_ORIGIN, publicUrl),
  });
  // Each path's pages, those with a query first, so the most particular one answers.
  const pages = new Map<string, { query: URLSearchParams; page: HtmlTemplate }[]>();
  for (const [page, file] of Object.entries(routes.pages)) {
    const [pathname = page, search = ''] = page.split('?');
    const variants = pages.get(pathname) ?? [];
    variants.push({ query: new URLSearchParams(search), page: load(file) });
    variants.sort((a, b) => b.query.size - a.query.size);
    pages.set(pathname, variants);
  }
  return {
    pageFor(pathname: string, query: URLSearchParams): HtmlTemplate | undefined {
      const matches = (wanted: URLSearchParams) => [...wanted].every(([name, value]) => query.get(name) === value);
      return pages.get(pathname)?.find((variant) => matches(variant.query))?.page;
    },
    notFound: load(routes.notFound),
    clientRoutes: routes.clientRoutes,
  };
}

/**
 * Fills the live beta figures into a page (decision 038). The filled page and its
 * compressed forms are kept until the figures change, which happens at most once
 * per place taken or given back. When the figures cannot be read, the last ones
 * read are used, so the public pages still load.
 */
function pageFiller(betaPlaces: BetaPlacesSource | undefined) {
  let lastPlaces: BetaPlaces | undefined;
  return async (template: HtmlTemplate): Promise<HtmlPage> => {
    let places: BetaPlaces | undefined;
    try {
      places = betaPlaces && (await betaPlaces());
      lastPlaces = places ?? lastPlaces;
    } catch (error) {
      if (!lastPlaces) throw error;
      places = lastPlaces;
    }
    const key = places ? `${places.seats}/${places.left}` : '';
    if (template.filled?.key !== key) {
      template.filled = { key, page: new HtmlPage(places ? fillBetaPlaces(template.html, places) : template.html) };
    }
    return template.filled.page;
  };
}

/** One HTML page, with its compressed forms made on first use and then kept. */
class HtmlPage {
  #br?: Uint8Array<ArrayBuffer>;
  #gzip?: Uint8Array<ArrayBuffer>;

  constructor(readonly html: string) {}

  // Copied once into plain ArrayBuffer-backed arrays, the body type Hono sends as is.
  get br(): Uint8Array<ArrayBuffer> {
    this.#br ??= new Uint8Array(
      zlib.brotliCompressSync(this.html, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(this.html),
        },
      }),
    );
    return this.#br;
  }

  get gzip(): Uint8Array<ArrayBuffer> {
    this.#gzip ??= new Uint8Array(zlib.gzipSync(this.html, { level: 9 }));
    return this.#gzip;
  }
}

/** "/Pricing/" is React Router's /pricing too. */
function normalisePath(pathname: string): string {
  const lower = pathname.toLowerCase();
  return lower.length > 1 ? lower.replace(/\/+$/, '') : lower;
}

/** Whether Accept-Encoding allows an encoding (a q of 0 refuses it). */
function accepts(header: string | undefined, encoding: string): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== encoding) return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

function sendHtml(c: Context, page: HtmlPage, status: 200 | 404) {
  c.header('Cache-Control', 'no-cache');
  c.header('Vary', 'Accept-Encoding');
  c.header('Content-Type', 'text/html; charset=UTF-8');
  const acceptEncoding = c.req.header('Accept-Encoding');
  if (accepts(acceptEncoding, 'br')) {
    c.header('Content-Encoding', 'br');
    return c.body(page.br, status);
  }
  if (accepts(acceptEncoding, 'gzip')) {
    c.header('Content-Encoding', 'gzip');
    return c.body(page.gzip, status);
  }
  return c.body(page.html, status);
}
