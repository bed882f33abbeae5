import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { latestMailTo, uniqueEmail, useBrowser } from './support/browser';
import { PASSWORD } from './support/constants';
import { confirmByMail, signUpByApi, signUpInForm } from './support/member-session';
import { postJson } from './support/server';
import { dismissToasts, toast } from './support/toasts';
import { waitForHydration } from './support/hydration';

const browser = useBrowser();

/** The sign-up form, for the tests about it; the others sign up through the API. */
const signUp = (page: Page, email: string, name?: string, password?: string) =>
  signUpInForm(page, email, { name, password });

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** After a sign-up the form gives way to this notice, whether the address was new or taken. */
const checkEmailNotice = (page: Page) => page.getByText('Check your email to continue');

describe('sign-up and confirmation', () => {
  it('signs up, is told to check the mail, and the link opened elsewhere asks for the password, then opens onboarding', async () => {
    const { page } = await browser.newPage();
    const email = uniqueEmail('newcomer');
    await signUp(page, email, 'Erin Newcomer');
    await checkEmailNotice(page).waitFor();
    await page.getByText(email).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');

    const mail = await latestMailTo(email, /Confirm your email/);
    const link = mail.links.find((l) => l.includes('/auth/callback#'))!;
    expect(link).toContain('type=signup');

    // Open the link in a fresh browser, as from a mail app on a phone: the password proves it is the
    // person who signed up (decision 046); in the browser that signed up it would go straight on.
    const { page: fromMail } = await browser.newPage();
    await fromMail.goto(link);
    await fromMail.getByRole('heading', { name: 'One more step' }).waitFor();
    await fromMail.getByLabel('Password chosen at sign-up').fill(PASSWORD);
    await fromMail.getByRole('button', { name: 'Confirm and continue' }).click();
    await fromMail.getByText(/email confirmed/i).waitFor();
    expect(new URL(fromMail.url()).hash).toBe(''); // the token does not linger in the address bar
    await fromMail.waitForURL('**/onboarding', { timeout: 10_000 });
    await fromMail.getByRole('heading', { name: 'Welcome to Calm Space, Erin' }).waitFor();
  });

  it('shows field errors under the fields and keeps what was typed', async () => {
    const { page } = await browser.newPage();
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Full name is required').waitFor();
    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByText('Password must be at least 6 characters').waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe('not-an-email');
  });

  it('answers a sign-up with a taken address just like a new one, and tells the owner by mail', async () => {
    const email = uniqueEmail('taken');
    const first = await browser.newPage();
    await signUp(first.page, email, 'Olga Owner');
    await checkEmailNotice(first.page).waitFor();
    const firstNotice = await first.page.getByRole('tabpanel').innerText();
    // The owner confirms (in the browser that signed up): the address now has a member.
    await confirmByMail(first.page, email);
    await first.context.close();

    const { page } = await browser.newPage();
    await signUp(page, email, 'Someone Else', 'another-pass-88');
    await checkEmailNotice(page).waitFor();
    expect(await page.getByRole('tabpanel').innerText()).toBe(firstNotice);
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);

    const warning = await latestMailTo(email, /Someone tried to sign up/);
    expect(warning.links.some((l) => l.endsWith('/auth'))).toBe(true);
  });
});

describe('password strength', () => {
  it('explains why a password is easy to guess, loading the estimator only once the field is used', async () => {
    const { page } = await browser.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const estimatorLoaded = () => scripts.some((path) => /\/assets\/password-strength-[^/]+\.js$/.test(path));

    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('Full Name').fill('Wren Weakling');
    await page.getByLabel('Email').fill(uniqueEmail('wren.weakling'));
    expect(estimatorLoaded()).toBe(false);

    await page.getByLabel('Password', { exact: true }).fill('WrenWeakling1');
    await page.getByText(/^Password is too easy to guess\. It contains your name, your email/).waitFor();
    expect(estimatorLoaded()).toBe(true);

    // The hint changes as the password does, and a strong one signs up.
    await page.getByLabel('Password', { exact: true }).fill('qwertyuiop');
    await page
      .getByText('Password is too easy to guess. This is a frequently used password.', { exact: false })
      .waitFor();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByText('At least 6 characters.').waitFor();
    await page.getByRole('checkbox', { name: 'I confirm I am 18 or over' }).check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await checkEmailNotice(page).waitFor();
  });
});

