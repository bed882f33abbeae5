import { describe, expect, it } from 'vitest';
import { uniqueEmail, useBrowser } from './support/browser';
import { ADMIN_EMAIL, PASSWORD } from './support/constants';
import { ensureAdminAccount, openSignedIn, signInByApi, signUpByApi, toast } from './support/member-session';
import { waitForHydration } from './support/hydration';

const browser = useBrowser();

describe('route guards', () => {
  it.each(['/dashboard', '/profile', '/subscription', '/admin', '/admin/users'])(
    'sends a signed-out visitor from %s to /auth',
    async (path) => {
      const { page } = await browser.newPage();
      await page.goto(path);
      await page.waitForURL('**/auth');
    },
  );

  it('sends a member from /admin to /dashboard', async () => {
    const email = uniqueEmail('member');
    await signUpByApi(email, 'Guard Tester');
    const { page } = await openSignedIn(browser, email, '/admin');
    await page.waitForURL('**/dashboard');
    expect(await page.getByRole('link', { name: 'Admin Panel' }).count()).toBe(0);
  });

  it('lets an ADMIN_EMAILS account into the admin area', async () => {
    await ensureAdminAccount();
    const { page } = await openSignedIn(browser, ADMIN_EMAIL, '/admin');
    await page.getByRole('navigation').getByRole('link', { name: 'Users' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin');
    await page.goto('/admin/reflections');
    expect(new URL(page.url()).pathname).toBe('/admin/reflections');
  });

  it('shows the not-found page for an unknown path and logs it', async () => {
    const { page } = await browser.newPage();
    // Listened for before the page loads, and waited for as the event it is: the log comes from the
    // page's effect, which need not have run (or reached this process) when hydration is marked.
    const logged = page.waitForEvent('console', {
      predicate: (m) => m.type() === 'error' && m.text().includes('/no/such/place'),
    });
    await page.goto('/no/such/place');
    await page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
    await logged;
    await waitForHydration(page);
    await page.getByRole('link', { name: /home/i }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('refuses a deactivated account at sign-in with a clear message', async () => {
    const email = uniqueEmail('deactivated');
    const id = await signUpByApi(email, 'Guard Tester');
    await ensureAdminAccount();

    // An admin deactivates the account through the real admin endpoint.
    const admin = await signInByApi(browser, ADMIN_EMAIL);
    const status = await admin.page.evaluate(async (userId) => {
      const r = await fetch(`/api/admin/users/${userId}/active`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ is_active: false }),
      });
      return r.status;
    }, id);
    expect(status).toBe(200);
    await admin.context.close();

    const { page } = await browser.newPage();
    await page.goto('/auth');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await toast(page, 'Sign In Failed').waitFor();
    await page.getByText('This account has been deactivated').waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
  });
});
