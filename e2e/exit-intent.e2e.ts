import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { EXIT_INTENT } from '@app/shared';
import { expectNoSeriousViolations } from './support/axe';
import { afterRender, uniqueEmail, useBrowser } from './support/browser';
import { expectFocused } from './support/focus';
import { baseUrl } from './support/server';
import { signUpAndConfirm } from './support/member-session';
import { toast } from './support/toasts';
import { waitForHydration } from './support/hydration';

const browser = useBrowser();

const TITLE = 'Before you go: 30 days of calm, on us';
const REASON = 'Anything holding you back? (optional)';

const dialog = (page: Page) => page.getByRole('dialog', { name: TITLE });
/** The flag the trigger sets when it fires; null while it has not. */
const shownFlag = (page: Page) => page.evaluate((key) => sessionStorage.getItem(key), EXIT_INTENT.sessionFlag);

/**
 * Runs every timer the desktop trigger could have started (it waits
 * EXIT_INTENT.showDelayMs before showing), then lets the page render: after
 * this, a popup that was going to open is open. Needs the page clock installed.
 */
async function afterTriggerDelay(page: Page) {
  await page.clock.runFor(EXIT_INTENT.showDelayMs * 2);
  await afterRender(page);
}

/** The pointer leaves the page through its top edge, as on the way to the tab bar. */
async function leaveAtTop(page: Page) {
  await page.mouse.move(640, 300);
  await page.mouse.move(640, 5);
  await page.mouse.move(640, -5);
}

/**
 * Scrolls the window to a share of the page, by some pixels, or to `y`, and
 * resolves once the page has handled the scroll event (the mobile trigger
 * listens for it, and was registered first, so it has run by then). The event is
 * the browser's own, not a timer's, so it comes with the page's clock paused too.
 */
async function scrollHandled(page: Page, target: { share: number } | { by: number } | { y: number }) {
  await page.evaluate(
    (t) =>
      new Promise<void>((resolve) => {
        const max = document.documentElement.scrollHeight - window.innerHeight;
        const wanted = 'share' in t ? Math.round(max * t.share) : 'by' in t ? window.scrollY + t.by : t.y;
        const y = Math.max(0, Math.min(max, wanted));
        if (Math.round(window.scrollY) === y) return resolve();
        window.addEventListener('scroll', () => resolve(), { once: true });
        window.scrollTo(0, y);
      }),
    target,
  );
}

/** Scrolls as `scrollHandled` does, then lets the page render. */
async function scrollWindow(page: Page, target: { share: number } | { by: number }) {
  await scrollHandled(page, target);
  await afterRender(page);
}

const scrollToShare = (page: Page, share: number) => scrollWindow(page, { share });
const scrollBy = (page: Page, by: number) => scrollWindow(page, { by });

/**
 * A fast flick up to `share` of the page, as a finger's fling scrolls it: four
 * steps from here to there, a frame's 16 ms apart (far above the trigger's 1.5 px/ms).
 * The trigger reads the speed from the page's clock, so the flick is timed on it:
 * the clock stands still while each step's scroll is handled and then moves 16 ms.
 * Timed by the machine's own frames, a busy machine's slow ones made a finger's
 * fling read as a slow scroll, and the popup did not open.
 */
async function flickUpTo(page: Page, share: number) {
  const { from, to, now } = await page.evaluate(
    (s) => ({
      from: window.scrollY,
      to: Math.round((document.documentElement.scrollHeight - window.innerHeight) * s),
      now: Date.now(),
    }),
    share,
  );
  // Paused a little ahead of the page's time (it flows meanwhile, and the clock cannot go back); the
  // landing page has no timer of its own that the jump could set off.
  await page.clock.pauseAt(now + 10_000);
  for (let step = 1; step <= 4; step++) {
    await scrollHandled(page, { y: Math.round(from + ((to - from) * step) / 4) });
    await page.clock.runFor(16);
  }
  await page.clock.resume();
  await afterRender(page);
}

