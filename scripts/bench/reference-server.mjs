// The stack's ceiling for `npm run bench:api`: a bare Hono endpoint that runs
// one `select 1` through a node-postgres pool, on the same libraries and pool
// size as the real server and nothing else (no middleware, no logging).
//
//   DATABASE_URL=postgres://... PORT=4000 node scripts/bench/reference-server.mjs
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Resolve the libraries as the server does, whatever npm hoisted.
const serverPackage = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/server/package.json');
const require = createRequire(serverPackage);
const { Hono } = await import(require.resolve('hono'));
const { serve } = await import(require.resolve('@hono/node-server'));
const { default: pg } = await import(require.resolve('pg'));

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = new Hono().get('/', async (c) => {
  await pool.query('select 1');
  return c.json({ ok: true });
});

const server = serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 4000), hostname: '127.0.0.1' }, (info) =>
  console.log(`reference server on http://127.0.0.1:${info.port}`),
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.close();
    server.closeAllConnections?.();
    void pool.end().then(() => process.exit(0));
  });
}
