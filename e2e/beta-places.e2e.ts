import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { uniqueEmail, useBrowser } from './support/browser';
import { waitForHydration } from './support/hydration';
import { expectToast, signInByApi, signUpByApi } from './support/member-session';
import { baseUrl } from './support/server';

/**
 * One figure for the Free Beta Access places on every screen (decision 038):
 * the public pages as served, after hydration, and the profile's plan picker.
 */
const browser = useBrowser();
const SEATS = 50;

/** The page as the server sends it, before any script runs (without the markers React puts between texts). */
async function servedHtml(path: string): Promise<string> {
  const res = await fetch(`${baseUrl()}${path}`);
  expect(res.status).toBe(200);
  return (await res.text()).replaceAll('<!-- -->', '');
}

const betaCard = (page: Page) => page.getByRole('radio', { name: /Free Beta Access/ });

/** The places left as the signed-in member's plan picker says them. */
async function pickerLeft(page: Page): Promise<number> {
  const text = await betaCard(page).innerText();
  const match = /(\d+) of (\d+) spots left/.exec(text);
  expect(match, text).not.toBeNull();
  expect(Number(match![2])).toBe(SEATS);
  return Number(match![1]);
}

async function openProfile(page: Page) {
  await page.goto('/profile');
  await page.getByRole('heading', { name: 'Subscription Plan' }).waitFor();
  await expect.poll(() => betaCard(page).innerText()).toMatch(/spots left/);
}

describe('the beta places', () => {
  it('show the same live count in the served pages, after hydration and in the picker, and follow a place taken', async () => {
    const taker = uniqueEmail('beta-taker');
    const watcher = uniqueEmail('beta-watcher');
    await signUpByApi(taker);
    await signUpByApi(watcher);

    const { page } = await signInByApi(browser, taker);
    await openProfile(page);
    const left = await pickerLeft(page);

    const landing = await servedHtml('/');
    expect(landing).toContain(`Free beta · ${left} of ${SEATS} spots left`);
    expect(landing).toContain(`${SEATS - left} already in`);
    expect(landing).toContain(`<script type="application/json" id="beta-places">{"seats":${SEATS},"left":${left}}`);
    expect(await servedHtml('/pricing')).toContain(`${left} of ${SEATS} spots left.`);
    expect(landing).not.toContain('%%beta-');

    // The member takes a place: every page served from now on says one fewer.
    await betaCard(page).click();
    await expectToast(page, 'Profile Updated');
    await expect.poll(() => betaCard(page).innerText()).toContain('You hold one of the beta places');
    const after = await servedHtml('/');
    expect(after).toContain(`Free beta · ${left - 1} of ${SEATS} spots left`);
    expect(after).toContain(
      `${SEATS - left + 1} already in · <strong class="text-primary">${left - 1} spots left</strong>`,
    );
    expect(await servedHtml('/pricing')).toContain(`${left - 1} of ${SEATS} spots left.`);

    // The landing page hydrates with the served figures: no mismatch, nothing logged.
    const { context: visitorContext, page: visitor } = await browser.newPage();
    const errors: string[] = [];
    visitor.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
    });
    visitor.on('pageerror', (error) => errors.push(error.message));
    await visitor.goto('/');
    await waitForHydration(visitor);
    await visitor.getByRole('link', { name: 'Sign In', exact: true }).first().waitFor();
    await visitor.getByText(`Free beta · ${left - 1} of ${SEATS} spots left`).waitFor();
    await visitor.getByText(`${left - 1} spots left`, { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await visitorContext.close();

    // Another member's picker says the same number.
    const { page: other } = await signInByApi(browser, watcher);
    await openProfile(other);
    expect(await pickerLeft(other)).toBe(left - 1);
  });
});
