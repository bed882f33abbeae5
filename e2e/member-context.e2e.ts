import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail, useBrowser } from './support/browser';
import { ADMIN_EMAIL } from './support/constants';
import { adminCode, enrolAuthenticator } from './support/admin-authenticator';
import { expectNoSeriousViolations } from './support/axe';
import { expectFocused } from './support/focus';
import { apiSession, ensureAdminAccount, seedSubscription, signInByApi, signUpByApi } from './support/member-session';
import { photograph } from './support/screenshots';
import { baseUrl } from './support/server';

/**
 * A member's context beside their conversation (decision 060): the coach sees
 * the member's focus area, coaching tone and plan next to the thread, writes a
 * private note there, and finds it on the member's user card, where the
 * billing view and the users list's table and filters are. The note's author
 * corrects it there, and any admin deletes a note (decision 067).
 */
const browser = useBrowser();

beforeAll(async () => {
  await ensureAdminAccount();
}, 60_000);

type Choice = { id: string; label?: string; title?: string };

describe('the member beside the conversation', () => {
  // One walk through both screens on a shared, 2-core machine: longer than the default minute.
  it(
    'shows tone and focus beside the thread, keeps a note, and shows it on the user card',
    { timeout: 300_000 },
    async () => {
      const email = uniqueEmail('context');
      const name = `Cass Context ${Date.now().toString(36)}`;
      await signUpByApi(email, name);
      const asMember = await apiSession(email);
      const areas = (await (await fetch(`${baseUrl()}/api/catalog/focus-areas`)).json()) as Choice[];
      const tones = (await (await fetch(`${baseUrl()}/api/catalog/coaching-tones`)).json()) as Choice[];
      const area = areas[0]!;
      const tone = tones[0]!;
      await asMember('PATCH', '/api/me/profile', { focus_area_id: area.id, coaching_tone_id: tone.id });
      const end = new Date(Date.now() + 20 * 86_400_000);
      await seedSubscription(email, 'growth', end);
      const profile = await asMember<{ id: string }>('GET', '/api/me/profile');

      // On a laptop the member's details have their own column beside the conversation.
      const { page } = await signInByApi(browser, ADMIN_EMAIL, 1280);
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`/admin/messages?member=${profile.id}`);
      const column = page.getByRole('complementary', { name: 'About the member' });
      await column.getByText(area.label!, { exact: true }).waitFor();
      await column.getByText(tone.title!, { exact: true }).waitFor();
      // Growth is sold no more: the plan it pays for is The Space Pass (decision 065).
      await column.getByText(/^Pays for The Space Pass(?: \(monthly\))?, renews/).waitFor();
      await column.getByText('Unlimited coaching: their subscription').waitFor();
      // The credits badge says what it counts, so it is never read as the plan.
      await column.getByText(/not what they pay for/).waitFor();
      // The reply box is still in view beside it.
      expect(await page.getByRole('textbox', { name: `Message to ${name}` }).isVisible()).toBe(true);
      await expectNoSeriousViolations(page);
      await photograph(page, 'context-inbox-1280');

      // A note, kept with its author and time.
      const noteText = 'Prefers short messages in the morning; new manager since October.';
      await column.getByRole('button', { name: 'Save note' }).click();
      await column.getByRole('alert').getByText('Write a note').waitFor();
      await expectNoSeriousViolations(page);
      await column.getByRole('textbox', { name: 'Add a note' }).fill(noteText);
      await column.getByRole('button', { name: 'Save note' }).click();
      const notes = column.getByRole('list', { name: 'Notes' });
      await notes.getByText(noteText).waitFor();
      await notes.getByText(/^Ada Admin ·/).waitFor();
      expect(await column.getByRole('textbox', { name: 'Add a note' }).inputValue()).toBe('');
      await expectNoSeriousViolations(page);
      await photograph(page, 'context-inbox-note-1280');
      // The note's own Edit and Delete, in the column's narrower width.
      await photograph(page, 'context-inbox-notes-1280', column.getByRole('group', { name: /Team notes/ }));

      // Narrower, the same details fold above the thread.
      for (const width of [768, 375]) {
        await page.setViewportSize({ width, height: 800 });
        const fold = page.getByText('Member details and team notes');
        await fold.waitFor();
        expect(await column.count()).toBe(0);
        await photograph(page, `context-inbox-folded-${width}`);
        await fold.click();
        await page.getByRole('list', { name: 'Notes' }).getByText(noteText).waitFor();
        await expectNoSeriousViolations(page);
        await photograph(page, `context-inbox-open-${width}`);
        await fold.click();
      }

      // The user card, opened from the panel, shows the note and who pays for what.
      await page.setViewportSize({ width: 1280, height: 800 });
      await column.getByRole('link', { name: 'Open user card' }).click();
      await page.waitForURL('**/admin/users?q=*');
      const card = page.getByRole('article', { name });
      const cardNotes = card.getByRole('group', { name: /Team notes/ });
      await cardNotes.getByText(noteText).waitFor();
      await card.getByText(/^Pays for The Space Pass(?: \(monthly\))?, renews/).waitFor();
      await expectNoSeriousViolations(page);
      for (const width of [375, 768, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await photograph(page, `context-user-card-${width}`, card);
      }

      // The compact table, filtered to paying members.
      await page.getByRole('button', { name: 'Table' }).click();
      const table = page.getByRole('region', { name: 'Users table' });
      await table.getByRole('cell', { name: new RegExp(name) }).waitFor();
      await page.getByRole('combobox', { name: 'Plan' }).click();
      await page.getByRole('option', { name: 'Free Beta Access place' }).click();
      await page.getByText('No member matches').waitFor();
      await page.getByRole('combobox', { name: 'Plan' }).click();
      await page.getByRole('option', { name: 'Paying (live subscription)' }).click();
      await table.getByRole('cell', { name: new RegExp(name) }).waitFor();
      await expectNoSeriousViolations(page);
      for (const width of [375, 768, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await photograph(page, `context-users-table-${width}`);
      }
    },
  );

  it('lets a coach correct their own note and delete a colleague’s once confirmed', { timeout: 300_000 }, async () => {
    const run = Date.now().toString(36);
    const email = uniqueEmail('noted');
    const name = `Nell Noted ${run}`;
    const memberId = await signUpByApi(email, name);
    // A colleague: a member made admin by the e2e admin, with their own authenticator, writes a note.
    const colleagueEmail = uniqueEmail('cole-coach');
    const colleagueId = await signUpByApi(colleagueEmail, `Cole Coach ${run}`);
    const asAda = await apiSession(ADMIN_EMAIL);
    await asAda('POST', `/api/admin/users/${colleagueId}/roles`, { role: 'admin', code: adminCode() });
    const asColleague = await apiSession(colleagueEmail, baseUrl(), await enrolAuthenticator(colleagueEmail));
    const wrongFact = 'Works at Acme (she said Apex, I think).';
    await asColleague('POST', `/api/admin/members/${memberId}/notes`, { text: wrongFact });

    const { page } = await signInByApi(browser, ADMIN_EMAIL, 1280);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
    const card = page.getByRole('article', { name });
    const notes = card.getByRole('group', { name: /Team notes/ });
    await notes.getByText(wrongFact).waitFor();

    // Ada writes a note with a typo, then corrects it in place, from the keyboard.
    const typo = 'Prefers calls on Tuesdya mornings.';
    const fixed = 'Prefers calls on Tuesday mornings.';
    await notes.getByRole('textbox', { name: `Add a note on ${name}` }).fill(typo);
    await notes.getByRole('button', { name: 'Save note' }).click();
    await notes.getByText(typo).waitFor();
    // Only her own note offers Edit; every note offers Delete.
    await notes.getByRole('button', { name: `Edit note “${typo}”` }).waitFor();
    await notes.getByRole('button', { name: `Delete note “${typo}”` }).waitFor();
    await notes.getByRole('button', { name: `Delete note “${wrongFact}”` }).waitFor();
    expect(await notes.getByRole('button', { name: /^Edit note/ }).count()).toBe(1);
    for (const width of [375, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await photograph(page, `notes-controls-${width}`, card);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    await notes.getByRole('button', { name: `Edit note “${typo}”` }).focus();
    await page.keyboard.press('Enter');
    const box = notes.getByRole('textbox', { name: `Edit note “${typo}”` });
    await expectFocused(box);
    await box.fill(fixed);
    for (const width of [375, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await photograph(page, `notes-editing-${width}`, card);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await expectNoSeriousViolations(page);
    await notes.getByRole('button', { name: 'Save', exact: true }).click();
    await notes.getByText(fixed).waitFor();
    await notes.getByText(/· edited /).waitFor();
    expect(await notes.getByText(typo).count()).toBe(0);
    await expectFocused(notes.getByRole('button', { name: `Edit note “${fixed}”` }));

    // The colleague's wrong fact goes, after a confirmation that says what deleting does.
    await notes.getByRole('button', { name: `Delete note “${wrongFact}”` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this note?' });
    await confirm.getByText('It is removed for the whole team and from the member’s data export.').waitFor();
    await expectNoSeriousViolations(page);
    for (const width of [375, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await photograph(page, `notes-delete-confirm-${width}`, confirm);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await confirm.getByRole('button', { name: 'Delete note' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => notes.getByText(wrongFact).count()).toBe(0);
    await expectFocused(notes.getByRole('heading', { name: /Team notes/ }));

    // The member's export holds the corrected note and not the deleted one; the history says a note went.
    const exported = await (
      await apiSession(email)
    )<{ team_notes: { text: string; edited_at: string | null }[] }>('GET', '/api/me/export');
    expect(exported.team_notes.map((n) => n.text)).toEqual([fixed]);
    expect(exported.team_notes[0]!.edited_at).not.toBeNull();
    await card.getByRole('button', { name: `History of ${name}` }).click();
    const history = page.getByRole('dialog', { name: 'Change History' });
    await history.getByText(/^Deleted a team note written /).waitFor();
    expect(await history.textContent()).not.toContain('Acme');
  });
});
