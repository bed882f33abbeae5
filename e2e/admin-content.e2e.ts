import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { downloadedBytes, uniqueEmail, useBrowser } from './support/browser';
import { ADMIN_EMAIL } from './support/constants';
import { postJson } from './support/server';
import {
  apiSession,
  confirmByApi,
  ensureAdminAccount,
  expectToast,
  openSignedIn,
  signUpByApi,
} from './support/member-session';

/**
 * The admin's content screens (issue 12 items 4–7) against the real server:
 * seeded data shows, a prompt goes through its life, the survey export's bytes.
 */
const browser = useBrowser();
const run = Date.now().toString(36);

/** A confirmed, signed-in member speaking to the API directly, to put data in place. */
async function memberApi(name: string) {
  const email = uniqueEmail('content');
  await signUpByApi(email, name);
  await confirmByApi(email);
  const call = await apiSession(email);
  return (method: string, path: string, body?: unknown) => call<Record<string, unknown>>(method, path, body);
}

async function submitSurvey(survey: Record<string, string>) {
  const res = await postJson('/api/exit-surveys', survey);
  expect(res.status).toBe(201);
}

const member = { name: `Rowan Reflect ${run}`, marker: `lighthouse-${run}`, promptTitle: '' };
const hostileName = `=HYPERLINK("http://evil.example","Click ${run}")`;
const awkwardReason = `Too dear, for now; "maybe" later\nwhen paid ${run}`;

beforeAll(async () => {
  await ensureAdminAccount();

  const asMember = await memberApi(member.name);
  const prompt = await asMember('GET', '/api/catalog/daily-prompt');
  member.promptTitle = String(prompt.title);
  await asMember('PUT', `/api/me/prompt-ratings/${String(prompt.id)}`, { rating: 4 });
  await asMember('POST', '/api/me/reflections', {
    reflection_text: `By the ${member.marker} I breathed slowly`,
    strategic_prompt_id: prompt.id,
  });
  // Enough more to need a second page of reflections (20 a page).
  for (let i = 1; i <= 20; i++) {
    await asMember('POST', '/api/me/reflections', { reflection_text: `Note ${i} near the ${member.marker}` });
  }
  await asMember('PUT', '/api/me/tracker-feedback', {
    tracking: 'Weekly progress reports',
    project_management_tools: ['Notion', 'Trello'],
    visual_feature_preferences: ['Calendar views'],
    additional_thoughts: `A Sunday summary would help ${run}`,
  });

  await submitSurvey({
    name: hostileName,
    email: `mallory.${run}@calm.test`,
    willingness_to_pay: 'maybe',
    chat_preference: 'no',
    reason: awkwardReason,
  });
  await submitSurvey({
    name: `Priya Plain ${run}`,
    email: `priya.${run}@calm.test`,
    willingness_to_pay: 'yes',
    chat_preference: 'yes',
  });
}, 60_000);

