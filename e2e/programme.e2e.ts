import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKIN_QUESTION } from '@app/shared';
import { uniqueEmail, useBrowser } from './support/browser';
import { ADMIN_EMAIL } from './support/constants';
import { expectNoSeriousViolations } from './support/axe';
import { apiSession, ensureAdminAccount, expectToast, openSignedIn, signUpByApi } from './support/member-session';
import { photograph } from './support/screenshots';
import { baseUrl, postJson } from './support/server';

/**
 * The coaching programme's check-in, end to end (decision 058): a member
 * chooses a check-in time on the profile, the programme's clock reaches it
 * (the dev clock, this machine only), the check-in appears in the chat, the
 * member answers 7 with a note, the dashboard's chart shows it, and their
 * coach sees it beside the member.
 */
const browser = useBrowser();

beforeAll(async () => {
  await ensureAdminAccount();
}, 60_000);

afterAll(async () => {
  // The server is shared with the files after this one: back to the real time.
  await fetch(`${baseUrl()}/api/dev/programme/clock`, { method: 'DELETE', headers: { origin: baseUrl() } });
});

/** 09:00 in London on the next weekday (Monday to Friday, the form's default days). */
function nextWeekdayAtNineLondon(): string {
  const day = new Date();
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6);
  const date = day.toISOString().slice(0, 10);
  // 09:00 in London is 09:00 UTC in winter and 08:00 UTC in summer.
  const hourInLondon = (iso: string) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', hourCycle: 'h23' }).format(
      new Date(iso),
    );
  return [`${date}T09:00:00.000Z`, `${date}T08:00:00.000Z`].find((iso) => hourInLondon(iso) === '09')!;
}

describe('a check-in at the member’s own time', () => {
  it('is asked in the chat when the clock reaches it, answered 7 with a note, charted, and seen by the coach', async () => {
    const email = uniqueEmail('checkin');
    const name = `Cleo Checkin ${Date.now().toString(36)}`;
    await signUpByApi(email, name);
    // The member chooses a check-in time on the profile.
    const { page } = await openSignedIn(browser, email, '/profile');
    const zone = page.getByRole('combobox', { name: 'Your time zone' });
    await zone.fill('Europe/London');
    await page.getByRole('switch', { name: 'Check-ins' }).click();
    await page.getByLabel('Check-in time').fill('09:00');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Saved');
    await photograph(page, 'programme-profile-1280');
    const asMember = await apiSession(email);
    expect(await asMember('GET', '/api/me/programme')).toMatchObject({
      time_zone: 'Europe/London',
      checkins_enabled: true,
      checkin_time: '09:00',
    });

    // The programme's clock reaches 09:00 in London on a weekday: the check-in is queued and sent.
    const clock = await postJson('/api/dev/programme/clock', { now: nextWeekdayAtNineLondon() });
    expect(clock.status).toBe(200);
    expect(((await clock.json()) as { queued: number }).queued).toBeGreaterThanOrEqual(1);

    await page.goto('/dashboard');
    const chat = page.getByRole('log');
    const question = chat.getByText(CHECKIN_QUESTION);
    await question.waitFor();
    // Answered in the chat (the dashboard's card offers the same form until a first check-in).
    const scale = chat.getByRole('group', { name: /How stressed are you right now/ });
    // The radios are drawn as buttons: the person presses the "7" (its label).
    await scale
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: /^7/ }) })
      .click();
    expect(await scale.getByRole('radio', { name: /^7/ }).isChecked()).toBe(true);
    await chat.getByLabel('Add a note (optional)').fill('Busy week, but coping');
    await chat.getByRole('button', { name: 'Send' }).click();
    await chat.getByText('You answered 7').waitFor();
    await chat.getByText('Busy week, but coping').first().waitFor();

    // The dashboard's chart shows it.
    const point = page.getByTestId('checkin-point');
    // A day's dot is a zero-length stroke with round caps: drawn, though its box has no width.
    await point.waitFor({ state: 'attached' });
    expect(await point.getAttribute('data-score')).toBe('7');
    await page.getByText(/^Your last check-in was 7/).waitFor();
    await expectNoSeriousViolations(page);
    for (const width of [375, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await photograph(page, `programme-dashboard-${width}`);
      await photograph(page, `programme-chat-${width}`, chat);
      await photograph(page, `programme-chart-${width}`, page.locator('[data-slot="card"]', { has: point }));
    }

    // The coach sees it beside the member: on the Users card and beside the conversation.
    const profile = await asMember<{ id: string }>('GET', '/api/me/profile');
    const admin = await openSignedIn(browser, ADMIN_EMAIL, '/admin/users', 1280);
    await admin.page.getByPlaceholder('Search by name or email...').fill(email);
    const card = admin.page.getByRole('article', { name });
    const checkins = card.getByRole('group', { name: 'Check-ins' });
    await checkins.getByText('Last note: “Busy week, but coping”').waitFor();
    expect(await checkins.textContent()).toContain('7 / 10');
    expect(await checkins.textContent()).toContain('Europe/London');

    await admin.page.goto(`/admin/messages?member=${profile.id}`);
    await admin.page
      .getByRole('group', { name: 'Check-ins' })
      .getByText('Last note: “Busy week, but coping”')
      .waitFor();
  });
});
