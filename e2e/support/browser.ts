import { afterAll, beforeAll, inject } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';

/** One headless Chromium per test file. */
export function useBrowser() {
  const state: { browser?: Browser } = {};
  beforeAll(async () => {
    state.browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    });
  });
  afterAll(async () => {
    await state.browser?.close();
  });

  return {
    baseUrl: () => inject('baseUrl'),
    /** A fresh browser profile (no cookies, no storage) with a page open. */
    async newPage(width = 1280, height = 900): Promise<{ context: BrowserContext; page: Page }> {
      const context = await state.browser!.newContext({ baseURL: inject('baseUrl'), viewport: { width, height } });
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

/** The newest mail to an address from the local mailbox, waiting briefly for it. */
export async function latestMailTo(to: string, subject: RegExp): Promise<Mail> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const mails = (await (await fetch(`${inject('baseUrl')}/api/dev/mailbox`)).json()) as Mail[];
    const mail = mails.find((m) => m.to === to && subject.test(m.subject));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} matching ${subject}`);
}

/** A unique address per test run, so tests never collide. */
export function uniqueEmail(label: string): string {
  return `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@calm.test`;
}
