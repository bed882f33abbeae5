import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { useBrowser } from './browser';
import { ADMIN_EMAIL, PASSWORD } from './constants';
import { confirmByApi } from './member-session';
import { baseUrl } from './server';

/**
 * Helpers for the coach-messaging tests. Every one takes the server it talks
 * to (this worker's by default), because the restart test runs its own.
 */

/** Signs up through the API, answering the new account's id. */
export async function signUpAt(server: string, email: string, name: string): Promise<string> {
  const res = await fetch(`${server}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server },
    body: JSON.stringify({ name, email, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { user: { id: string } }).user.id;
}

/** The ADMIN_EMAILS account, its address proven (a second sign-up of it changes nothing). */
export async function ensureAdminAccount(server = baseUrl()) {
  await signUpAt(server, ADMIN_EMAIL, 'Ada Admin');
  await confirmByApi(ADMIN_EMAIL, server);
}

/** A fetch signed in as `email` without a browser, failing the test on any error answer. */
export async function apiSession(email: string, server = baseUrl()) {
  const signedIn = await fetch(`${server}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(signedIn.status).toBe(200);
  const cookie = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return async <T = unknown>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${server}${path}`, {
      method,
      headers: { origin: server, cookie, ...(body !== undefined && { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(res.status, `${method} ${path}`).toBeLessThan(300);
    return (await res.json()) as T;
  };
}

/** A new browser profile signed in through the real form at `server`, on the dashboard. */
export async function signInAt(browser: ReturnType<typeof useBrowser>, server: string, email: string, width = 1280) {
  const { context, page } = await browser.newPage(width);
  await page.goto(`${server}/auth`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL('**/dashboard');
  return { context, page };
}

/** The admin, signed in, on the inbox. */
export async function openInbox(browser: ReturnType<typeof useBrowser>, server = baseUrl(), width = 1280) {
  const session = await signInAt(browser, server, ADMIN_EMAIL, width);
  await session.page.goto(`${server}/admin/messages`);
  await session.page.getByRole('heading', { name: 'Customer Conversations' }).waitFor();
  return session;
}

/** The dashboard's coach chat: its message log and its box. */
export function coachChat(page: Page) {
  return {
    log: page.getByRole('log', { name: 'Messages with your coach' }),
    box: page.getByRole('textbox', { name: 'Message to your coach' }),
  };
}

/** The inbox's entry for a customer, by name. */
export const inboxEntry = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Conversations' }).getByRole('button').filter({ hasText: name });

/** How many times a text shows in a log (a message shown twice would count 2). */
export const countIn = (log: ReturnType<Page['getByRole']>, text: string) =>
  log.getByText(text, { exact: true }).count();
