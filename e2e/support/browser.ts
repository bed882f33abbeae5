import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Download, type Page } from 'playwright-core';
import { keepPageDiary } from './page-diary';
import { baseUrl, workerIndex } from './server';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';

/**
 * This worker's headless Chromium, for one test file. The end-to-end global
 * setup launches one Chromium headless shell per worker for the whole run
 * (global-setup.ts); a file connects to its worker's and disconnects after its
 * tests, which closes every profile it opened. Every browser profile a test
 * opens is closed after it, passed or failed, so a failing test leaves nothing open.
 *
 * `{ desktop: true }`: a file about what only the desktop browser does as
 * members see it (its text layout with late fonts, notifications to grant)
 * launches Debian's full Chromium, headless, for its own tests (decision 068).
 */
export function useBrowser({ desktop = false } = {}) {
  const state: {
    browser?: Browser;
    profiles: { context: BrowserContext; diary: ReturnType<typeof keepPageDiary> }[];
  } = { profiles: [] };
  beforeAll(async () => {
    if (desktop) {
      state.browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
      return;
    }
    const endpoints = inject('browserEndpoints');
    state.browser = await chromium.connect(endpoints[workerIndex() % endpoints.length]!);
  });
  afterEach(async (test) => {
    const profiles = state.profiles.splice(0);
    // A failure tells what the browser showed and did, read before its profiles close.
    const seen =
      test.task.result?.state === 'fail' ? await Promise.all(profiles.map(({ diary }) => diary.describe())) : [];
    await Promise.all(profiles.map(({ context }) => context.close()));
    if (seen.length > 0) throw new Error(`What the browser showed and did:\n${seen.join('\n')}`);
  });
  afterAll(async () => {
    // A connected browser's close() disconnects, and the worker's stays for its next file;
    // the desktop browser this file launched is closed.
    await state.browser?.close();
  });

  return {
    baseUrl,
    /**
     * A fresh browser profile (no cookies, no storage) with a page open; closed after the test.
     * `javaScriptEnabled: false` is a visitor whose scripts have not run (yet).
     */
    async newPage(
      width = 1280,
      height = 900,
      { javaScriptEnabled = true } = {},
    ): Promise<{ context: BrowserContext; page: Page }> {
      const context = await state.browser!.newContext({
        baseURL: baseUrl(),
        viewport: { width, height },
        javaScriptEnabled,
      });
      state.profiles.push({ context, diary: keepPageDiary(context) });
      const page = await context.newPage();
      return { context, page };
    },
  };
}

export interface Mail {
  to: string;
  subject: string;
  links: string[];
}

/** The newest mail to an address from the local mailbox (of `server`, this worker's by default), waiting briefly for it. */
export async function latestMailTo(to: string, subject: RegExp, server = baseUrl()): Promise<Mail> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const mails = (await (await fetch(`${server}/api/dev/mailbox`)).json()) as Mail[];
    const mail = mails.find((m) => m.to === to && subject.test(m.subject));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to} matching ${subject}`);
}

/** A unique address per test run, so tests never collide. */
export function uniqueEmail(label: string): string {
  return `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@calm.test`;
}

/**
 * Resolves once the page has drawn two more frames: whatever an event handler
 * changed is on screen by then. Wait on this, not on a fixed time, before
 * checking that something did not appear.
 */
export async function afterRender(page: Page) {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/**
 * The bytes of a finished download. The browser belongs to the run, not to the
 * test's process (useBrowser connects to it), so Playwright offers the file as a
 * stream rather than a local path (`download.path()` refuses).
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
