import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './support/browser';
import { coachChat } from './support/chat';
import { allowClipboard, expectToast } from './support/member-session';
import { photograph } from './support/screenshots';

const browser = useBrowser();

const storage = (page: Page) =>
  page.evaluate(() => ({
    demoSession: localStorage.getItem('demoSession'),
    demoUser: localStorage.getItem('demoUser'),
    demoReflections: localStorage.getItem('demoReflections'),
  }));

describe('demo mode', () => {
  it('lets a visitor without an account try the dashboard and profile from browser storage', async () => {
    const { context, page } = await browser.newPage();
    await allowClipboard(context);
    const memberCalls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (!url.pathname.startsWith('/api/')) return;
      if (url.pathname.startsWith('/api/me') || /demo-/.test(url.pathname + url.search))
        memberCalls.push(request.url());
    });

    await page.goto('/auth');
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByText("You're exploring the demo.").waitFor();
    await page.getByRole('heading', { level: 1, name: 'Welcome, Demo Member' }).waitFor();
    const stored = await storage(page);
    expect(stored.demoSession).toBe('true');
    expect(JSON.parse(stored.demoUser!)).toMatchObject({
      id: 'demo-user',
      full_name: 'Demo Member',
      credits: 15,
      trial_conversations_used: 0,
    });

    // A reflection and the trial, kept in this browser.
    await page.getByLabel('Your reflection').fill('Demo thought: slowing down helps.');
    await page.getByRole('button', { name: 'Save reflection' }).click();
    await expectToast(page, 'Reflection saved');
    await page.getByText('Demo thought: slowing down helps.').waitFor();
    await page.getByRole('button', { name: 'Copy Chat Link' }).click();
    // One click, one toast: the copy, and that it started the trial conversation.
    await expectToast(page, 'URL copied!', 'Your free trial conversation has started.');
    // The real rule: copying again within the day is the same conversation, never Trial Expired.
    await page.getByText(/Your free conversation continues until/).waitFor();
    await page.evaluate(() => navigator.clipboard.writeText('untouched'));
    await page.getByRole('button', { name: 'Copy Chat Link' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/^https:\/\/wa\.me\//);
    expect(await page.locator('[data-sonner-toast]', { hasText: 'Trial Expired' }).count()).toBe(0);
    expect(JSON.parse((await storage(page)).demoUser!).trial_conversations_used).toBe(1);

    // The profile: change the focus area, reload, still chosen.
    await page.getByRole('link', { name: 'Profile', exact: true }).click();
    await page.waitForURL('**/profile');
    await page.getByRole('heading', { level: 1, name: 'Demo Member' }).waitFor();
    await page.getByText('No focus area selected').waitFor();
    const stat = page.locator('[data-slot="card"]', { has: page.getByRole('heading', { name: 'Reflections' }) });
    await expect.poll(() => stat.innerText()).toMatch(/1\s*Strategic insights created/);
    const focus = page.getByRole('button', { name: /^Focus Area/ });
    await expect.poll(() => focus.isEnabled()).toBe(true);
    await focus.click();
    await page.getByRole('menuitemradio', { name: /Handling Change/ }).click();
    await expectToast(page, 'Profile Updated');
    await page.reload();
    await page.getByText("You're exploring the demo.").waitFor();
    await page.getByRole('button', { name: 'Focus Area Handling Change' }).waitFor();
    await page.locator('section').getByText('Handling Change').waitFor();
    expect(JSON.parse((await storage(page)).demoUser!).focus_area_id).toMatch(/^[0-9a-f-]{36}$/);

    // Nothing about the demo ever reached the member API.
    expect(memberCalls).toEqual([]);

    await page.getByRole('button', { name: 'Leave demo' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await storage(page)).toEqual({ demoSession: null, demoUser: null, demoReflections: null });
    await page.goto('/dashboard');
    await page.waitForURL('**/auth');
  });

  it('sends a demo visitor who wants an account to the Sign Up tab', async () => {
    const { page } = await browser.newPage(375);
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.waitForURL('**/auth');
    expect(await page.getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).toBe('true');
    // Screens that need an account stay closed to the demo.
    await page.goto('/subscription');
    await page.waitForURL('**/auth');
  });

  it.each([375, 768, 1280])(
    'answers the demo visitor with the scripted coach, keeps the trial’s day, and its calls to action open Sign Up (%i px)',
    async (width) => {
      const { page } = await browser.newPage(width);
      await page.goto('/auth');
      await page.getByRole('button', { name: 'Try the demo' }).click();
      await page.waitForURL('**/dashboard');
      const chat = coachChat(page);
      await chat.log.waitFor();

      // The first message starts the trial conversation, and the coach answers it.
      await chat.box.fill('Work has been too much this week.');
      await chat.box.press('Enter');
      const answers = chat.log.getByRole('listitem').filter({ hasText: 'AI coach' });
      await answers.filter({ hasText: 'Thank you for telling me.' }).waitFor();
      expect(JSON.parse((await storage(page)).demoUser!).trial_conversations_used).toBe(1);
      // Nobody else is behind the demo: the answer promises no person.
      expect(await answers.last().innerText()).not.toMatch(/person from our team/);

      // A reload empties the page's conversation, but the trial still continues: writing again is answered.
      await page.reload();
      await chat.log.waitFor();
      await chat.box.fill('thanks');
      await chat.box.press('Enter');
      await answers.filter({ hasText: 'You are welcome.' }).waitFor();
      expect(await page.locator('[data-sonner-toast]', { hasText: 'Trial Expired' }).count()).toBe(0);
      await photograph(page, `demo-coach-answers-${width}`, page.locator('[data-slot="card"]', { has: chat.log }));

      // "Your Plan" needs an account: the demo visitor is offered one, on the Sign Up tab.
      await page.getByRole('link', { name: 'Your Plan' }).click();
      await page.waitForURL('**/auth');
      await page.getByRole('tab', { name: 'Sign Up', selected: true }).waitFor();
      await photograph(page, `demo-your-plan-signup-${width}`);

      // So does paying for a plan chosen on the demo's profile.
      await page.goto('/profile');
      await page.getByRole('heading', { level: 1, name: 'Demo Member' }).waitFor();
      await page.getByRole('radio', { name: /The Space Pass/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Upgrade to The Space Pass?' });
      await dialog.getByRole('button', { name: 'Continue to payment' }).click();
      await page.waitForURL('**/auth');
      await page.getByRole('tab', { name: 'Sign Up', selected: true }).waitFor();
    },
  );
});
