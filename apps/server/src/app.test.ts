import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer } from './test-support/test-client';
import { startTestServer, type TestServer } from './test-support/test-server';
import { testDatabaseKind } from './test-support/test-database';
import { API_CSP } from './middleware/security-headers';

let server: TestServer;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'calm-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Calm Space</title><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  server = await startTestServer({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('health', () => {
  it('reports the database driver and version', async () => {
    const res = await answer(server.client().api.health.$get());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      database: testDatabaseKind(),
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      whatsapp: 'local',
    });
  });
});

describe('single-page app serving', () => {
  it('answers client-side routes with index.html', async () => {
    for (const route of ['/', '/dashboard', '/admin/users', '/no/such/page']) {
      const res = await fetch(server.url + route);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long cache', async () => {
    const res = await fetch(`${server.url}/assets/app-abc123.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
  });

  it('never answers a missing asset or API path with index.html', async () => {
    const asset = await fetch(`${server.url}/assets/missing.js`);
    expect(asset.status).toBe(404);
    expect(await asset.text()).not.toContain('<div id="root">');
    const api = await fetch(`${server.url}/api/nothing-here`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ error: 'Not found' });
  });
});

describe('security headers', () => {
  it('sends a strict CSP and the usual protections on pages', async () => {
    const res = await fetch(server.url + '/');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    // HSTS only in production: local mode is plain http on loopback
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('lets an API response, opened as a page, load and run nothing and be framed by nobody', async () => {
    // An answer, a missing route, and the API guard's own refusal (a cross-site write).
    const crossSite = { method: 'POST', headers: { origin: 'https://elsewhere.example' } };
    const requests: [string, RequestInit][] = [
      ['/api/health', {}],
      ['/api/nothing-here', {}],
      ['/api', {}],
      ['/api/me/reflections', crossSite],
    ];
    for (const [route, init] of requests) {
      const res = await fetch(server.url + route, init);
      expect(res.status, route).toBe(init === crossSite ? 403 : route === '/api/health' ? 200 : 404);
      expect(res.headers.get('content-security-policy'), route).toBe(API_CSP);
      expect(res.headers.get('x-content-type-options'), route).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), route).toBe('DENY');
      expect(res.headers.get('strict-transport-security'), route).toBeNull();
    }
    expect(API_CSP).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('sets httpOnly, SameSite session cookies', async () => {
    await server.client().signUp('cookie@example.com', 'cookie-jar-55', 'C');
    const res = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ email: 'cookie@example.com', password: 'cookie-jar-55' }),
    });
    const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token'))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });
});

describe('public configuration', () => {
  it('tells the browser whether Google sign-in is offered and nothing secret', async () => {
    const res = await answer(server.client().api.config.$get());
    expect(res.body).toEqual({
      google_sign_in: false,
      whatsapp_number: expect.stringMatching(/^\d+$/),
      local_mode: true,
    });
  });
});

describe('personal data in caches', () => {
  it('is marked no-store on session, member, admin and dev-tool responses', async () => {
    const member = server.client();
    await member.signUp('no-store@example.com');
    for (const path of [
      '/api/auth/get-session',
      '/api/me/profile',
      '/api/me/roles',
      '/api/me/subscription',
      '/api/admin/users',
      '/api/dev/mailbox',
    ]) {
      const res = await member.get(path);
      expect(res.status, path).toBeLessThan(500);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
    const signIn = await server.client().signIn('no-store@example.com');
    expect(signIn.headers.get('cache-control')).toBe('no-store');
  });
});
