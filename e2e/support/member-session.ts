import { expect, inject } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { latestMailTo, type useBrowser } from './browser';
import { PASSWORD } from './constants';

/** Helpers for end-to-end tests that act as a member. */

export async function signUpByApi(email: string, name = 'Morgan Member'): Promise<string> {
  const baseUrl = inject('baseUrl');
  const res = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ name, email, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { user: { id: string } }).user.id;
}

/**
 * Follows the sign-up confirmation link from the local mailbox in `page`, as a
 * member opening the mail would: the link signs in and leads to onboarding.
 */
export async function confirmByMail(page: Page, email: string) {
  const mail = await latestMailTo(email, /Confirm your email/);
  await page.goto(mail.links.find((l) => l.includes('type=signup'))!);
  await page.getByText('Email confirmed!').waitFor();
  await page.waitForURL('**/onboarding', { timeout: 10_000 });
}

/** Confirms an address without a browser (the account then counts as proven, e.g. for ADMIN_EMAILS). */
export async function confirmByApi(email: string) {
  const mail = await latestMailTo(email, /Confirm your email/);
  const link = mail.links.find((l) => l.includes('type=signup'))!;
  const token = new URLSearchParams(new URL(link).hash.slice(1)).get('access_token')!;
  const res = await fetch(`${inject('baseUrl')}/api/auth/verify-email?token=${encodeURIComponent(token)}`);
  expect(res.status).toBe(200);
}

/** A new browser profile signed in as `email` through the real sign-in form. */
export async function signIn(browser: ReturnType<typeof useBrowser>, email: string, width = 1280) {
  const { context, page } = await browser.newPage(width);
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL('**/dashboard');
  return { context, page };
}

/** Gives the account a live local subscription (local-mode test endpoint). */
export async function seedSubscription(email: string, planKey: string, periodEnd: Date) {
  const baseUrl = inject('baseUrl');
  const res = await fetch(`${baseUrl}/api/dev/subscriptions`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, plan_key: planKey, current_period_end: periodEnd.toISOString() }),
  });
  expect(res.status).toBe(200);
}

export async function removeSubscription(email: string) {
  const baseUrl = inject('baseUrl');
  const res = await fetch(`${baseUrl}/api/dev/subscriptions/${encodeURIComponent(email)}`, {
    method: 'DELETE',
    headers: { origin: baseUrl },
  });
  expect([200, 204, 404]).toContain(res.status);
}

/** Lets the page use the clipboard as a person who clicked "allow" would. */
export async function allowClipboard(context: BrowserContext) {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: inject('baseUrl') });
}

export const readClipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/** Text of every toast on screen. */
export const toastTexts = (page: Page) => page.locator('[data-sonner-toast]').allInnerTexts();

/** Waits for a toast whose text contains every one of `parts`. */
export async function expectToast(page: Page, ...parts: string[]) {
  let toast = page.locator('[data-sonner-toast]');
  for (const part of parts) toast = toast.filter({ hasText: part });
  await toast.first().waitFor();
}

/**
 * Replaces window.open before the app loads: every URL asked for is recorded in
 * window.__opened, and the call answers as a browser would (a window, or null when blocked).
 */
export async function recordWindowOpen(context: BrowserContext, { blocked }: { blocked: boolean }) {
  await context.addInitScript((isBlocked: boolean) => {
    const opened: string[] = [];
    Object.defineProperty(window, '__opened', { value: opened });
    window.open = ((url?: string | URL) => {
      opened.push(String(url ?? ''));
      if (isBlocked) return null;
      // A later `location.href = …` (opening an empty tab first, then pointing it) is recorded too.
      const location = {
        set href(next: string) {
          opened.push(next);
        },
      };
      return { opener: window, closed: false, close() {}, location } as unknown as Window;
    }) as typeof window.open;
  }, blocked);
}

export const openedUrls = (page: Page) => page.evaluate(() => (window as unknown as { __opened: string[] }).__opened);

/** The greeting carried by a chat link's text parameter. */
export const chatText = (url: string) => new URL(url).searchParams.get('text');