describe('sign-in and sign-out', () => {
  it('refuses a wrong password with Sign In Failed', async () => {
    const { page } = await browser.newPage();
    const email = uniqueEmail('wrongpw');
    await signUpByApi(email);

    await signIn(page, email, 'not-my-password-9');
    await toast(page, 'Sign In Failed').waitFor();
    await page.getByText('Invalid email or password').waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
  });

  it('signs in to the dashboard, and sign-out returns to /auth with the session gone', async () => {
    const { page } = await browser.newPage();
    const email = uniqueEmail('returning');
    await signUpByApi(email, 'Rae Returning');

    await signIn(page, email);
    await page.waitForURL('**/dashboard');
    await toast(page, 'Welcome back!').waitFor();
    // The account is new: the dashboard welcomes, the sign-in toast welcomes back.
    await page.getByRole('heading', { level: 1, name: 'Welcome, Rae Returning' }).waitFor();

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL('**/auth');
    await page.goto('/dashboard');
    await page.waitForURL('**/auth');
  });

  it('sends a signed-in visitor from /auth to /dashboard', async () => {
    const { page } = await browser.newPage();
    const email = uniqueEmail('already');
    await signUpByApi(email);
    await signIn(page, email);
    await page.waitForURL('**/dashboard');
    await page.goto('/auth');
    await page.waitForURL('**/dashboard');
  });
});

