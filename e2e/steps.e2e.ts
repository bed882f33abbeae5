import { beforeAll, describe, expect, it } from 'vitest';
import { STEP_NOT_DONE_LINE } from '@app/shared';
import { uniqueEmail, useBrowser } from './support/browser';
import { ADMIN_EMAIL } from './support/constants';
import {
  apiSession,
  confirmByApi,
  ensureAdminAccount,
  expectToast,
  openSignedIn,
  signInByApi,
  signUpByApi,
} from './support/member-session';
import { photograph } from './support/screenshots';

/**
 * Step tasks end to end (decision 058): a member starts a step from the
 * dashboard, takes it on, says it was not done and is offered a smaller one,
 * kindly, in the card and in the chat; an admin edits a library step beside
 * the strategic prompts. The card and the
 * editor are photographed at 375, 768 and 1280 px.
 */
const browser = useBrowser();
const WIDTHS = [375, 768, 1280];

beforeAll(async () => {
  await ensureAdminAccount();
}, 60_000);

describe('a member’s steps', () => {
  it.each(WIDTHS)('starts, accepts and misses a step, and is offered a smaller one (%i px)', async (width) => {
    const email = uniqueEmail('steps');
    await signUpByApi(email, 'Sam Steps');
    await confirmByApi(email);
    const asMember = await apiSession(email);
    const areas = await asMember<{ id: string; label: string }[]>('GET', '/api/catalog/focus-areas');
    await asMember('PATCH', '/api/me/profile', { focus_area_id: areas[1]!.id });

    const { page } = await signInByApi(browser, email, width);
    const card = page.locator('[data-slot="card"]', { has: page.getByText('Your next step', { exact: true }) });
    await card.getByRole('button', { name: 'Get my first step' }).click();
    await card.getByRole('button', { name: 'Accept' }).waitFor();
    await photograph(page, `card-offered-${width}`, card);
    await photograph(page, `dashboard-${width}`);
    const first = await card.locator('blockquote').textContent();
    // The same step is in the chat, with its buttons: two Accept buttons, the card's and the chat's.
    await page.getByRole('button', { name: 'Accept' }).nth(1).waitFor();

    await card.getByRole('button', { name: 'Accept' }).click();
    await card.getByText('You took this on').waitFor();
    await card.getByRole('button', { name: 'Not done' }).click();
    await card.getByText(STEP_NOT_DONE_LINE).waitFor();
    await card.getByText('Smaller step', { exact: true }).waitFor();
    expect(await card.locator('blockquote').textContent()).not.toBe(first);
    await photograph(page, `card-after-miss-${width}`, card);

    const steps = await asMember<{ current: { size: number }; history: { status: string }[] }>('GET', '/api/me/steps');
    expect(steps.current.size).toBe(2);
    expect(steps.history.map((s) => s.status)).toEqual(['not_done']);
  });
});

describe('a coach’s view of a member’s steps', () => {
  it('shows the current step and the history on the user card and in the conversation', async () => {
    const email = uniqueEmail('steps-seen');
    const name = `Kit Steps ${Date.now().toString(36)}`;
    await signUpByApi(email, name);
    await confirmByApi(email);
    const asMember = await apiSession(email);
    const { step } = await asMember<{ step: { id: string } }>('POST', '/api/me/steps');
    const { next } = await asMember<{ next: { if_text: string } }>('POST', `/api/me/steps/${step.id}/done`);

    for (const width of [375, 1280]) {
      const { page } = await openSignedIn(browser, ADMIN_EMAIL, '/admin/users', width);
      await page.getByPlaceholder('Search by name or email...').fill(email);
      const userCard = page.getByRole('article', { name });
      const panel = userCard.getByRole('region', { name: 'Current step and history' });
      await panel.getByText(`If ${next.if_text}`).waitFor();
      await panel.getByRole('button', { name: 'Show history (1)' }).click();
      await panel.getByText('Done', { exact: true }).waitFor();
      await photograph(page, `admin-user-card-${width}`, userCard);
    }

    // And beside the member's conversation.
    const profile = await asMember<{ id: string }>('GET', '/api/me/profile');
    const { page } = await openSignedIn(browser, ADMIN_EMAIL, `/admin/messages?member=${profile.id}`, 1280);
    const panel = page.getByRole('region', { name: 'Current step and history' });
    await panel.getByText(`If ${next.if_text}`).waitFor();
    await photograph(page, 'admin-conversation-1280');
  });
});

describe('the step library', () => {
  it('is beside the strategic prompts, where an admin edits a step', async () => {
    const run = Date.now().toString(36);
    for (const width of WIDTHS) {
      const { page } = await openSignedIn(browser, ADMIN_EMAIL, '/admin/strategic-prompts', width);
      await page.getByRole('tab', { name: 'Steps' }).click();
      await page.getByRole('heading', { name: 'Step library' }).waitFor();
      await page.getByTestId('step-template').first().waitFor();
      await photograph(page, `library-${width}`);
      if (width !== 1280) continue;

      const row = page.getByTestId('step-template').first();
      await row.getByRole('button', { name: /^Edit:/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit step' });
      await dialog.getByLabel('then I will').fill(`write the three things that matter most this week ${run}`);
      await photograph(page, 'library-edit-dialog-1280');
      await dialog.getByRole('button', { name: 'Update step' }).click();
      await expectToast(page, 'Success');
      await page.getByText(`write the three things that matter most this week ${run}.`).waitFor();
    }
  });
});
