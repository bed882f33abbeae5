import { beforeAll, describe, expect, it } from 'vitest';
import type { ConversationCustomerDto, SavedReplyDto } from '@app/shared';
import type { Page } from 'playwright-core';
import { expectNoSeriousViolations } from './support/axe';
import { uniqueEmail, useBrowser } from './support/browser';
import { openInbox } from './support/chat';
import { ADMIN_EMAIL } from './support/constants';
import {
  apiSession,
  ensureAdminAccount,
  expectToast,
  openSignedIn,
  seedSubscription,
  signUpByApi,
} from './support/member-session';
import { photograph } from './support/screenshots';

/**
 * Saved replies and search across messages (decision 062), in Chromium
 * against the real server: an admin keeps the library on its own screen,
 * inserts a reply with the member's first name from the message box by
 * keyboard alone (/, arrow keys, Enter), and finds an old message by a word
 * in it, which opens the conversation scrolled to that message, highlighted.
 */
const browser = useBrowser();
const WIDTHS = [375, 768, 1280];
/** Letters only, unique to this run: a word the English stemmer keeps as it is, found nowhere else. */
const tag = Date.now()
  .toString(26)
  .replace(/[0-9]/g, (d) => 'klmnopqrst'[Number(d)]!);

async function subscribedMember(name: string) {
  const email = uniqueEmail('replies');
  const id = await signUpByApi(email, name);
  await seedSubscription(email, 'starter', new Date(Date.now() + 30 * 86_400_000));
  return { email, id };
}

async function conversationOf(memberId: string) {
  const admin = await apiSession(ADMIN_EMAIL);
  return (await admin<ConversationCustomerDto>('GET', `/api/admin/members/${memberId}/conversation`)).conversation_id;
}

/** Whether the element's box lies inside the box of the element that scrolls it. */
const shownWithin = (page: Page, selector: string, container: string) =>
  page.evaluate(
    ([item, box]) => {
      const a = document.querySelector(item)!.getBoundingClientRect();
      const b = document.querySelector(box)!.getBoundingClientRect();
      return a.top >= b.top - 1 && a.bottom <= b.bottom + 1;
    },
    [selector, container] as const,
  );

beforeAll(() => ensureAdminAccount());

