import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { BETA_COPY_PLACEHOLDERS, BETA_PLACES_JSON_PLACEHOLDER, PRERENDER_ORIGIN } from '@app/shared';
import { matchesClientRoute } from './client-routes';
import { mountSpa } from './spa';

const PUBLIC_URL = 'https://calm.example';
const dists: string[] = [];
afterAll(() => dists.forEach((dist) => fs.rmSync(dist, { recursive: true, force: true })));

function makeDist(prerendered: boolean): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'calm-spa-'));
  dists.push(dist);
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  if (prerendered) {
    const dir = path.join(dist, 'prerendered');
    fs.mkdirSync(dir);
    fs.writeFileSync(
      path.join(dir, 'pricing.html'),
      `<title>Pricing</title><link rel="canonical" href="${PRERENDER_ORIGIN}/pricing"><h1>Pricing</h1>`,
    );
    fs.writeFileSync(path.join(dir, 'auth.html'), '<h1>Welcome</h1><p>Sign In tab</p>');
    fs.writeFileSync(path.join(dir, 'auth-tab-signup.html'), '<h1>Welcome</h1><p>Sign Up tab</p>');
    fs.writeFileSync(path.join(dir, '404.html'), '<h1>Oops! Page not found</h1>');
    fs.writeFileSync(
      path.join(dir, 'routes.json'),
      JSON.stringify({
        pages: { '/pricing': 'pricing.html', '/auth': 'auth.html', '/auth?tab=signup': 'auth-tab-signup.html' },
        notFound: '404.html',
        clientRoutes: ['/', '/pricing', '/auth', '/dashboard', '/admin/users', '/notes/:id'],
      }),
    );
  }
  return dist;
}

it('reads index.html once, when mounted, not from disk on every request', async () => {
  const dist = makeDist(false);
  const app = new Hono();
  expect(mountSpa(app, dist, PUBLIC_URL)).toBe(true);
  fs.rmSync(path.join(dist, 'index.html'));

  const res = await app.request('/dashboard');
  expect(res.status).toBe(200);
  expect(await res.text()).toContain('<div id="root">');
});

it('mounts nothing when the web app is not built', () => {
  expect(mountSpa(new Hono(), path.join(os.tmpdir(), 'calm-spa-missing'), PUBLIC_URL)).toBe(false);
});