describe('forgotten password', () => {
  it('mails a reset link, sets a new password, signs out and accepts only the new one', async () => {
    const { page } = await browser.newPage();
    const email = uniqueEmail('forgetful');
    await signUpByApi(email);

    await page.goto('/auth');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('button', { name: /send reset link/i }).click();
    await toast(page, 'Password Reset Sent').waitFor();

    const mail = await latestMailTo(email, /Reset your/);
    const link = mail.links.find((l) => l.includes('type=recovery'))!;
    await page.goto(link);
    await page.getByLabel('New Password', { exact: true }).fill('new-dawn-77');
    await page.getByLabel('Confirm Password', { exact: true }).fill('new-dawn-78');
    await page.getByRole('button', { name: /update password/i }).click();
    await toast(page, "Passwords Don't Match").waitFor();

    await page.getByLabel('Confirm Password', { exact: true }).fill('new-dawn-77');
    await page.getByRole('button', { name: /update password/i }).click();
    await toast(page, 'Password Updated!').waitFor();
    await page.waitForURL('**/auth');

    await signIn(page, email, PASSWORD);
    await toast(page, 'Sign In Failed').waitFor();
    await signIn(page, email, 'new-dawn-77');
    await page.waitForURL('**/dashboard');
  });

  it('says a used reset link is spent as the page opens, and sends a new one from there', async () => {
    const email = uniqueEmail('spent');
    await signUpByApi(email);
    const asked = await postJson('/api/auth/request-password-reset', { email, redirectTo: '/auth/callback' });
    expect(asked.status).toBe(200);
    const link = (await latestMailTo(email, /Reset your/)).links.find((l) => l.includes('type=recovery'))!;
    const token = new URLSearchParams(new URL(link).hash.slice(1)).get('access_token')!;
    // Used once already (in another tab, say).
    const used = await postJson('/api/auth/reset-password', { token, newPassword: 'used-once-55' });
    expect(used.status).toBe(200);

    const { page } = await browser.newPage(375, 740);
    await page.goto(link);
    // Before any typing: plain words and the way on, no password form to fill in for nothing.
    await page.getByText('This reset link has already been used or has expired').waitFor();
    expect(await page.getByLabel('New Password').count()).toBe(0);
    await page.getByRole('button', { name: 'Send me a new link' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send me a new link' }).click();
    await page.getByText('A new link is on its way').waitFor();

    // The new link works: the form is offered, checked and good.
    const mails = async () =>
      ((await (await fetch(`${browser.baseUrl()}/api/dev/mailbox`)).json()) as { to: string; links: string[] }[])
        .filter((m) => m.to === email)
        .flatMap((m) => m.links.filter((l) => l.includes('type=recovery')));
    await expect.poll(async () => (await mails()).some((l) => l !== link)).toBe(true);
    const fresh = (await mails()).find((l) => l !== link)!;
    await page.goto(fresh);
    await page.getByLabel('New Password').waitFor();
  });

  it('shows the error state for a broken link, with a way back to sign in', async () => {
    const { page } = await browser.newPage();
    await page.goto('/auth/callback#error=access_denied&error_description=Email+link+is+invalid+or+has+expired');
    await page.getByText('Email link is invalid or has expired').waitFor();
    await page.getByRole('button', { name: 'Return to Sign In' }).click();
    await page.waitForURL('**/auth');

    await page.goto('/auth/callback');
    await page.getByText('Invalid or missing verification token').waitFor();
  });
});

describe('leaving the auth page', () => {
  it('goes back with the close button, and home with Escape when /auth came first', async () => {
    const { context, page } = await browser.newPage();
    await page.goto('/pricing');
    await page.getByRole('link', { name: 'Sign In' }).first().click();
    await page.waitForURL('**/auth');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL('**/pricing');

    const fresh = await context.newPage();
    await fresh.goto('/auth');
    await fresh.getByRole('tab', { name: 'Sign In' }).waitFor();
    await waitForHydration(fresh);
    await fresh.keyboard.press('Escape');
    await fresh.waitForURL((url) => url.pathname === '/');
  });
});

describe('pre-account takeover (decision 046)', () => {
  it('gives the attacker who signed up the address nothing: no sign-in before, and no way in after the owner confirms', async () => {
    const email = uniqueEmail('takeover-victim');
    const attackerPassword = 'attacker-chose-this-71';

    // The attacker signs up the victim's address with a password of their own, then tries to sign in.
    const attacker = await browser.newPage();
    await signUp(attacker.page, email, 'URGENT: call +44 7700 900123', attackerPassword);
    await checkEmailNotice(attacker.page).waitFor();
    await signIn(attacker.page, email, attackerPassword);
    await toast(attacker.page, 'Sign In Failed', 'Invalid email or password').waitFor();
    expect(new URL(attacker.page.url()).pathname).toBe('/auth');

    // The victim opens the confirmation link from their mailbox, in their own browser.
    const mail = await latestMailTo(email, /Confirm your email/);
    const victim = await browser.newPage();
    await victim.page.goto(mail.links.find((l) => l.includes('type=signup'))!);
    await victim.page.getByRole('heading', { name: 'One more step' }).waitFor();
    // They did not sign up, so they choose their own password.
    await victim.page.getByRole('button', { name: "I didn't sign up, or I forgot the password" }).click();
    await victim.page.getByLabel('New Password').fill('victim-own-harbour-52');
    await victim.page.getByLabel('Confirm Password').fill('victim-own-harbour-52');
    await victim.page.getByRole('button', { name: 'Save password and continue' }).click();
    await victim.page.getByText(/email confirmed/i).waitFor();
    await victim.page.waitForURL('**/onboarding', { timeout: 10_000 });

    // The attacker's browser holds no session, and their password no longer opens the account.
    expect((await attacker.page.request.get('/api/me/profile')).status()).toBe(401);
    expect(await (await attacker.page.request.get('/api/auth/get-session')).json()).toBeNull();
    await dismissToasts(attacker.page);
    await signIn(attacker.page, email, attackerPassword);
    await toast(attacker.page, 'Sign In Failed', 'Invalid email or password').waitFor();
    const retried = await postJson('/api/auth/sign-in/email', { email, password: attackerPassword });
    expect(retried.status).toBe(401);
  });
});
