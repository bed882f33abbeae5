import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: 'https://calm.example/' });
});
afterAll(() => server.close());

describe('robots.txt', () => {
  it('allows the public site, keeps crawlers out of private screens and points at the sitemap', async () => {
    const res = await fetch(`${server.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = (await res.text()).split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/admin', '/dashboard', '/profile', '/subscription', '/auth/callback', '/dev']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain('Disallow: /');
    expect(lines).toContain('Sitemap: https://calm.example/sitemap.xml');
  });
});

describe('sitemap.xml', () => {
  it('lists every public page with the deployment’s absolute address', async () => {
    const res = await fetch(`${server.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      'https://calm.example/',
      'https://calm.example/how-it-works',
      'https://calm.example/pricing',
      'https://calm.example/success-stories',
      'https://calm.example/about',
      'https://calm.example/ai-coach',
      'https://calm.example/terms',
      'https://calm.example/privacy-policy',
    ]);
    expect(xml).not.toMatch(/dashboard|admin|profile/);
  });

  it('answers only GET', async () => {
    expect((await fetch(`${server.url}/sitemap.xml`, { method: 'POST' })).status).toBe(404);
  });
});