describe('with pre-rendered pages', () => {
  const dist = makeDist(true);
  const app = new Hono();
  mountSpa(app, dist, PUBLIC_URL);
  // Read once at start-up: removing the files changes nothing.
  fs.rmSync(path.join(dist, 'prerendered'), { recursive: true });

  it("sends a pre-rendered page with this server's public address in its links", async () => {
    const res = await app.request('/pricing');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain('<h1>Pricing</h1>');
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/pricing">`);
    expect(html).not.toContain(PRERENDER_ORIGIN);
  });

  it('sends it compressed to a browser that accepts brotli or gzip', async () => {
    const br = await app.request('/pricing', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toContain('<h1>Pricing</h1>');

    const gzip = await app.request('/pricing', { headers: { 'Accept-Encoding': 'gzip, br;q=0' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toContain('<h1>Pricing</h1>');
  });

  it('treats /Pricing/ as /pricing, as the web router does', async () => {
    expect(await (await app.request('/Pricing/')).text()).toContain('<h1>Pricing</h1>');
  });

  it('sends the page pre-rendered for a query when the address has it (a sign-up link, decision 041)', async () => {
    const page = async (url: string) => (await app.request(url)).text();
    expect(await page('/auth?tab=signup')).toContain('Sign Up tab');
    expect(await page('/Auth/?plan=Space+Pass&tab=signup')).toContain('Sign Up tab');
    for (const other of ['/auth', '/auth?tab=signin', '/auth?plan=Space+Pass', '/auth?tab=signup-not']) {
      expect(await page(other), other).toContain('Sign In tab');
    }
  });

  it("sends the empty shell for the web router's other paths", async () => {
    for (const known of ['/dashboard', '/admin/users', '/notes/42']) {
      const res = await app.request(known);
      expect(res.status, known).toBe(200);
      expect(await res.text()).toContain('<div id="root"></div>');
    }
  });

  it('answers an unknown path with 404 and the not-found page', async () => {
    for (const unknown of ['/no-such-page', '/admin/nothing-here', '/notes/42/more']) {
      const res = await app.request(unknown);
      expect(res.status, unknown).toBe(404);
      expect(await res.text()).toContain('Oops! Page not found');
    }
  });

  it('keeps a missing API route a JSON 404', async () => {
    // A path no route has, so not in AppType: hono's own app.request asks it.
    const res = await app.request('/api/nothing');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Not found' });
  });
});

describe('with the live beta places (decision 038)', () => {
  const dist = makeDist(true);
  const template = `<script type="application/json" id="beta-places">${BETA_PLACES_JSON_PLACEHOLDER}</script>`;
  fs.writeFileSync(path.join(dist, 'index.html'), `${template}<div id="root"></div>`);
  fs.writeFileSync(
    path.join(dist, 'prerendered', 'pricing.html'),
    `${template}<p>Free beta · ${BETA_COPY_PLACEHOLDERS.spotsOfSeats}</p><i style="width:${BETA_COPY_PLACEHOLDERS.joinedPercent}"></i>`,
  );
  let places = { seats: 50, left: 50 };
  let reads = 0;
  let failing = false;
  const app = new Hono();
  mountSpa(app, dist, PUBLIC_URL, async () => {
    reads += 1;
    if (failing) throw new Error('database unavailable');
    return places;
  });

  it('fills the figures into the pre-rendered page and its JSON, and follows them when they change', async () => {
    const fresh = await (await app.request('/pricing')).text();
    expect(fresh).toContain('<p>Free beta · 50 of 50 spots left</p>');
    expect(fresh).toContain('<i style="width:0%">');
    expect(fresh).toContain('{"seats":50,"left":50}');
    expect(fresh).not.toContain('%%beta-');

    places = { seats: 50, left: 49 };
    const br = await app.request('/pricing', { headers: { 'Accept-Encoding': 'br' } });
    const html = zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString();
    expect(html).toContain('<p>Free beta · 49 of 50 spots left</p>');
    expect(html).toContain('<i style="width:2%">');
    expect(html).toContain('{"seats":50,"left":49}');
  });

  it('fills the shell the member area is served in too', async () => {
    places = { seats: 50, left: 48 };
    const html = await (await app.request('/dashboard')).text();
    expect(html).toContain('{"seats":50,"left":48}');
  });

  it('says "all taken" once no place is left', async () => {
    places = { seats: 50, left: 0 };
    expect(await (await app.request('/pricing')).text()).toContain('<p>Free beta · all 50 spots taken</p>');
  });

  it('keeps serving the last figures read when they cannot be read', async () => {
    places = { seats: 50, left: 47 };
    await app.request('/pricing');
    failing = true;
    const before = reads;
    const res = await app.request('/pricing');
    failing = false;
    expect(reads).toBe(before + 1);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('47 of 50 spots left');
  });
});

describe('matchesClientRoute', () => {
  const patterns = ['/', '/auth/callback', '/notes/:id', '/docs/*', '/photos/:id?'];
  it.each([
    ['/', true],
    ['/auth/callback', true],
    ['/AUTH/Callback/', true],
    ['/auth', false],
    ['/notes/7', true],
    ['/notes', false],
    ['/notes/7/edit', false],
    ['/docs', true],
    ['/docs/a/b', true],
    ['/photos', true],
    ['/photos/1', true],
    ['/elsewhere', false],
  ])('%s → %s', (pathname, known) => {
    expect(matchesClientRoute(pathname, patterns)).toBe(known);
  });
});
