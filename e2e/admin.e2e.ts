import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { uniqueEmail, useBrowser } from './support/browser';
import { ADMIN_EMAIL, PASSWORD } from './support/constants';
import {
  confirmByApi,
  ensureAdminAccount,
  expectToast,
  openSignedIn,
  signInByApi,
  signUpByApi,
} from './support/member-session';
import { adminCode } from './support/admin-authenticator';

/** A six-digit code that is not `code` (nor, by a wide margin, one of its neighbouring windows' by design). */
const wrongCode = (code: string) => String((Number(code) + 500_000) % 1_000_000).padStart(6, '0');

const browser = useBrowser();

async function signInAsAdmin(width = 1280) {
  const session = await openSignedIn(browser, ADMIN_EMAIL, '/admin', width);
  await session.page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
  return session;
}

/** A confirmed member with one reflection, named so a test finds it among everyone else. */
async function seededMember(label: string) {
  const email = uniqueEmail(label);
  const name = `Seeded ${label} ${Date.now() % 100000}`;
  await signUpByApi(email, name);
  await confirmByApi(email);
  return { email, name };
}

async function openUserCard(page: Page, email: string, name: string) {
  await page.goto('/admin/users');
  await page.getByRole('heading', { name: 'Users', exact: true }).waitFor();
  await page.getByLabel('Search users by name or email').fill(email);
  const card = page.getByRole('article', { name });
  await card.waitFor();
  return card;
}

beforeAll(() => ensureAdminAccount());

describe('admin layout', () => {
  it('collapses with Ctrl+B and stays collapsed after a reload', async () => {
    const { context, page } = await signInAsAdmin();
    const sidebar = page.locator('[data-slot="sidebar"]');
    expect(await sidebar.getAttribute('data-state')).toBe('expanded');
    await page.keyboard.press('Control+b');
    await expect.poll(() => sidebar.getAttribute('data-state')).toBe('collapsed');
    const cookie = (await context.cookies()).find((c) => c.name === 'sidebar_state');
    expect(cookie?.value).toBe('false');
    // Seven days, give or take the seconds the test took.
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(7 * 86_400 - 60);
    await page.reload();
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    expect(await sidebar.getAttribute('data-state')).toBe('collapsed');
    // The icons keep their names: a tooltip on hover, the label for assistive technology.
    await page.getByRole('link', { name: 'Users' }).hover();
    await page.getByRole('tooltip', { name: 'Users' }).waitFor();
    await page.keyboard.press('Meta+b');
    await expect.poll(() => sidebar.getAttribute('data-state')).toBe('expanded');
    await context.close();
  });

  it('opens the navigation as a sheet on a phone and marks the current page', async () => {
    const { context, page } = await signInAsAdmin(375);
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    const sheet = page.getByRole('dialog', { name: 'Admin navigation' });
    for (const entry of [
      'Dashboard',
      'Users',
      'Exit Surveys',
      'Reflections',
      'Strategic Prompts',
      'Tracker Feedback',
      'Messages',
    ]) {
      await sheet.getByRole('link', { name: entry }).waitFor();
    }
    await sheet.getByRole('button', { name: 'Sign Out' }).waitFor();
    expect(await sheet.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    await sheet.getByRole('link', { name: 'Users' }).click();
    await page.waitForURL('**/admin/users');
    await expect.poll(() => sheet.count()).toBe(0);
    await context.close();
  });
});

describe('admin overview', () => {
  it('shows the figures, the charts and the newest activity', async () => {
    const member = await seededMember('overview');
    const memberSession = await signInByApi(browser, member.email);
    const status = await memberSession.page.evaluate(async () => {
      const r = await fetch('/api/me/reflections', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ reflection_text: 'A calm morning walk cleared my head before the big meeting today.' }),
      });
      return r.status;
    });
    expect(status).toBe(201);
    await memberSession.context.close();

    const { context, page } = await signInAsAdmin();
    for (const title of [
      'Total Users',
      'Reflections',
      'Unread Messages',
      'Active Users',
      'New Signups',
      'Active Programmes',
      'Check-in Completion',
    ]) {
      await page.getByRole('heading', { name: title, exact: true }).waitFor();
    }
    // A bar a day, and the member who just signed up among them (today's, or yesterday's just after midnight).
    const signups = page.locator('[data-slot="card"]', { has: page.getByText('Sign-ups per day') });
    await signups.getByTestId('daily-bar').first().waitFor({ state: 'attached' });
    const counts = await signups.getByTestId('daily-bar').evaluateAll((bars) => bars.map((bar) => bar.dataset.count));
    expect(counts).toHaveLength(30);
    expect(counts.reduce((sum, count) => sum + Number(count), 0)).toBeGreaterThanOrEqual(1);
    const table = page.getByRole('table');
    await table.getByRole('columnheader', { name: 'Action' }).waitFor();
    const row = table.getByRole('row', { name: new RegExp(`Reflection ${member.name}`) });
    await row.getByText('A calm morning walk cleared my head before the big...').waitFor();
    await row.getByRole('link', { name: /^View/ }).click();
    await page.waitForURL('**/admin/users');
    await context.close();
  });
});

