import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { greetingWithReference, onboardingGreeting, type MemberWhatsAppDto } from '@app/shared';
import { expectNoSeriousViolations } from './support/axe';
import { uniqueEmail, useBrowser } from './support/browser';
import { coachChat, inboxEntry, openInbox } from './support/chat';
import { apiSession, ensureAdminAccount, seedSubscription, signInByApi, signUpByApi } from './support/member-session';

/**
 * The WhatsApp bridge end to end in local mode (issue 25): the /dev/whatsapp
 * phone writes to the business number through the real webhook endpoint,
 * signed as Meta signs; the coach answers from the inbox; the reply reaches
 * the phone through the outbox and the local provider, and the phone's
 * receipts come back as ticks. Nothing is faked: the same code runs as with
 * the WhatsApp Cloud API, but for the provider at the end of the line.
 */
const browser = useBrowser();
const run = Date.now() % 1_000_000;

/** The /dev/whatsapp phone, as this number and profile name, with a chat link's message in its box. */
async function openPhone(page: Page, phone: string, profileName: string, text: string) {
  await page.goto(`/dev/whatsapp?text=${encodeURIComponent(text)}`);
  await page.getByLabel('Phone number').fill(phone);
  await page.getByLabel('Profile name').fill(profileName);
  await page.getByRole('button', { name: 'Use this phone' }).click();
  const log = page.getByRole('log', { name: 'Messages' });
  await log.waitFor();
  return {
    log,
    box: page.getByRole('textbox', { name: 'Message' }),
    readReceipts: page.getByRole('switch', { name: 'Send read receipts' }),
  };
}

/** The bubble in a log holding a text. */
const bubbleWith = (log: Locator, text: string) => log.getByRole('listitem').filter({ hasText: text });

beforeAll(() => ensureAdminAccount());

describe('a member on WhatsApp', () => {
  it('writes from the phone, the coach answers from the inbox, and both see it through', async () => {
    const email = uniqueEmail('whatsapp');
    const name = `Wanda WhatsApp ${run}`;
    await signUpByApi(email, name);
    await seedSubscription(email, 'starter', new Date(Date.now() + 30 * 86_400_000));
    const member = await apiSession(email);
    const { reference } = await member<MemberWhatsAppDto>('GET', '/api/me/whatsapp');
    expect(reference).toMatch(/^CS-[0-9A-Z]{8}$/);
    const greeting = greetingWithReference(onboardingGreeting('The Relief Plan'), reference);

    const { page: adminPage } = await openInbox(browser);
    const { page: phonePage } = await browser.newPage(375, 812);
    const phoneNumber = `4477009${String(run).padStart(6, '0').slice(-5)}`;
    const phone = await openPhone(phonePage, phoneNumber, 'Wanda 🌿', greeting);

    // The chat link's message is in the box, as following the link on a phone leaves it; Enter sends it.
    await expect.poll(() => phone.box.inputValue()).toBe(greeting);
    await phone.box.press('Enter');
    await bubbleWith(phone.log, greeting).waitFor();
    // The endpoint took it (200): the phone shows no refusal.
    expect(await phonePage.getByText(/The webhook endpoint answered|Not sent/).count()).toBe(0);

    // The inbox shows it live, under the member the reference names, marked as WhatsApp.
    const entry = inboxEntry(adminPage, name);
    await entry.waitFor();
    await expect.poll(() => entry.innerText()).toContain('Where do we begin?');
    await entry.getByText('WhatsApp').first().waitFor();

    // Opening the conversation reads it on WhatsApp too: the phone's message turns read.
    await entry.click();
    await adminPage.waitForURL(/\?conversation=/);
    const adminLog = adminPage.getByRole('log', { name: `Conversation with ${name}` });
    await adminLog.getByText(greeting).waitFor();
    await adminPage.getByText(`+${phoneNumber}`).first().waitFor();
    await bubbleWith(phone.log, greeting).getByText('Read by the coach').waitFor();

    // With read receipts off, the reply arrives and is only delivered; turned on, it is read.
    await phone.readReceipts.click();
    await expect.poll(() => phone.readReceipts.getAttribute('aria-checked')).toBe('false');
    const reply = `Welcome, Wanda. Let's begin with one slow breath. (${run})`;
    const composer = adminPage.getByRole('textbox', { name: `Message to ${name}` });
    await composer.fill(reply);
    await composer.press('Enter');
    const replyOnPhone = bubbleWith(phone.log, reply);
    await replyOnPhone.getByText('Delivered receipt sent').waitFor();
    const replyInInbox = bubbleWith(adminLog, reply);
    await replyInInbox.getByRole('img', { name: 'Delivered' }).waitFor();

    await phone.readReceipts.click();
    await replyOnPhone.getByText('Read receipt sent').waitFor();
    await replyInInbox.getByRole('img', { name: 'Read' }).waitFor();

    // A voice note (a short audio file): kept by the bridge and playable in the inbox.
    await phonePage.getByLabel('Choose an audio file').setInputFiles({
      name: 'note.ogg',
      mimeType: 'audio/ogg',
      buffer: Buffer.from('OggS voice note stand-in'),
    });
    await phonePage.getByRole('button', { name: 'Send voice note' }).click();
    await expect.poll(() => phone.log.getByLabel('Voice note').count()).toBe(1);
    await expect.poll(() => adminLog.locator('audio').count()).toBe(1);

    // The member's dashboard chat holds both: the WhatsApp message and the coach's reply.
    const { page: memberPage } = await signInByApi(browser, email);
    const chat = coachChat(memberPage);
    await chat.log.getByText(greeting).waitFor();
    await chat.log.getByText(reply).waitFor();

    await expectNoSeriousViolations(phonePage);
  });
});
