import { expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { latestMailTo, uniqueEmail, type useBrowser } from './browser';
import { totpCode } from '../../apps/server/src/test-support/totp';
import { adminCode, ensureAdminAuthenticator, enterCodeIfAdmin } from './admin-authenticator';
import { ADMIN_EMAIL, PASSWORD } from './constants';
import { baseUrl, postJson } from './server';

export { dismissToasts, expectToast, toast, toastTexts } from './toasts';

/**
 * Helpers for end-to-end tests that act as a member. Set up what a test is not
 * about through the API (signUpByApi, confirmByApi, seedSubscription); use the
 * forms only in the tests about them (signUpInForm).
 */

/**
 * Asks for an account through the API (as the form does), unconfirmed. Answers
 * its id and the Cookie that marks "the browser that signed up" (decision 046),
 * which lets confirmByApi follow the link as that browser would.
 */
export async function requestSignUpByApi(email: string, name = 'Morgan Member', server = baseUrl()) {
  const res = await postJson(
    '/api/auth/sign-up/email',
    { name, email, password: PASSWORD, ageConfirmed: true },
    server,
  );
  expect(res.status).toBe(200);
  const mark = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((c) => c.includes('sign_up_browser='))
    .join('; ');
  return { id: ((await res.json()) as { user: { id: string } }).user.id, mark };
}

/**
 * A member as the product makes one, without a browser: signs up and follows
 * the confirmation link as the same client. Answers the new account's id.
 * (An unconfirmed account cannot sign in, decision 046.)
 */
export async function signUpByApi(email: string, name = 'Morgan Member', server = baseUrl()): Promise<string> {
  const { id, mark } = await requestSignUpByApi(email, name, server);
  await confirmByApi(email, server, mark);
  return id;
}

/**
 * Signs up through the API from inside `page`'s browser (its cookies), so
 * confirmByMail(page) is "the same browser" and signs in at once.
 */
export async function requestSignUpInBrowser(page: Page, email: string, name = 'Morgan Member') {
  const res = await page.request.post('/api/auth/sign-up/email', {
    data: { name, email, password: PASSWORD, ageConfirmed: true },
    headers: { origin: baseUrl() },
  });
  expect(res.status()).toBe(200);
}

/**
 * The ADMIN_EMAILS account, its address proven (the role needs a proven address,
 * decision 010) and its authenticator set up (the admin area needs it, decision 047).
 * A second sign-up of the address answers 200 and changes nothing.
 */
export async function ensureAdminAccount(server = baseUrl()) {
  await signUpByApi(ADMIN_EMAIL, 'Ada Admin', server);
  await ensureAdminAuthenticator(server);
}

/**
 * A fetch signed in as `email` without a browser, failing the test on any error
 * answer. An account with an authenticator types its code: the e2e admin's, or
 * the one whose `secret` enrolAuthenticator returned.
 */
export async function apiSession(email: string, server = baseUrl(), secret?: Buffer) {
  const signedIn = await fetch(`${server}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(signedIn.status).toBe(200);
  let cookies = signedIn.headers.getSetCookie();
  // The admin's password only opens the code step (decision 047): the code gives the session.
  if (((await signedIn.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect) {
    const verified = await fetch(`${server}/api/auth/two-factor/verify-totp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: server,
        cookie: cookies.map((c) => c.split(';')[0]).join('; '),
      },
      body: JSON.stringify({ code: secret ? totpCode(secret) : adminCode(server) }),
    });
    expect(verified.status).toBe(200);
    cookies = verified.headers.getSetCookie().filter((line) => !/max-age=0/i.test(line));
  }
  const cookie = cookies.map((c) => c.split(';')[0]).join('; ');
  return async <T = unknown>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${server}${path}`, {
      method,
      headers: { origin: server, cookie, ...(body !== undefined && { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(res.status, `${method} ${path}`).toBeLessThan(300);
    return (res.status === 204 ? null : await res.json()) as T;
  };
}

/** Fills in and sends the real sign-up form; the caller waits for what it expects next. */
export async function signUpInForm(page: Page, email: string, { name = 'Erin Example', password = PASSWORD } = {}) {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('checkbox', { name: 'I confirm I am 18 or over' }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
}

/**
 * A new member who signed up and followed the confirmation link in `page`:
 * signed in, on onboarding's first step. Answers the address.
 */
export async function signUpAndConfirm(page: Page, name = 'Morgan Member'): Promise<string> {
  const email = uniqueEmail('member');
  await requestSignUpInBrowser(page, email, name);
  await confirmByMail(page, email);
  await page.getByText('1 of 2').waitFor();
  return email;
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

/**
 * Confirms an address without a browser (the account then counts as proven, e.g. for ADMIN_EMAILS),
 * on this worker's server unless another is named. `mark` is requestSignUpByApi's: the link
 * confirms only for the client that signed up (decision 046).
 */
export async function confirmByApi(email: string, server = baseUrl(), mark = '') {
  const mail = await latestMailTo(email, /Confirm your email/, server);
  const link = mail.links.find((l) => l.includes('type=signup'))!;
  const token = new URLSearchParams(new URL(link).hash.slice(1)).get('access_token')!;
  const res = await fetch(`${server}/api/auth/verify-email?token=${encodeURIComponent(token)}`, {
    headers: mark ? { cookie: mark } : {},
  });
  expect(res.status).toBe(200);
}

/**
 * A new browser profile signed in as `email`, with `path` open: the sign-in
 * request the form sends, made through the profile's own request context (so
 * the session cookie lands in the profile), then the page loaded. For tests
 * not about the sign-in form, which auth.e2e.ts walks; it saves loading and
 * hydrating /auth, and the dashboard when the test is about another page.
 */
export async function openSignedIn(
  browser: ReturnType<typeof useBrowser>,
  email: string,
  path: string,
  width = 1280,
  server = baseUrl(),
): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await browser.newPage(width);
  const res = await context.request.post(`${server}/api/auth/sign-in/email`, {
    headers: { origin: server },
    data: { email, password: PASSWORD },
  });
  expect(res.status(), `sign-in of ${email}`).toBe(200);
  // The admin's password only opens the code step (decision 047): the code gives the session.
  if (((await res.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect) {
    const verified = await context.request.post(`${server}/api/auth/two-factor/verify-totp`, {
      headers: { origin: server },
      data: { code: adminCode(server) },
    });
    expect(verified.status(), `second factor of ${email}`).toBe(200);
  }
  await page.goto(`${server}${path}`);
  return { context, page };
}

/** A new browser profile signed in as `email`, on the dashboard (see openSignedIn). */
export function signInByApi(
  browser: ReturnType<typeof useBrowser>,
  email: string,
  width = 1280,
  server = baseUrl(),
): Promise<{ context: BrowserContext; page: Page }> {
  return openSignedIn(browser, email, '/dashboard', width, server);
}

/** A new browser profile signed in as `email` through the real sign-in form. */
export async function signIn(browser: ReturnType<typeof useBrowser>, email: string, width = 1280) {
  const { context, page } = await browser.newPage(width);
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await enterCodeIfAdmin(page, email);
  await page.waitForURL('**/dashboard');
  return { context, page };
}

/** Gives the account a live local subscription (local-mode test endpoint), on this worker's server unless another is named. */
export async function seedSubscription(email: string, planKey: string, periodEnd: Date, url = baseUrl()) {
  const res = await fetch(`${url}/api/dev/subscriptions`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, plan_key: planKey, current_period_end: periodEnd.toISOString() }),
  });
  expect(res.status).toBe(200);
}

export async function removeSubscription(email: string) {
  const url = baseUrl();
  const res = await fetch(`${url}/api/dev/subscriptions/${encodeURIComponent(email)}`, {
    method: 'DELETE',
    headers: { origin: url },
  });
  expect([200, 204, 404]).toContain(res.status);
}

/** Lets the page use the clipboard as a person who clicked "allow" would. */
export async function allowClipboard(context: BrowserContext) {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
}

export const readClipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

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

/**
 * A chat link's greeting as the page builds it: the greeting, with the member's
 * link reference at its end once the page has read it (decision 056; a link
 * never waits for it, so a link taken earlier has the plain greeting).
 */
export const greetingAsLinked = (greeting: string) =>
  expect.stringMatching(new RegExp(`^${greeting.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\(ref CS-[0-9A-Z]{8}\\))?$`));
