import type { Page } from 'playwright-core';
import type { useBrowser } from './browser';
import { enterCodeIfAdmin } from './admin-authenticator';
import { ADMIN_EMAIL, PASSWORD } from './constants';
import { openSignedIn } from './member-session';
import { baseUrl } from './server';

/**
 * Helpers for the coach-messaging tests. Every one takes the server it talks
 * to (this worker's by default), because the restart test runs its own.
 */

/** A new browser profile signed in through the real form at `server`, on the dashboard. */
export async function signInAt(browser: ReturnType<typeof useBrowser>, server: string, email: string, width = 1280) {
  const { context, page } = await browser.newPage(width);
  await page.goto(`${server}/auth`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await enterCodeIfAdmin(page, email, server);
  await page.waitForURL('**/dashboard');
  return { context, page };
}

/** The admin, signed in, on the inbox. */
export async function openInbox(browser: ReturnType<typeof useBrowser>, server = baseUrl(), width = 1280) {
  const session = await openSignedIn(browser, ADMIN_EMAIL, '/admin/messages', width, server);
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