describe('saved replies', () => {
  it.each(WIDTHS)('are listed on their own admin screen (%i px)', async (width) => {
    const { page } = await openSignedIn(browser, ADMIN_EMAIL, '/admin/saved-replies', width);
    await page.getByRole('heading', { name: 'Saved Replies' }).waitFor();
    await page.getByText(/of at most \d+/).waitFor();
    await photograph(page, `saved-replies-${width}`);
  });

  it('are added, edited and deleted there, with the rule of the one placeholder', async () => {
    const { page } = await openSignedIn(browser, ADMIN_EMAIL, '/admin/saved-replies');
    await page.getByRole('button', { name: 'Add saved reply' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add saved reply' });
    await dialog.getByLabel('Title').fill(`Check in ${tag}`);
    await dialog.getByLabel('Reply').fill('How are you today, {name}?');
    await dialog.getByRole('button', { name: 'Add reply' }).click();
    // The rule the server shares: the one placeholder is {first_name}.
    await dialog.getByText('The only placeholder is {first_name}').waitFor();
    await expectNoSeriousViolations(page);
    await dialog.getByLabel('Reply').fill('How are you today, {first_name}?');
    await photograph(page, 'saved-reply-dialog-1280');
    await dialog.getByRole('button', { name: 'Add reply' }).click();
    await expectToast(page, 'Success');
    const row = page.getByTestId('saved-reply').filter({ hasText: `Check in ${tag}` });
    await row.getByText('How are you today, {first_name}?').waitFor();

    await row.getByRole('button', { name: `Edit Check in ${tag}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit saved reply' });
    await edit.getByLabel('Reply').fill('How is today going, {first_name}?');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await row.getByText('How is today going, {first_name}?').waitFor();
    await photograph(page, 'saved-replies-filled-1280');
    await expectNoSeriousViolations(page);

    await row.getByRole('button', { name: `Delete Check in ${tag}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await row.waitFor({ state: 'detached' });
  });

  it.each(WIDTHS)(
    "are inserted with the member's first name by keyboard alone: /, arrows, Enter (%i px)",
    async (width) => {
      const admin = await apiSession(ADMIN_EMAIL);
      // Two replies sharing a prefix only this run uses: the arrow key chooses the second.
      for (const [title, body] of [
        [`${tag} ${width} away`, 'I am away today, {first_name}; back tomorrow.'],
        [`${tag} ${width} welcome`, `Hi {first_name}, welcome to Calm Space. ${tag}`],
      ] as const) {
        await admin<SavedReplyDto>('POST', '/api/admin/saved-replies', { title, body });
      }
      const member = await subscribedMember(`Nora ${tag} Reply`);
      const conversationId = await conversationOf(member.id);

      const { page } = await openSignedIn(
        browser,
        ADMIN_EMAIL,
        `/admin/messages?conversation=${conversationId}`,
        width,
      );
      const box = page.getByRole('textbox', { name: `Message to Nora ${tag} Reply` });
      await box.focus();
      await box.press('/');
      const picker = page.getByRole('listbox', { name: 'Saved replies' });
      await picker.waitFor();
      await box.pressSequentially(`${tag} ${width}`.slice(0, 12));
      // Only this run's two are left, in title order, the first chosen.
      const options = picker.getByRole('option');
      await expect
        .poll(() => options.allTextContents())
        .toEqual([
          `${tag} ${width} awayI am away today, Nora; back tomorrow.`,
          `${tag} ${width} welcomeHi Nora, welcome to Calm Space. ${tag}`,
        ]);
      await box.press('ArrowDown');
      await expect.poll(() => options.nth(1).getAttribute('aria-selected')).toBe('true');
      expect(await box.getAttribute('aria-activedescendant')).toBe(await options.nth(1).getAttribute('id'));
      await photograph(page, `saved-reply-picker-${width}`);
      await expectNoSeriousViolations(page);

      await box.press('Enter');
      await expect.poll(() => box.inputValue()).toBe(`Hi Nora, welcome to Calm Space. ${tag}`);
      await picker.waitFor({ state: 'detached' });
      // The next Enter is the box's own: it sends.
      await box.press('Enter');
      const log = page.getByRole('log', { name: `Conversation with Nora ${tag} Reply` });
      await log.getByText(`Hi Nora, welcome to Calm Space. ${tag}`).waitFor();
      await expect.poll(() => box.inputValue()).toBe('');

      // Escape closes the list and leaves the / as typed.
      await box.press('/');
      await picker.waitFor();
      await box.press('Escape');
      await picker.waitFor({ state: 'detached' });
      expect(await box.inputValue()).toBe('/');
    },
  );
});

describe('search across messages', () => {
  it.each(WIDTHS)(
    'finds an old message and opens its conversation scrolled to it, highlighted (%i px)',
    async (width) => {
      const word = `lighthouse${tag}${'abc'[WIDTHS.indexOf(width)]}`;
      const member = await subscribedMember(`Iris ${tag} Search`);
      const conversationId = await conversationOf(member.id);
      const admin = await apiSession(ADMIN_EMAIL);
      const send = (message: string) =>
        admin('POST', `/api/admin/conversations/${conversationId}/messages`, { message });
      // The one to find, then more than two pages after it: the conversation opens far from it.
      await send(`Picture the ${word} on the hill when the evening gets loud.`);
      await send(`Then walk down to the ${word}x harbour.`);
      for (let i = 1; i <= 65; i++) await send(`Follow-up note ${i} for this week.`);

      const { page } = await openInbox(browser, undefined, width);
      const search = page.getByRole('searchbox', { name: 'Search all messages' });
      await search.fill(word);
      await search.press('Enter');
      const results = page.getByRole('list', { name: `Messages matching ${word}` });
      const result = results.getByRole('button').filter({ hasText: `Iris ${tag} Search` });
      await result.waitFor();
      expect(await results.getByRole('listitem').count()).toBe(1);
      await expect.poll(() => result.locator('mark').textContent()).toBe(word);
      await photograph(page, `message-search-${width}`);
      await expectNoSeriousViolations(page);

      await result.focus();
      if (width === 1280) {
        await photograph(page, 'message-search-focused-1280', results);
      }
      await result.press('Enter');
      await page.waitForURL(
        (url) => url.searchParams.get('conversation') === conversationId && url.searchParams.has('message'),
      );
      const found = page.locator('[data-highlighted="true"]');
      await found.getByText(`Picture the ${word} on the hill`).waitFor();
      await expect
        .poll(() => shownWithin(page, '[data-highlighted="true"]', '[role="log"]'), { timeout: 10_000 })
        .toBe(true);
      await expect.poll(() => found.evaluate((el) => el === document.activeElement)).toBe(true);
      await photograph(page, `message-found-${width}`);
      await expectNoSeriousViolations(page);

      if (width !== 1280) return;
      // Another result in the same conversation: the pane stays, and so does what the coach was typing.
      const reply = page.getByRole('textbox', { name: `Message to Iris ${tag} Search` });
      await reply.fill('A reply in progress');
      await search.fill(`${word}x`);
      await search.press('Enter');
      await page
        .getByRole('list', { name: `Messages matching ${word}x` })
        .getByRole('button')
        .filter({ hasText: `Iris ${tag} Search` })
        .click();
      await page.locator('[data-highlighted="true"]').getByText(`walk down to the ${word}x harbour`).waitFor();
      expect(await reply.inputValue()).toBe('A reply in progress');
    },
  );
});
