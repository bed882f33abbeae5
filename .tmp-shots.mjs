import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { chromium } from 'playwright-core';
import { openDatabase } from './apps/server/src/db/client.ts';
import { seedDatabase } from './apps/server/src/db/seed.ts';
import { startLocalServer } from './scripts/local-server.mjs';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'calm-shots-'));
const h = await openDatabase({ dataDir });
await seedDatabase(h.db);
await h.db.execute(sql`insert into users (id, name, email, email_verified, created_at, updated_at) select 'm-' || g, 'Member ' || g, 'member' || g || '@example.com', true, now() - g * interval '7 hours', now() - g * interval '7 hours' from generate_series(1, 45) g`);
await h.db.execute(sql`update profiles p set full_name = case when u.id = 'm-3' then null else u.name end, created_at = u.created_at, updated_at = u.created_at, credits = 15 + (random()*40)::int, focus_area_id = (select id from focus_areas order by sort_order limit 1), coaching_tone_id = (select id from coaching_tones order by sort_order limit 1) from users u where u.id = p.id`);
await h.db.execute(sql`insert into user_reflections (user_id, reflection_text, created_at) select 'm-' || (1 + g % 45), 'Today I noticed that stepping away from my inbox for ten minutes helped more than I expected ' || g, now() - g * interval '5 hours' from generate_series(1, 60) g`);
await h.db.execute(sql`insert into chat_messages (sender_id, message, created_at) select 'm-' || (1 + g % 45), 'Hi coach, quick question about ' || g, now() - g * interval '9 hours' from generate_series(1, 40) g`);
await h.close();
const server = await startLocalServer({ env: { DATA_DIR: dataDir, ADMIN_EMAILS: 'admin@example.com' } });
const base = server.baseUrl;
const hdr = { 'content-type': 'application/json', origin: base };
await fetch(`${base}/api/auth/sign-up/email`, { method: 'POST', headers: hdr, body: JSON.stringify({ name: 'Ada Admin', email: 'admin@example.com', password: 'quiet-harbour-42' }) });
await new Promise((r) => setTimeout(r, 1500));
const mails = await (await fetch(`${base}/api/dev/mailbox`)).json();
const link = mails.find((m) => m.to === 'admin@example.com').links.find((l) => l.includes('type=signup'));
const token = new URLSearchParams(new URL(link).hash.slice(1)).get('access_token');
await fetch(`${base}/api/auth/verify-email?token=${encodeURIComponent(token)}`);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const width of [1280, 768, 375]) {
  const ctx = await browser.newContext({ baseURL: base, viewport: { width, height: 900 } });
  const page = await ctx.newPage();
  await page.goto('/auth');
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password', { exact: true }).fill('quiet-harbour-42');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL('**/dashboard');
  await page.goto('/admin');
  await page.getByRole('table').waitFor();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/x/overview-${width}.png`, fullPage: true });
  await page.goto('/admin/users');
  await page.getByRole('article').first().waitFor();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/x/users-${width}.png`, fullPage: width !== 375 ? false : false });
  if (width === 1280) {
    await page.keyboard.press('Control+b');
    await page.waitForTimeout(400);
    await page.getByRole('link', { name: 'Users' }).hover();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/x/collapsed-${width}.png` });
    await page.keyboard.press('Control+b');
    await page.getByRole('article').first().getByRole('button', { name: /^Change pricing plan/ }).click();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `/tmp/x/plan-${width}.png` });
    await page.keyboard.press('Escape');
    await page.getByRole('article').first().getByRole('button', { name: /^History/ }).click();
    await page.waitForTimeout(600);
    await page.screenshot({ path: `/tmp/x/history-${width}.png` });
  }
  if (width === 375) {
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/x/sheet-${width}.png` });
  }
  await ctx.close();
}
await browser.close();
await server.stop();
fs.rmSync(dataDir, { recursive: true, force: true });