describe('admin users', () => {
  it('adds and removes a role, gives The Space Pass for 90 days and adds credits, each in the history', async () => {
    const member = await seededMember('roles');
    const { context, page } = await signInAsAdmin();
    const card = await openUserCard(page, member.email, member.name);
    await card.getByText('Active', { exact: true }).waitFor();
    // What the team gave: nothing yet; the plan held is Base Camp.
    const given = card.locator('[data-slot="badge"]', { hasText: /^(Nothing given|The Space Pass until .*)$/ });
    expect(await given.innerText()).toBe('Nothing given');

    // Only one role: nothing to remove; only admin can be added.
    expect(await card.getByRole('button', { name: /^Remove .* role/ }).count()).toBe(0);
    await card.getByRole('button', { name: /^Add role/ }).click();
    expect(await page.getByRole('menuitem').allTextContents()).toEqual(['admin']);
    await page.getByRole('menuitem', { name: 'admin' }).click();
    // Granting admin names the person and what follows, and asks the granting admin's code (decision 061).
    const grant = page.getByRole('alertdialog', { name: `Make ${member.name} an admin?` });
    expect(await grant.textContent()).toContain("will read every member's conversations");
    expect(await seriousViolations(page)).toEqual([]);
    await grant.getByLabel('Code from your authenticator app').fill(wrongCode(adminCode()));
    await grant.getByRole('button', { name: 'Grant admin role' }).click();
    await grant.getByRole('alert').getByText('That code is not right').waitFor();
    await grant.getByLabel('Code from your authenticator app').fill(adminCode());
    await grant.getByRole('button', { name: 'Grant admin role' }).click();
    await expectToast(page, 'admin role added to user');
    await card.getByRole('button', { name: `Remove admin role from ${member.name}` }).click();
    const removal = page.getByRole('alertdialog', { name: `Remove ${member.name}'s admin role?` });
    await removal.getByRole('button', { name: 'Remove admin role' }).click();
    await expectToast(page, 'admin role removed from user');
    await expect.poll(() => card.getByRole('button', { name: /^Remove .* role/ }).count()).toBe(0);

    // A grant with an end date, the plan that decides access, shown as the plan held (decision 065).
    const until = new Date(Date.now() + 90 * 86_400_000);
    const shortUntil = until.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
    await card.getByRole('button', { name: `Change what the team gives ${member.name}` }).click();
    await page.getByRole('option', { name: 'The Space Pass for 90 days' }).click();
    await expectToast(
      page,
      'Success',
      `${member.name} now holds The Space Pass until ${until.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' })}`,
    );
    await expect.poll(() => given.innerText()).toBe(`The Space Pass until ${shortUntil}`);
    await card.getByText(`The Space Pass until ${shortUntil}`, { exact: true }).first().waitFor();
    await card.getByText('Unlimited coaching: given by the team, free').waitFor();

    await card.getByRole('button', { name: `Adjust credits of ${member.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Adjust Credits' });
    await dialog.getByLabel('Credits').fill('5');
    await dialog.getByRole('button', { name: 'Add Credits' }).click();
    await expectToast(page, 'Credits Added');
    await expect.poll(() => card.getByTestId('credits').textContent()).toBe('20');

    await card.getByRole('button', { name: `History of ${member.name}` }).click();
    const history = page.getByRole('dialog', { name: 'Change History' });
    const items = history.getByRole('listitem');
    await expect.poll(() => items.count()).toBe(4);
    expect(await items.first().textContent()).toContain('Added 5 credits (15 → 20)');
    expect(await items.nth(1).textContent()).toContain(
      'Changed the plan from Base Camp to The Space Pass (The Space Pass for 90 days)',
    );
    expect(await items.nth(1).textContent()).toContain('by Ada Admin');
    await context.close();
  });

  it('deactivates a member: their open session stops working and they cannot sign in', async () => {
    const member = await seededMember('leaving');
    const memberSession = await signInByApi(browser, member.email);

    const { context, page } = await signInAsAdmin();
    const card = await openUserCard(page, member.email, member.name);
    await card.getByRole('button', { name: `Deactivate ${member.name}` }).click();
    // Asked first, naming the person and what follows; Cancel changes nothing.
    const ask = page.getByRole('alertdialog', { name: `Deactivate ${member.name}?` });
    expect(await ask.textContent()).toContain('signed out on every device');
    expect(await seriousViolations(page)).toEqual([]);
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'detached' });
    await card.getByText('Active', { exact: true }).waitFor();
    await card.getByRole('button', { name: `Deactivate ${member.name}` }).click();
    await page
      .getByRole('alertdialog', { name: `Deactivate ${member.name}?` })
      .getByRole('button', { name: 'Deactivate' })
      .click();
    await expectToast(page, 'User deactivated successfully');
    await card.getByText('Inactive', { exact: true }).waitFor();
    await card.getByRole('button', { name: `Activate ${member.name}` }).waitFor();

    const status = await memberSession.page.evaluate(async () => (await fetch('/api/me/profile')).status);
    expect(status).toBe(401);
    await memberSession.page.reload();
    await memberSession.page.waitForURL('**/auth');
    await memberSession.context.close();

    const again = await browser.newPage();
    await again.page.goto('/auth');
    await again.page.getByLabel('Email').fill(member.email);
    await again.page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await again.page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await again.page.getByText('This account has been deactivated').waitFor();
    await again.context.close();
    await context.close();
  });

  // Each screen is a test of its own at each width, so a slow machine's time goes to one screen's check at a time.
  describe.each([1280, 375])('at %i px', (width) => {
    it('finds no serious or critical accessibility violation on the overview', async () => {
      const { page } = await signInAsAdmin(width);
      await page.getByRole('table').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    });

    it('finds no serious or critical accessibility violation on the users screen', async () => {
      const { page } = await openSignedIn(browser, ADMIN_EMAIL, '/admin/users', width);
      await page.getByRole('heading', { name: 'Total Users' }).waitFor();
      await page.getByRole('article').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});
