import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { uniqueEmail, useBrowser } from './support/browser';
import { ADMIN_EMAIL, PASSWORD } from './support/constants';
import { confirmByApi, signIn } from './support/member-session';
import { waitForHydration } from './support/hydration';

const browser = useBrowser();

async function signUpByApi(baseUrl: string, email: string, name = 'Guard Tester') {
  return fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ name, email, password: PASSWORD }),
  });
}

/**
 * The ADMIN_EMAILS account, with its address confirmed (the role needs a proven
 * address). A second sign-up with the address answers 200 too and changes nothing.
 */
async function ensureAdminAccount() {
  const res = await signUpByApi(inject('baseUrl'), ADMIN_EMAIL, 'Ada Admin');
  expect(res.status).toBe(200);
  await confirmByApi(ADMIN_EMAIL);
}

describe('route guards', () => {
  it.each(['/dashboard', '/profile', '/subscription', '/admin', '/admin/users'])(
    'sends a signed-out visitor from %s to /auth',
    async (path) => {
      const { context, page } = await browser.newPage();
      await page.goto(path);
      await page.waitForURL('**/auth');
      await context.close();
    },
  );

  it('sends a member from /admin to /dashboard', async () => {
    const email = uniqueEmail('member');
    expect((await signUpByApi(inject('baseUrl'), email)).status).toBe(200);
    const { context, page } = await signIn(browser, email);
    await page.goto('/admin');
    await page.waitForURL('**/dashboard');
    expect(await page.getByRole('link', { name: 'Admin Panel' }).count()).toBe(0);
    await context.close();
  });

  it('lets an ADMIN_EMAILS account into the admin area', async () => {
    await ensureAdminAccount();
    const { context, page } = await signIn(browser, ADMIN_EMAIL);
    await page.goto('/admin');
    await page.getByRole('navigation').getByRole('link', { name: 'Users' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin');
    await page.goto('/admin/reflections');
    expect(new URL(page.url()).pathname).toBe('/admin/reflections');
    await context.close();
  });

  it('shows the not-found page for an unknown path and logs it', async () => {
    const { context, page } = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto('/no/such/place');
    await page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
    await waitForHydration(page);
    expect(errors.some((e) => e.includes('/no/such/place'))).toBe(true);
    await page.getByRole('link', { name: /home/i }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('refuses a deactivated account at sign-in with a clear message', async () => {
    const baseUrl = inject('baseUrl');
    const email = uniqueEmail('deactivated');
    const id = (await (await signUpByApi(baseUrl, email)).json()).user.id as string;
    await ensureAdminAccount();

    // An admin deactivates the account through the real admin endpoint.
    const admin = await signIn(browser, ADMIN_EMAIL);
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

    const { context, page } = await browser.newPage();
    await page.goto('/auth');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.locator('[data-sonner-toast]', { hasText: 'Sign In Failed' }).waitFor();
    await page.getByText('This account has been deactivated').waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
    await context.close();
  });
});
