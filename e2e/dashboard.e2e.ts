import { describe, expect, it } from 'vitest';
import { DASHBOARD_GREETING } from '@app/shared';
import { afterRender, uniqueEmail, useBrowser } from './support/browser';
import { holdRequests } from './support/held-requests';
import {
  allowClipboard,
  chatText,
  greetingAsLinked,
  expectToast,
  openedUrls,
  toastTexts,
  readClipboard,
  recordWindowOpen,
  signInByApi,
  signUpByApi,
} from './support/member-session';

const browser = useBrowser();

describe('dashboard', () => {
  it('greets the member, says what the plan includes, and lets the trial conversation be copied again', async () => {
    const email = uniqueEmail('connect');
    await signUpByApi(email, 'Robin Calm');
    const { context, page } = await signInByApi(browser, email);
    await allowClipboard(context);

    // The name greets the member once (decision 034); a brand-new member is welcomed, not welcomed back.
    await page.getByRole('heading', { level: 1, name: 'Welcome, Robin Calm' }).waitFor();
    expect(await page.locator('main').getByText('Robin Calm').count()).toBe(1);
    await page.getByText('Free', { exact: true }).first().waitFor();
    await page.getByText('May not work on all devices').waitFor();
    await page.getByText('Your plan includes one free conversation with your coach.').waitFor();

    await page.getByRole('button', { name: 'Copy Chat Link' }).click();
    // One click, one toast: the copy, and that it started the trial conversation.
    await expectToast(page, 'URL copied!', 'Your free trial conversation has started.');
    await afterRender(page);
    expect(await toastTexts(page)).toHaveLength(1);
    const copied = await readClipboard(page);
    expect(copied).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);
    expect(chatText(copied)).toEqual(greetingAsLinked(DASHBOARD_GREETING));

    // The paste failed, say: copying again is the same conversation, not a second one (decision 023).
    await page.getByText(/Your free conversation continues until/).waitFor();
    await page.reload();
    await page.evaluate(() => navigator.clipboard.writeText('untouched'));
    await page.getByRole('button', { name: 'Copy Chat Link' }).click();
    await expect.poll(() => readClipboard(page)).toBe(copied);
    await expectToast(page, 'URL copied!');
    expect(await toastTexts(page)).toEqual([expect.not.stringContaining('free trial conversation')]);
    const access = await (await page.request.get('/api/me/trial-use')).json();
    expect(access).toMatchObject({ basis: 'trial_continues', trial_conversations_used: 1 });
  });

  it('opens Quick Connect in a new tab, and again for the same trial conversation', async () => {
    const email = uniqueEmail('quick');
    await signUpByApi(email);
    const { context, page } = await browser.newPage();
    await recordWindowOpen(context, { blocked: false });
    await page.goto('/auth');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('quiet-harbour-42');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL('**/dashboard');

    await page.getByRole('link', { name: 'Try Quick Connect' }).click();
    await expectToast(page, 'Trial Used');
    await expect.poll(() => openedUrls(page)).toHaveLength(2);
    const [blank, chat] = await openedUrls(page);
    expect(blank).toBe('');
    expect(chatText(chat!)).toEqual(greetingAsLinked(DASHBOARD_GREETING));

    await page.getByRole('link', { name: 'Try Quick Connect' }).click();
    await expect
      .poll(async () => (await openedUrls(page)).filter((u) => u.startsWith('https://wa.me/')))
      .toHaveLength(2);
  });

  it('saves a reflection and a prompt rating that are still there after a reload', async () => {
    const email = uniqueEmail('reflect');
    await signUpByApi(email);
    const { page } = await signInByApi(browser, email);

    const form = page.getByRole('button', { name: 'Save reflection' });
    await form.click();
    await page.getByText('Please write your reflection first').waitFor();

    const text = `Today I noticed I breathe easier after a walk. ${Date.now()}`;
    await page.getByLabel('Your reflection').fill(text);
    await form.click();
    await expectToast(page, 'Reflection saved');
    const latest = page.getByRole('list').filter({ hasText: text });
    await latest.waitFor();
    expect(await page.getByLabel('Your reflection').inputValue()).toBe('');

    // The rating's save is held on its way: until the server answers, the page must not claim it
    // saved, since a reload in that moment would lose it. Then the saved state, then the reload.
    const save = await holdRequests(page, '**/api/me/prompt-ratings/*', 'PUT');
    await page.getByRole('radio', { name: 'Rate 4 out of 5' }).check();
    await save.arrived;
    await page.getByText('Saving your rating: 4 out of 5…').waitFor();
    expect(await page.getByText('Your rating: 4 out of 5', { exact: true }).count()).toBe(0);
    await save.release();
    await page.getByText('Your rating: 4 out of 5', { exact: true }).waitFor();

    await page.reload();
    await page.getByText(text).waitFor();
    await page.getByText('Your rating: 4 out of 5', { exact: true }).waitFor();
    expect(await page.getByRole('radio', { name: 'Rate 4 out of 5' }).isChecked()).toBe(true);
    // The progress panel counts it.
    const figure = (label: string) => page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd');
    await expect.poll(() => figure('Reflections').innerText()).toBe('1');
    expect(await figure('Active days').innerText()).toBe('1 of 30');
    expect(await figure('Streak').innerText()).toBe('1 day');
    await page.getByText('0 of 15 credits used').waitFor();
  });

  it('counts a check-in answered on the card as today’s activity at once', async () => {
    const email = uniqueEmail('checkin-card');
    await signUpByApi(email);
    const { page } = await signInByApi(browser, email);
    const figure = (label: string) => page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd');
    await expect.poll(() => figure('Active days').innerText()).toBe('0 of 30');

    const card = page.locator('[data-slot="card"]', { hasText: "How stressed you've felt" });
    const scale = card.getByRole('group', { name: 'How stressed are you right now?' });
    // The radios are drawn as buttons: the person presses the "4" (its label).
    await scale
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: /^4/ }) })
      .click();
    await card.getByRole('button', { name: 'Send' }).click();
    // The first answer replaces the form with the chart: the thanks still come.
    await expectToast(page, 'Thank you for checking in', 'You answered 4.');
    // No reload: the progress figures follow the answer.
    await expect.poll(() => figure('Active days').innerText()).toBe('1 of 30');
    expect(await figure('Streak').innerText()).toBe('1 day');
  });

  it('saves tracker feedback, shows it prefilled after a reload and lets the member change it', async () => {
    const email = uniqueEmail('tracker');
    await signUpByApi(email);
    const { page } = await signInByApi(browser, email);

    await page.getByRole('button', { name: 'Save feedback' }).click();
    await page.getByText('Please select an option').waitFor();

    await page.getByRole('radio', { name: 'Weekly progress reports' }).check();
    await page.getByRole('checkbox', { name: 'Notion' }).check();
    await page.getByRole('checkbox', { name: 'Monday.com' }).check();
    await page.getByRole('checkbox', { name: 'Kanban boards' }).check();
    await page.getByLabel('Anything else on your mind? (optional)').fill('A weekly email would be lovely.');
    await page.getByRole('button', { name: 'Save feedback' }).click();
    await expectToast(page, 'Feedback saved');
    // Answered, the survey folds to one line; focus stays on the card's Edit button.
    const edit = page.getByRole('button', { name: 'Edit your tracker feedback' });
    await expect.poll(() => edit.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByText('Weekly progress reports · Notion, Monday.com · Kanban boards').waitFor();
    expect(await page.getByRole('button', { name: 'Save feedback' }).count()).toBe(0);

    await page.reload();
    await page.getByRole('button', { name: 'Edit your tracker feedback' }).click();
    await page.getByRole('button', { name: 'Update feedback' }).waitFor();
    expect(await page.getByRole('radio', { name: 'Weekly progress reports' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Notion' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Monday.com' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Trello' }).isChecked()).toBe(false);
    expect(await page.getByRole('checkbox', { name: 'Kanban boards' }).isChecked()).toBe(true);
    expect(await page.getByLabel('Anything else on your mind? (optional)').inputValue()).toBe(
      'A weekly email would be lovely.',
    );

    await page.getByRole('checkbox', { name: 'Notion' }).uncheck();
    await page.getByRole('radio', { name: 'Habit tracking' }).check();
    await page.getByRole('button', { name: 'Update feedback' }).click();
    await expectToast(page, 'Feedback saved');
    await page.getByText('Habit tracking · Monday.com · Kanban boards').waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Edit your tracker feedback' }).click();
    await page.getByRole('button', { name: 'Update feedback' }).waitFor();
    expect(await page.getByRole('radio', { name: 'Habit tracking' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Notion' }).isChecked()).toBe(false);
  });

  it('asks a signed-out visitor to sign in', async () => {
    const { page } = await browser.newPage();
    await page.goto('/dashboard');
    await page.waitForURL('**/auth');
  });
});