/** Back up to `share` of the page at a reading pace: 100 px, then a fifth of a second, and again. */
async function scrollUpSlowlyTo(page: Page, share: number) {
  const target = await page.evaluate(
    (s) => Math.round((document.documentElement.scrollHeight - window.innerHeight) * s),
    share,
  );
  while ((await page.evaluate(() => window.scrollY)) > target + 100) {
    await scrollBy(page, -100);
    await page.clock.runFor(200);
  }
}

async function openLanding(width = 1280) {
  const { context, page } = await browser.newPage(width, width < 768 ? 740 : 900);
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  // Time still flows; the negative checks fast-forward it instead of sleeping.
  await page.clock.install();
  await page.goto('/');
  await page.getByRole('link', { name: 'Join Free Beta Test Now' }).waitFor();
  // The page is pre-rendered: its pointer and scroll listeners start with React,
  // once the session is known to be a visitor's (the offer is never a member's).
  await waitForHydration(page);
  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).waitFor();
  return { context, page, requested };
}

/** Opens the popup the desktop way. */
async function openPopup(page: Page) {
  await leaveAtTop(page);
  await dialog(page).waitFor();
}

/** Answers step 1's two questions (Maybe, Yes). */
async function answerQuestions(page: Page) {
  const popup = dialog(page);
  await popup
    .getByRole('radiogroup', { name: /pay for instant calm/ })
    .getByRole('radio', { name: 'Maybe' })
    .check();
  await popup
    .getByRole('radiogroup', { name: /messaging-app chat/ })
    .getByRole('radio', { name: 'Yes' })
    .check();
}

async function answerSurvey(page: Page, reason = 'I would like to see it work first.') {
  const popup = dialog(page);
  await answerQuestions(page);
  await popup.getByLabel(REASON).fill(reason);
  await popup.getByRole('button', { name: 'Continue' }).click();
  await popup.getByText('Step 2 of 2').waitFor();
}

/** The message an element points at through aria-describedby. */
async function describedBy(page: Page, locator: ReturnType<Page['locator']>) {
  const ids = await locator.getAttribute('aria-describedby');
  if (!ids) return '';
  return (await page.locator(`[id="${ids}"]`).innerText()).trim();
}

