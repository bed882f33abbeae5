import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ConversationCustomerDto } from '@app/shared';
import { expectNoSeriousViolations } from './support/axe';
import { uniqueEmail, useBrowser } from './support/browser';
import { ADMIN_EMAIL } from './support/constants';
import {
  apiSession,
  dismissToasts,
  ensureAdminAccount,
  expectToast,
  seedSubscription,
  openSignedIn,
  signInByApi,
  signUpByApi,
} from './support/member-session';
import { photograph } from './support/screenshots';
import { baseUrl } from './support/server';

/**
 * Telling people a message is waiting (decision 063), in Chromium against the
 * real server: a member away from the chat sees a coach's reply arrive (the
 * header's count, a toast, the tab title); a coach on any admin page sees the
 * member messages waiting in the tab title and, once notifications are on, a
 * browser notification (recorded by a hook in place of the desktop's).
 */
// The desktop browser: the headless shell has no notifications to grant.
const browser = useBrowser({ desktop: true });
const run = Date.now() % 1_000_000;

beforeAll(() => ensureAdminAccount());

async function subscribedMember(label: string) {
  const email = uniqueEmail(label);
  const name = `${label[0]!.toUpperCase()}${label.slice(1)} Notify ${run}`;
  const id = await signUpByApi(email, name);
  await seedSubscription(email, 'starter', new Date(Date.now() + 30 * 86_400_000));
  return { email, name, id };
}

/** The coach answers the member through the API, as the inbox does. */
async function coachReplies(memberId: string, text: string) {
  const admin = await apiSession(ADMIN_EMAIL);
  const { conversation_id } = await admin<ConversationCustomerDto>(
    'GET',
    `/api/admin/members/${memberId}/conversation`,
  );
  await admin('POST', `/api/admin/conversations/${conversation_id}/messages`, { message: text });
}

/** Puts a recorder in place of the browser's Notification, keeping its permission and request. */
async function recordNotifications(context: BrowserContext) {
  await context.addInitScript(() => {
    const Real = window.Notification;
    const shown: { title: string; body?: string }[] = [];
    (window as unknown as { __notifications: typeof shown }).__notifications = shown;
    class Recorded {
      onclick: (() => void) | null = null;
      constructor(title: string, options?: NotificationOptions) {
        shown.push({ title, body: options?.body });
      }
      close() {}
      static get permission() {
        return Real.permission;
      }
      static requestPermission() {
        return Real.requestPermission();
      }
    }
    Object.defineProperty(window, 'Notification', { value: Recorded, configurable: true, writable: true });
  });
}

const notificationsShown = (page: Page) =>
  page.evaluate(() => (window as unknown as { __notifications: { title: string; body?: string }[] }).__notifications);

describe('a member away from the chat', () => {
  it('sees the coach’s reply arrive on /profile: the header’s count, a toast and the tab title', async () => {
    const member = await subscribedMember('harbour');
    const { page } = await openSignedIn(browser, member.email, '/profile');
    await page.getByRole('heading', { name: 'Reply mails' }).waitFor();
    await expect.poll(() => page.title()).toBe('Your Profile · Calm Space');

    await coachReplies(member.id, 'How did the meeting go?');
    await expectToast(page, 'New reply from your coach');
    const link = page.getByRole('link', { name: '1 new reply from your coach' });
    await link.waitFor();
    await expect.poll(() => page.title()).toBe('(1) Your Profile · Calm Space');
    await expectNoSeriousViolations(page);
    for (const width of [375, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await photograph(page, `notify-profile-header-${width}`, page.locator('header'));
      await photograph(
        page,
        `notify-profile-card-${width}`,
        page.locator('[data-slot="card"]', { hasText: 'Reply mails' }),
      );
    }

    // The link leads to the chat; seeing the reply there clears the count.
    await dismissToasts(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await link.click();
    await page.waitForURL('**/dashboard#coach-chat');
    await page.getByRole('log', { name: 'Messages with your coach' }).getByText('How did the meeting go?').waitFor();
    await expect.poll(() => page.title()).toBe('Dashboard · Calm Space');
    await expect.poll(() => page.getByRole('link', { name: /new repl/ }).count()).toBe(0);
  });

  it('turns reply mails off on the profile, and on again', async () => {
    const member = await subscribedMember('meadow');
    const { page } = await openSignedIn(browser, member.email, '/profile');
    const toggle = page.getByRole('switch', { name: 'Mail me when a reply from my coach is waiting' });
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.click();
    await expectToast(page, 'Reply mails off');
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    await page.reload();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.press('Space');
    await expectToast(page, 'Reply mails on');
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
  });
});

describe('a coach on another admin page', () => {
  it('sees the waiting messages in the tab title and, with permission, a browser notification', async () => {
    const { context, page } = await signInByApi(browser, ADMIN_EMAIL);
    await context.grantPermissions(['notifications'], { origin: baseUrl() });
    await recordNotifications(context);
    await page.goto(`${baseUrl()}/admin/users`);
    await page.getByRole('heading', { name: 'Users', exact: true }).waitFor();
    // Permission granted: no button to ask for it.
    await expect.poll(() => page.getByRole('button', { name: 'Turn on notifications' }).count()).toBe(0);
    // What waited before this page opened raises nothing; the title counts it.
    await expect.poll(() => page.title()).toMatch(/ · Admin · Calm Space$/);
    const countOf = async () => Number(/^\((\d+)\) /.exec(await page.title())?.[1] ?? 0);
    const before = await countOf();

    const member = await subscribedMember('lantern');
    const write = await apiSession(member.email);
    await write('POST', '/api/me/messages', { message: 'Are you around today?' });

    await expect.poll(countOf).toBe(before + 1);
    expect(await page.title()).toMatch(/^\(\d+\) Users · Admin · Calm Space$/);
    await expect
      .poll(() => notificationsShown(page))
      .toContainEqual(expect.objectContaining({ title: 'New message from a member' }));
    // Nothing in it of the member's words.
    expect(JSON.stringify(await notificationsShown(page))).not.toContain('around today');
  });

  it('asks for permission only when the coach presses the button', async () => {
    const { context, page } = await signInByApi(browser, ADMIN_EMAIL, 375);
    await recordNotifications(context);
    await page.goto(`${baseUrl()}/admin`);
    const button = page.getByRole('button', { name: 'Turn on notifications' });
    // Not asked yet: the page shows the button and asks nothing by itself.
    expect(await page.evaluate(() => Notification.permission)).toBe('default');
    await button.waitFor();
    await expectNoSeriousViolations(page);
    for (const width of [375, 768, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await photograph(page, `notify-admin-${width}`, page.locator('header').first());
    }
    // The coach's answer (granted here in the browser's stead) takes the button away.
    await context.grantPermissions(['notifications'], { origin: baseUrl() });
    await button.click();
    await expect.poll(() => button.count()).toBe(0);
  });
});