describe('Strategic Prompts', () => {
  it('lists the prompts with their figures, and takes one through create, edit, switch and delete', async () => {
    const { context, page } = await openSignedIn(browser, ADMIN_EMAIL, '/admin/strategic-prompts');
    await page.getByRole('heading', { name: 'Strategic Prompts', level: 1 }).waitFor();
    const rated = page.getByTestId('prompt-card').filter({ hasText: member.promptTitle });
    await rated
      .getByText(/reflections?$/)
      .first()
      .waitFor();
    expect(await rated.first().innerText()).toMatch(/\(\d+ ratings?\)/);

    // Title and Prompt Text are required.
    await page.getByRole('button', { name: 'Add Prompt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Strategic Prompt' });
    await dialog.getByRole('button', { name: 'Create Prompt' }).click();
    await dialog.getByText('Title is required').waitFor();
    await dialog.getByText('Prompt text is required').waitFor();

    const title = `Quiet harbour ${run}`;
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByRole('combobox', { name: 'Focus Area' }).click();
    await page.getByRole('option', { name: 'Burnout Recovery' }).click();
    await dialog.getByLabel('Prompt Text').fill('Where did you find a moment of stillness today?');
    expect(await dialog.getByLabel('Prompt Text').getAttribute('rows')).toBe('6');
    await dialog.getByRole('button', { name: 'Create Prompt' }).click();
    await expectToast(page, 'Success', 'Strategic prompt created successfully.');
    const card = page.getByTestId('prompt-card').filter({ hasText: title });
    await card.getByText('Burnout Recovery').waitFor();
    await card.getByText('Active', { exact: true }).first().waitFor();
    await card.getByText('Not rated yet (0 ratings)').waitFor();

    // The dialog opens blank again after a save.
    await page.getByRole('button', { name: 'Add Prompt' }).click();
    expect(await dialog.getByLabel('Title').inputValue()).toBe('');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const renamed = `Still harbour ${run}`;
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit Strategic Prompt' });
    expect(await editDialog.getByLabel('Title').inputValue()).toBe(title);
    await editDialog.getByLabel('Title').fill(renamed);
    await editDialog.getByRole('button', { name: 'Update Prompt' }).click();
    await expectToast(page, 'Success', 'Strategic prompt updated successfully.');
    const renamedCard = page.getByTestId('prompt-card').filter({ hasText: renamed });
    await renamedCard.waitFor();

    await page.getByRole('switch', { name: `Active: ${renamed}` }).click();
    await renamedCard.getByText('Inactive', { exact: true }).waitFor();
    await page.reload();
    await renamedCard.getByText('Inactive', { exact: true }).waitFor();
    expect(await page.getByRole('switch', { name: `Active: ${renamed}` }).getAttribute('aria-checked')).toBe('false');

    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this prompt?' });
    await confirm.getByText('No member has reflected on it yet.').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Success', 'Strategic prompt deleted successfully.');
    await expect.poll(() => renamedCard.count()).toBe(0);
    await page.reload();
    await page.getByTestId('prompt-card').first().waitFor();
    expect(await renamedCard.count()).toBe(0);
    await context.close();
  });
});

describe('Tracker Feedback', () => {
  it('shows the figures, the methods and the member’s comment with its details', async () => {
    const { context, page } = await openSignedIn(browser, ADMIN_EMAIL, '/admin/tracker-feedback');
    await page.getByRole('heading', { name: 'Tracking Method Preferences' }).waitFor();
    await page.getByText('Weekly progress reports').first().waitFor();
    await page.getByRole('heading', { name: 'Most Popular' }).waitFor();
    const comment = page.getByRole('listitem').filter({ hasText: `A Sunday summary would help ${run}` });
    await comment.getByText(member.name).waitFor();
    await comment.getByText(/just now|\dm ago/).waitFor();
    await comment.getByRole('button', { name: /View Details/ }).click();
    const details = page.getByRole('dialog', { name: 'User Tracker Feedback Details' });
    await details.getByText('Notion').waitFor();
    await details.getByText('Calendar views').waitFor();
    await context.close();
  });
});

describe('Exit Surveys', () => {
  it('shows the answers as text and exports every answer as a spreadsheet-safe CSV', async () => {
    const { context, page } = await openSignedIn(browser, ADMIN_EMAIL, '/admin/exit-surveys');
    const hostileRow = page.getByRole('row').filter({ hasText: `mallory.${run}@calm.test` });
    await hostileRow.getByText(hostileName).waitFor();
    expect(await hostileRow.getByRole('link').count()).toBe(0);
    const plainRow = page.getByRole('row').filter({ hasText: `priya.${run}@calm.test` });
    await plainRow.getByText('No reason provided').waitFor();
    await page.getByRole('heading', { name: 'Would Pay' }).waitFor();
    await page
      .getByText(/^\d+% of responses$/)
      .first()
      .waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const today = await page.evaluate(() => {
      const d = new Date();
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
    });
    expect(download.suggestedFilename()).toBe(`exit-surveys-${today}.csv`);
    const bytes = await downloadedBytes(download);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.startsWith('Date,Name,Email,Willingness to Pay,Chat Preference,Reason\r\n')).toBe(true);
    const date = String.raw`\d{4}-\d{2}-\d{2} \d{2}:\d{2}`;
    expect(text).toMatch(
      new RegExp(
        `\\r\\n${date},"'=HYPERLINK\\(""http://evil\\.example"",""Click ${run}""\\)",mallory\\.${run}@calm\\.test,maybe,no,` +
          `"Too dear, for now; ""maybe"" later\\nwhen paid ${run}"\\r\\n`,
      ),
    );
    expect(text).toMatch(new RegExp(`\\r\\n${date},Priya Plain ${run},priya\\.${run}@calm\\.test,yes,yes,N/A\\r\\n`));
    expect(text.endsWith('\r\n')).toBe(true);
    await context.close();
  });
});