async function webhookPayloadFor(email: string): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const received = (await (await fetch(`${inject('webhookUrl')}/received`)).json()) as Record<string, unknown>[];
    const hit = received.find((payload) => payload.email === email);
    if (hit) return hit;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the automation webhook received nothing for ${email}`);
}

describe('desktop trigger', () => {
  it('loads the popup only when the pointer leaves at the top, and shows it once per session', async () => {
    const { page, requested } = await openLanding();
    // Leaving through the side, or brushing the top edge and coming straight back, is not leaving.
    await page.mouse.move(640, 300);
    await page.mouse.move(1279, 300);
    await page.mouse.move(1300, 300);
    await page.mouse.move(640, -5);
    await page.mouse.move(640, 300);
    await afterTriggerDelay(page);
    expect(await shownFlag(page)).toBeNull();
    expect(await dialog(page).count()).toBe(0);
    expect(requested.some((url) => url.includes('exit-intent-popup'))).toBe(false);

    await openPopup(page);
    expect(requested.some((url) => url.includes('exit-intent-popup'))).toBe(true);
    await dialog(page).getByText('No credit card needed, nothing to cancel.', { exact: false }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('exitIntentShown'))).toBe('true');

    await dialog(page).getByRole('button', { name: 'Close' }).click();
    await dialog(page).waitFor({ state: 'detached' });

    await leaveAtTop(page);
    await afterTriggerDelay(page);
    expect(await dialog(page).count()).toBe(0);

    // Still the same browser session after a reload.
    await page.reload();
    await page.getByRole('link', { name: 'Join Free Beta Test Now' }).waitFor();
    await leaveAtTop(page);
    await afterTriggerDelay(page);
    expect(await dialog(page).count()).toBe(0);
  });

  it('traps focus, closes with Escape and gives focus back', async () => {
    const { page } = await openLanding();
    const cta = page.getByRole('link', { name: 'Join Free Beta Test Now' });
    await cta.focus();
    await openPopup(page);
    const focusInDialog = () => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));
    expect(await focusInDialog()).toBe(true);
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await focusInDialog()).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    expect(await cta.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('can be dismissed by clicking outside it', async () => {
    const { page } = await openLanding();
    await openPopup(page);
    await page.mouse.click(10, 890);
    await dialog(page).waitFor({ state: 'detached' });
  });
});

describe('mobile trigger', () => {
  it('shows on a fast flick up near the top after reading past a quarter of the page, never on a slow scroll up, once', async () => {
    const { page } = await openLanding(375);
    // A flick near the top before reading past a quarter of the page is just reading.
    await scrollToShare(page, 0.15);
    await flickUpTo(page, 0);
    // Scrolling back up at a reading pace, however far, is not leaving.
    await scrollToShare(page, 0.5);
    await scrollUpSlowlyTo(page, 0.05);
    // Nor is a fast flick far from the top.
    await scrollToShare(page, 0.8);
    await flickUpTo(page, 0.5);
    expect(await shownFlag(page)).toBeNull();
    expect(await dialog(page).count()).toBe(0);

    await flickUpTo(page, 0.1);
    await dialog(page).waitFor();

    await dialog(page).getByRole('button', { name: 'Close' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await scrollToShare(page, 0.9);
    await flickUpTo(page, 0);
    expect(await dialog(page).count()).toBe(0);
  });

  it('fits a phone screen and passes an accessibility check', async () => {
    const { page } = await openLanding(375);
    await scrollToShare(page, 0.6);
    await flickUpTo(page, 0.05);
    await dialog(page).waitFor();
    const box = (await dialog(page).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await expectNoSeriousViolations(page, (axe) => axe.include('[role="dialog"]'));
  });
});

describe('signed-in members', () => {
  it('never see the offer, on a desktop or on a phone', async () => {
    const { page } = await browser.newPage(1280, 900);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await signUpAndConfirm(page, 'Sam Member');
    await page.clock.install();
    await page.goto('/');
    await waitForHydration(page);
    // The header shows the member's way back to the dashboard once the session is read.
    await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).waitFor();

    await leaveAtTop(page);
    await afterTriggerDelay(page);
    await page.setViewportSize({ width: 375, height: 740 });
    await scrollToShare(page, 0.6);
    await flickUpTo(page, 0.05);
    await afterTriggerDelay(page);

    expect(await shownFlag(page)).toBeNull();
    expect(await dialog(page).count()).toBe(0);
    expect(requested.some((url) => url.includes('exit-intent-popup'))).toBe(false);
  });
});

describe('the survey', () => {
  it('focuses the first invalid field after a failed Continue and a failed Claim (lib/focus-first-invalid)', async () => {
    const { page } = await openLanding();
    await openPopup(page);
    const popup = dialog(page);
    const payGroup = popup.getByRole('radiogroup', { name: /pay for instant calm/ });
    const chatGroup = popup.getByRole('radiogroup', { name: /messaging-app chat/ });

    // Nothing answered: the first question's first choice, reached by the keyboard.
    await popup.getByRole('button', { name: 'Continue' }).focus();
    await page.keyboard.press('Enter');
    await expectFocused(payGroup.getByRole('radio', { name: 'Yes' }));

    // The first question answered: the second one is now the first invalid field.
    await payGroup.getByRole('radio', { name: 'Maybe' }).check();
    await popup.getByRole('button', { name: 'Continue' }).click();
    await expectFocused(chatGroup.getByRole('radio', { name: 'Yes' }));

    // Both answered, the reason too long: the reason.
    await chatGroup.getByRole('radio', { name: 'No' }).check();
    const reason = popup.getByLabel(REASON);
    await reason.fill('r'.repeat(501));
    await popup.getByRole('button', { name: 'Continue' }).click();
    await expectFocused(reason);

    await reason.fill('');
    await popup.getByRole('button', { name: 'Continue' }).click();
    await popup.getByText('Step 2 of 2').waitFor();
    const name = popup.getByLabel('Name');
    const email = popup.getByLabel('Email');
    const claim = popup.getByRole('button', { name: 'Claim Your Free Trial' });

    // A name but a bad address: the address, not the name.
    await name.fill('Frankie Focus');
    await email.fill('not-an-address');
    await claim.click();
    await expectFocused(email);
    // Both bad: the name, the first in reading order.
    await name.fill('   ');
    await claim.focus();
    await page.keyboard.press('Enter');
    await expectFocused(name);
  });

  it('gives the name the focus as step 2 appears, so nothing typed at once lands in another field', async () => {
    const { page } = await openLanding();
    await openPopup(page);
    const popup = dialog(page);
    await answerQuestions(page);
    // Where the focus is when the name field first reaches the page, before any later task runs.
    // Focus moved by an effect after that moment once took a fast typist's address into the name.
    await page.evaluate(() => {
      const w = window as { focusOnArrival?: Promise<string> };
      w.focusOnArrival = new Promise((resolve) => {
        const observer = new MutationObserver(() => {
          const name = document.querySelector('[role="dialog"] input[autocomplete="name"]');
          if (!name) return;
          observer.disconnect();
          resolve(document.activeElement === name ? 'name' : String(document.activeElement?.outerHTML.slice(0, 80)));
        });
        observer.observe(document.body, { childList: true, subtree: true });
      });
    });
    await popup.getByRole('button', { name: 'Continue' }).click();
    expect(await page.evaluate(() => (window as { focusOnArrival?: Promise<string> }).focusOnArrival)).toBe('name');

    await page.keyboard.type('Sam Swift');
    await page.keyboard.press('Tab');
    await page.keyboard.type('sam@example.com');
    expect(await popup.getByLabel('Name').inputValue()).toBe('Sam Swift');
    expect(await popup.getByLabel('Email').inputValue()).toBe('sam@example.com');
  });

  it('shows each validation message under its field', async () => {
    const { page } = await openLanding();
    await openPopup(page);
    const popup = dialog(page);
    await popup.getByRole('button', { name: 'Continue' }).click();

    for (const name of [/pay for instant calm/, /messaging-app chat/]) {
      const group = popup.getByRole('radiogroup', { name });
      await group.getByText('Please select an option').waitFor();
      expect(await group.getAttribute('aria-invalid')).toBe('true');
      expect(await describedBy(page, group)).toBe('Please select an option');
    }

    await popup.getByRole('radio', { name: 'No' }).first().check();
    await popup
      .getByRole('radiogroup', { name: /messaging-app chat/ })
      .getByRole('radio', { name: 'No' })
      .check();
    const reason = popup.getByLabel(REASON);
    await reason.fill('r'.repeat(501));
    await popup.getByRole('button', { name: 'Continue' }).click();
    await popup.getByText('Reason must be less than 500 characters').waitFor();
    expect(await reason.getAttribute('aria-invalid')).toBe('true');
    expect(await describedBy(page, reason)).toBe('Reason must be less than 500 characters');
    expect(await popup.getByText('Please select an option').count()).toBe(0);

    await reason.fill('');
    await popup.getByRole('button', { name: 'Continue' }).click();
    await popup.getByText('Step 2 of 2').waitFor();

    const name = popup.getByLabel('Name');
    const email = popup.getByLabel('Email');
    const claim = popup.getByRole('button', { name: 'Claim Your Free Trial' });
    // Focus moves in an effect after the step renders: wait for it rather than race it.
    await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true);
    await claim.click();
    await popup.getByText('Name is required').waitFor();
    expect(await describedBy(page, name)).toBe('Name is required');
    expect(await describedBy(page, email)).toBe('Invalid email address');
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await email.getAttribute('aria-invalid')).toBe('true');

    await name.fill('n'.repeat(101));
    await email.fill(`${'e'.repeat(250)}@example.com`);
    await claim.click();
    await popup.getByText('Name must be less than 100 characters').waitFor();
    await popup.getByText('Email must be less than 255 characters').waitFor();

    await name.fill('   ');
    await email.fill('not-an-address');
    await claim.click();
    await popup.getByText('Name is required').waitFor();
    await popup.getByText('Invalid email address').waitFor();
  });

  it('sends the survey, locking the form meanwhile, and the automation service receives every field', async () => {
    const { page } = await openLanding();
    await openPopup(page);
    await answerSurvey(page);
    const popup = dialog(page);
    const address = uniqueEmail('exit');
    await popup.getByLabel('Name').fill('  Nadia Rahman ');
    await popup.getByLabel('Email').fill(address);

    // Hold the request to see the busy state.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/exit-surveys', async (route) => {
      await held;
      await route.continue();
    });
    await popup.getByRole('button', { name: 'Claim Your Free Trial' }).click();
    const busy = popup.getByRole('button', { name: 'Claiming Your Trial...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    // Read-only rather than disabled, so a field that had focus keeps it.
    expect(await popup.getByLabel('Name').isEditable()).toBe(false);
    expect(await popup.getByLabel('Email').isEditable()).toBe(false);
    expect(await popup.getByRole('button', { name: 'Back' }).isDisabled()).toBe(true);
    release();

    // The offer's last step: sign-up, on the spot, with what the visitor typed.
    const claimed = page.getByRole('dialog', { name: 'Welcome to Your 30-Day Free Trial!' });
    await claimed.getByText('Sign up now to claim your free 30 days offer').waitFor();
    const createAccount = claimed.getByRole('button', { name: 'Create my account' });
    await expect.poll(() => createAccount.evaluate((el) => el === document.activeElement)).toBe(true);

    // Sent only after the row is saved: the timestamp is the saved row's.
    const payload = await webhookPayloadFor(address);
    expect(payload).toEqual({
      name: 'Nadia Rahman',
      email: address,
      willingness_to_pay: 'maybe',
      reason: 'I would like to see it work first.',
      chat_preference: 'yes',
      source: 'Exit Intent Survey - 30 Day Free Trial',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      triggered_from: baseUrl(),
    });

    // Sign-up opens with the name and address filled in: only a password is left to choose.
    await createAccount.click();
    await page.waitForURL('**/auth');
    expect(await page.getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByLabel('Full Name').inputValue()).toBe('Nadia Rahman');
    expect(await page.getByLabel('Email').inputValue()).toBe(address);
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    await expectFocused(page.getByLabel('Password', { exact: true }));
    // The address never went into the page's URL.
    expect(page.url()).not.toContain('Nadia');
  });

  it('keeps everything the visitor typed when sending fails', async () => {
    const { page } = await openLanding();
    await openPopup(page);
    await answerSurvey(page, 'Not sure I have the time.');
    const popup = dialog(page);
    await popup.getByLabel('Name').fill('Gareth Evans');
    await popup.getByLabel('Email').fill('gareth@example.com');
    await page.route('**/api/exit-surveys', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Failed to save to database"}' }),
    );
    await popup.getByRole('button', { name: 'Claim Your Free Trial' }).click();
    await toast(page, 'Failed to submit. Please try again.').waitFor();
    expect(await toast(page, 'Failed to submit. Please try again.').innerText()).toMatch(/^Error/);

    expect(await popup.getByLabel('Name').inputValue()).toBe('Gareth Evans');
    expect(await popup.getByLabel('Email').inputValue()).toBe('gareth@example.com');
    expect(await popup.getByRole('button', { name: 'Claim Your Free Trial' }).isEnabled()).toBe(true);
    await popup.getByRole('button', { name: 'Back' }).click();
    expect(await popup.getByRole('radio', { name: 'Maybe' }).isChecked()).toBe(true);
    expect(await popup.getByLabel(REASON).inputValue()).toBe('Not sure I have the time.');
  });
});
