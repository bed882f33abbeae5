import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailRowsTo } from '../../test-support/outbox-rows';
import { startTestServer, type TestServer } from '../../test-support/test-server';

/**
 * Mail carries no text a stranger chose, and no address can be flooded
 * (decision 046). The per-recipient limit is the server's default here, 10 an hour.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ MAIL_PER_RECIPIENT_MAX: '10' });
});
afterAll(() => server.close());

const STRANGER_NAME = 'URGENT: call +44 7700 900123 now';
const queuedTo = (to: string) => mailRowsTo(server.database.db, to);

describe('mail to an address nobody has proven', () => {
  it('greets no one by the name typed at sign-up: not the confirmation, the next one, or a reset', async () => {
    await server.client().requestSignUp('target@example.com', 'stranger-chose-1', STRANGER_NAME);
    // A second sign-up of the unconfirmed address, then a reset request for it.
    await server.client().requestSignUp('target@example.com', 'stranger-chose-2', STRANGER_NAME);
    await server.client().post('/api/auth/request-password-reset', { email: 'target@example.com' });

    const mails = await queuedTo('target@example.com');
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Confirm your email for Calm Space',
      'Confirm your email for Calm Space',
      'Reset your Calm Space password',
    ]);
    for (const mail of mails) {
      expect(mail.text).toMatch(/^Hello,\n/);
      expect(mail.text).not.toContain('URGENT');
      expect(mail.html).not.toContain('7700');
    }
  });

  it('asks a new address to confirm a change without the member’s name', async () => {
    const member = server.client();
    await member.signUp('named@example.com', 'calm-river-42', 'Nadia Named');
    await member.post('/api/auth/change-email', { newEmail: 'fresh@example.com', currentPassword: 'calm-river-42' });
    const { mail } = await member.latestMailTo('fresh@example.com');
    expect(mail.text).toMatch(/^Hello,\n/);
    expect(mail.text).not.toContain('Nadia');
  });
});

describe('the per-recipient limit', () => {
  it('sends one address at most its share, however many senders ask', async () => {
    const member = server.client();
    await member.signUp('flooded@example.com', 'calm-river-42', 'Flo Flooded');
    // Ten "strangers" each ask three times: sign-ups with the taken address and resets.
    await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const stranger = server.client();
        await stranger.requestSignUp('flooded@example.com', `stranger-pass-${i}-x`, 'Someone');
        await stranger.post('/api/auth/request-password-reset', { email: 'flooded@example.com' });
        await stranger.requestSignUp('flooded@example.com', `stranger-pass-${i}-y`, 'Someone');
      }),
    );
    expect((await queuedTo('flooded@example.com')).length).toBe(10);
  });

  it('still queues the notice of an email change to the old address', async () => {
    const member = server.client();
    await member.signUp('noticed@example.com', 'calm-river-42', 'Nico Noticed');
    // Someone has spent the address's share.
    for (let i = 0; i < 10; i++) {
      await server.client().post('/api/auth/request-password-reset', { email: 'noticed@example.com' });
    }
    expect((await queuedTo('noticed@example.com')).length).toBe(10);
    await member.post('/api/auth/change-email', {
      newEmail: 'noticed.new@example.com',
      currentPassword: 'calm-river-42',
    });
    const { token } = await member.latestMailTo('noticed.new@example.com');
    expect((await member.confirmEmail(token)).status).toBe(200);
    const subjects = (await queuedTo('noticed@example.com')).map((m) => m.subject);
    expect(subjects).toContain('Your Calm Space email address was changed');
  });
});
