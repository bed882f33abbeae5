import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppDeps } from '../app-deps';
import type { AppEnv } from '../app-env';
import { apiEndpointsOf, routeAccess } from './access';

/**
 * The guards that need no session, and the registry that the authorization
 * matrix (authorization-matrix.test.ts) relies on. The member and admin guards
 * are exercised on the real routes by that matrix. The calls here go to small
 * apps built in this file, not the server's AppType: hono's own app.request.
 */
const accessFor = (production: boolean) =>
  routeAccess({ config: { production }, auth: undefined, db: undefined } as unknown as AppDeps);

describe('webhook access', () => {
  const access = accessFor(false);
  const app = new Hono<AppEnv>().post(
    '/api/hooks/payments',
    access.webhook({
      description: 'X-Signature (test)',
      verify: async (_raw, header) => header('x-signature') === 'signed-by-the-provider',
    }),
    (c) => c.json({ received: true }),
  );

  it('refuses a call without the sender’s signature with 400, as Stripe expects', async () => {
    const res = await app.request('/api/hooks/payments', { method: 'POST', body: '{}' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Invalid signature' });
    const forged = await app.request('/api/hooks/payments', {
      method: 'POST',
      body: '{}',
      headers: { 'x-signature': 'guessed' },
    });
    expect(forged.status).toBe(400);
  });

  it('lets a signed call through to the handler', async () => {
    const res = await app.request('/api/hooks/payments', {
      method: 'POST',
      body: '{}',
      headers: { 'x-signature': 'signed-by-the-provider' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });
  });

  it('names its verifier in the route registry', () => {
    expect(apiEndpointsOf(app)).toEqual([
      {
        method: 'POST',
        path: '/api/hooks/payments',
        levels: ['webhook'],
        guardFirst: true,
        verifier: 'X-Signature (test)',
        refusalStatus: 400,
      },
    ]);
  });

  it('refuses with the sender’s own status when it has one, and tells the route of each refusal', async () => {
    const refused: string[] = [];
    const meta = new Hono<AppEnv>().post(
      '/api/hooks/meta',
      access.webhook(
        { description: 'X-Hub (test)', verify: async (_raw, header) => header('x-hub') === 'signed' },
        { refusalStatus: 401, onRefused: (c) => void refused.push(c.req.path) },
      ),
      (c) => c.json({ received: true }),
    );
    const res = await meta.request('/api/hooks/meta', { method: 'POST', body: '{}' });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Invalid signature' });
    expect(refused).toEqual(['/api/hooks/meta']);
    const signed = await meta.request('/api/hooks/meta', {
      method: 'POST',
      body: '{}',
      headers: { 'x-hub': 'signed' },
    });
    expect(signed.status).toBe(200);
    expect(refused).toHaveLength(1);
    expect(apiEndpointsOf(meta)[0]).toMatchObject({ verifier: 'X-Hub (test)', refusalStatus: 401 });
  });
});

describe('local-only access', () => {
  const appIn = (production: boolean) =>
    new Hono<AppEnv>().get('/api/dev/tool', accessFor(production).localOnly, (c) => c.json({ tool: 'ok' }));

  it('serves in local mode', async () => {
    expect((await appIn(false).request('/api/dev/tool')).status).toBe(200);
  });

  it('answers as a missing route in production', async () => {
    const res = await appIn(true).request('/api/dev/tool');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Not found' });
  });
});

describe('the route registry', () => {
  const access = accessFor(false);
  const handler = () => new Response('ok');
  const app = new Hono<AppEnv>()
    .use('/api/*', async (_c, next) => next())
    .basePath('/api')
    .route(
      '/things',
      new Hono<AppEnv>()
        .get('/', access.public, handler)
        .post('/:id', access.member, handler)
        .put('/:id', async (_c, next) => next(), access.admin, handler)
        .delete('/:id', handler),
    )
    .all('/*', handler);

  it('lists every endpoint under /api with the level it declares, and whether the guard comes first', () => {
    expect(apiEndpointsOf(app)).toEqual([
      { method: 'GET', path: '/api/things', levels: ['public'], guardFirst: true },
      { method: 'POST', path: '/api/things/:id', levels: ['member'], guardFirst: true },
      { method: 'PUT', path: '/api/things/:id', levels: ['admin'], guardFirst: false },
      { method: 'DELETE', path: '/api/things/:id', levels: [], guardFirst: false },
    ]);
  });
});