describe('Reflections', () => {
  it('lists reflections newest first with member and prompt, searches and pages', async () => {
    const { context, page } = await openSignedIn(browser, ADMIN_EMAIL, '/admin/reflections');
    await page.getByRole('heading', { name: 'Reflections', level: 1 }).waitFor();
    await page.getByRole('searchbox', { name: 'Search reflections' }).fill(member.marker);
    await page.getByText(`21 reflections matching “${member.marker}”`).waitFor();
    const items = page.getByRole('list', { name: 'Reflections' }).getByRole('listitem');
    await expect.poll(() => items.first().innerText()).toContain(`Note 20 near the ${member.marker}`);
    expect(await items.first().innerText()).toContain(member.name);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2 of 2').waitFor();
    const oldest = items.filter({ hasText: `By the ${member.marker} I breathed slowly` });
    await oldest.getByText(member.promptTitle).waitFor();
    expect(await items.count()).toBe(1);
    await context.close();
  });
});

describe('accessibility', () => {
  // Each screen is a test of its own at each width, so a slow machine's time goes to one screen's check at a time.
  describe.each([1280, 375])('at %i px', (width) => {
    it.each([
      ['/admin/strategic-prompts', 'Strategic Prompts'],
      ['/admin/tracker-feedback', 'Additional Feedback Comments'],
      ['/admin/exit-surveys', 'Would Pay'],
      ['/admin/reflections', 'Reflections'],
    ])('finds no serious or critical violation on %s', async (path, heading) => {
      const { page } = await openSignedIn(browser, ADMIN_EMAIL, path, width);
      await page.getByRole('heading', { name: heading }).first().waitFor();
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'Loading' }).count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
    });

    it('finds no serious or critical violation in the Add Strategic Prompt dialog', async () => {
      const { page } = await openSignedIn(browser, ADMIN_EMAIL, '/admin/strategic-prompts', width);
      await page.getByRole('button', { name: 'Add Prompt' }).click();
      await page.getByRole('dialog', { name: 'Add Strategic Prompt' }).waitFor();
      expect(await seriousViolations(page, (axe) => axe.include('[role="dialog"]'))).toEqual([]);
    });
  });

  it('finds no serious or critical violation in the shared select with a list longer than its room', async () => {
    const { context, page } = await openSignedIn(browser, ADMIN_EMAIL, '/admin/strategic-prompts');
    await page.getByRole('button', { name: 'Add Prompt' }).click();
    await page.getByRole('dialog', { name: 'Add Strategic Prompt' }).waitFor();

    // The shared select with more options than room (a short window): its list scrolls,
    // and the scrolling region must be reachable by keyboard (axe scrollable-region-focusable).
    await page.setViewportSize({ width: 1280, height: 300 });
    await page.getByRole('dialog').getByRole('combobox', { name: 'Focus Area' }).click();
    const listbox = page.getByRole('listbox');
    await listbox.waitFor();
    const scrolls = await listbox.evaluate((root) =>
      [root, ...root.querySelectorAll('*')].some(
        (el) => el.scrollHeight > el.clientHeight + 1 && ['auto', 'scroll'].includes(getComputedStyle(el).overflowY),
      ),
    );
    expect(scrolls).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    // The keyboard still picks an option.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await listbox.waitFor({ state: 'detached' });
    expect(await page.getByRole('dialog').getByRole('combobox', { name: 'Focus Area' }).innerText()).not.toBe(
      'Select a focus area',
    );
    await context.close();
  });
});
