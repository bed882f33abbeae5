import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, expect, it } from 'vitest';
import { mountSpa } from './spa';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'calm-spa-'));
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

it('reads index.html once, when mounted, not from disk on every request', async () => {
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  const app = new Hono();
  expect(mountSpa(app, dist)).toBe(true);
  fs.rmSync(path.join(dist, 'index.html'));

  const res = await app.request('/dashboard');
  expect(res.status).toBe(200);
  expect(await res.text()).toContain('<div id="root">');
});

it('mounts nothing when the web app is not built', () => {
  expect(mountSpa(new Hono(), path.join(dist, 'missing'))).toBe(false);
});
