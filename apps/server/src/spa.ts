import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Env, Hono } from 'hono';

/**
 * Serves the built web app. Hashed files under /assets are cached for a year;
 * index.html never is. Any other GET that is not /api or /assets gets
 * index.html (client-side routing); a missing asset is a real 404.
 * index.html is read once, here: a web build made while the server runs is
 * served after a restart.
 */
export function mountSpa<E extends Env>(app: Hono<E>, distDir: string): boolean {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return false;
  const indexHtml = fs.readFileSync(indexFile, 'utf8');
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
  app.use(
    '*',
    serveStatic({ root, precompressed: true, onFound: (_path, c) => c.header('Cache-Control', 'no-cache') }),
  );
  app.get('*', (c) => {
    if (c.req.path.startsWith('/api/')) return c.json({ error: 'Not found' }, 404);
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
  });
  return true;
}
