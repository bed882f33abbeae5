import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { afterRender, uniqueEmail, useBrowser } from './support/browser';
import { expectFocused } from './support/focus';
import { openSignedIn, signInByApi, signUpByApi } from './support/member-session';
import { expectToast } from './support/toasts';

const browser = useBrowser();

const planCard = (page: Page, name: string) => page.getByRole('radio', { name: new RegExp(name) });

async function openProfile(width = 1280) {
  const email = uniqueEmail('focus');
  await signUpByApi(email, 'Kit Keyboard');
  const { page } = await openSignedIn(browser, email, '/profile', width);
  await page.getByRole('heading', { name: 'Subscription Plan' }).waitFor();
  await page.getByText('Current tone:').or(page.getByText('Choose a coaching tone')).first().waitFor();
  return page;
}

describe('profile keyboard and focus', () => {
  it('returns focus to the plan card after the upgrade dialog closes, by Escape and by Cancel', async () => {
    const page = await openProfile();
    const spacePass = planCard(page, 'The Space Pass');
    const dialog = page.getByRole('dialog', { name: 'Upgrade to The Space Pass?' });

    await spacePass.focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expectFocused(spacePass);

    await page.keyboard.press('Space');
    await dialog.waitFor();
    // Focus starts inside the dialog on Cancel; Enter presses it.
    await expectFocused(dialog.getByRole('button', { name: 'Cancel' }));
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expectFocused(spacePass);
  });

  it('moves through the plan cards with the arrow keys without opening a dialog; Enter confirms', async () => {
    const page = await openProfile();
    const free = planCard(page, 'Free Beta Access');
    const paid = planCard(page, 'The Space Pass');
    // Base Camp checks no card: the first card is the group's Tab stop.
    await free.focus();
    await page.keyboard.press('ArrowRight');
    await expectFocused(paid);
    await page.keyboard.press('ArrowLeft');
    await expectFocused(free);
    await page.keyboard.press('ArrowDown');
    await expectFocused(paid);
    await afterRender(page);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await paid.getAttribute('aria-checked')).toBe('false');
    expect(await free.getAttribute('aria-checked')).toBe('false');

    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Upgrade to The Space Pass?' }).waitFor();
  });

  it('returns focus to the coaching-tone select and the focus-area menu after choosing with the keyboard', async () => {
    const page = await openProfile();

    const tone = page.getByRole('combobox', { name: 'Coaching Tone' });
    await tone.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await expectToast(page, 'Profile Updated');
    await expectFocused(tone);

    // Escape closes the select without a change, and focus stays with it.
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await expectFocused(tone);

    const focus = page.getByRole('button', { name: 'Focus Area Choose a focus area' });
    await focus.focus();
    await page.keyboard.press('Enter');
    await page.getByText('Choose your current focus').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expectToast(page, 'Profile Updated');
    const chosen = page.getByRole('button', { name: /^Focus Area / });
    await expect.poll(() => chosen.getAttribute('aria-labelledby')).toBeTruthy();
    await expectFocused(chosen);
    // Banner and control now agree on the saved area.
    const label = (await chosen.innerText()).trim();
    expect(label).not.toBe('Choose a focus area');
    await page.locator('main section').getByText(label, { exact: true }).waitFor();
  });

  it('cancels Edit name with Escape, keeping the name, and returns focus to Edit name', async () => {
    const page = await openProfile();
    const edit = page.getByRole('button', { name: 'Edit name' });
    await edit.focus();
    await page.keyboard.press('Enter');
    const input = page.getByLabel('Full name');
    await expectFocused(input);
    await input.fill('Someone Else');
    await page.keyboard.press('Escape');
    await input.waitFor({ state: 'detached' });
    await expectFocused(edit);
    await page.getByRole('heading', { level: 1, name: 'Kit Keyboard' }).waitFor();
    expect(await page.getByText('Someone Else').count()).toBe(0);
  });

  it('focuses the name field when the name is saved empty', async () => {
    const page = await openProfile();
    await page.getByRole('button', { name: 'Edit name' }).click();
    const input = page.getByLabel('Full name');
    await input.fill('');
    const save = page.getByRole('button', { name: 'Save name' });
    await save.focus();
    await page.keyboard.press('Enter');
    await page.getByText('Full name is required').waitFor();
    await expectFocused(input);
  });

  it('names the account menu by the name it shows, and checks the page with it open', async () => {
    const email = uniqueEmail('menu');
    await signUpByApi(email, 'Noor Named');
    const { page } = await signInByApi(browser, email);
    const menu = page.getByRole('button', { name: 'Noor Named, account menu' });
    await menu.waitFor();
    expect(await menu.innerText()).toContain('Noor Named');
    await menu.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Profile' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await expectFocused(menu);
  });

  it('finds no serious violation with the menus and dialogs of the profile open on a phone', async () => {
    const page = await openProfile(375);
    await page.getByRole('button', { name: 'Focus Area Choose a focus area' }).click();
    await page.getByText('Choose your current focus').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByRole('combobox', { name: 'Coaching Tone' }).click();
    await page.getByRole('listbox').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await planCard(page, 'The Space Pass').click();
    await page.getByRole('dialog').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    // Focus goes back to the card once the dialog has finished closing, not at the key press.
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expectFocused(planCard(page, 'The Space Pass'));
  });
});

describe('star rating by keyboard', () => {
  it('moves with the arrow keys without saving each step, and saves once on Enter', async () => {
    const email = uniqueEmail('stars');
    await signUpByApi(email, 'Sam Stars');
    const { page } = await signInByApi(browser, email);
    const saves: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes('/api/me/prompt-ratings/'))
        saves.push(request.postData() ?? '');
    });
    const first = page.getByRole('radio', { name: 'Rate 1 out of 5' });
    await first.waitFor();
    await expect.poll(() => first.isEnabled()).toBe(true);
    await first.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.getByText('3 out of 5, not saved yet').waitFor();
    await afterRender(page);
    expect(saves).toEqual([]);
    await page.keyboard.press('Enter');
    await expectToast(page, 'Rating saved');
    await page.getByText('Your rating: 3 out of 5', { exact: true }).waitFor();
    expect(saves).toHaveLength(1);
    expect(JSON.parse(saves[0]!)).toEqual({ rating: 3 });
  });
});
