import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { answer, type TestClient } from '../../test-support/test-client';

/**
 * Moving an account to another address (decision 046): the current password,
 * a notice with a way back to the old address, and the other sessions end.
 * The change itself is better-auth's `/api/auth/change-email`, outside AppType:
 * those calls stay raw (decision 055).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const PASSWORD = 'calm-river-42';

/** A confirmed member signed in on `devices` clients. */
async function memberOn(email: string, devices = 1, name = 'Owen Owner'): Promise<TestClient[]> {
  const first = server.client();
  await first.signUp(email, PASSWORD, name);
  const others = await Promise.all(
    Array.from({ length: devices - 1 }, async () => {
      const client = server.client();
      expect((await client.signIn(email)).status).toBe(200);
      return client;
    }),
  );
  return [first, ...others];
}

/** Requests the change and follows the link mailed to the new address in `client`. */
async function changeEmail(client: TestClient, newEmail: string, password = PASSWORD) {
  expect((await client.post('/api/auth/change-email', { newEmail, currentPassword: password })).status).toBe(200);
  const { token } = await client.latestMailTo(newEmail, /Confirm your new email/);
  expect((await client.confirmEmail(token)).status).toBe(200);
}

/** Follows the undo link of a notice, as the page it opens does. */
const undo = (token: string) => answer(server.client().api['email-change-undo'].$post({ json: { token } }));
const profileOf = (client: TestClient) => answer(client.api.me.profile.$get());

const undoToken = async (oldEmail: string) =>
  (await server.client().latestMailTo(oldEmail, /email address was changed/)).token;

describe('asking for an email change', () => {
  it('needs the current password: a session alone is not enough', async () => {
    const [member] = await memberOn('asks@example.com');
    const bare = await member!.post('/api/auth/change-email', { newEmail: 'elsewhere@example.com' });
    expect(bare.status).toBe(400);
    const wrong = await member!.post('/api/auth/change-email', {
      newEmail: 'elsewhere@example.com',
      currentPassword: 'not-my-password-1',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fieldErrors.currentPassword[0]).toBe('That password is not right. Please try again.');
    expect((await answer(member!.api.me.account.$get())).body.pending_email).toBeNull();

    const right = await member!.post('/api/auth/change-email', {
      newEmail: 'elsewhere@example.com',
      currentPassword: PASSWORD,
    });
    expect(right.status).toBe(200);
    expect((await answer(member!.api.me.account.$get())).body.pending_email).toBe('elsewhere@example.com');
  });

  it('stops guessing the password after five wrong tries', async () => {
    const [member] = await memberOn('guessing@example.com');
    for (let i = 0; i < 5; i++) {
      await member!.post('/api/auth/change-email', { newEmail: 'g@example.com', currentPassword: `wrong-${i}` });
    }
    const refused = await member!.post('/api/auth/change-email', {
      newEmail: 'g@example.com',
      currentPassword: PASSWORD,
    });
    expect(refused.status).toBe(429);
  });

  it('honours only the latest request’s link', async () => {
    const [member] = await memberOn('latest@example.com');
    await member!.post('/api/auth/change-email', { newEmail: 'first.try@example.com', currentPassword: PASSWORD });
    const { token: older } = await member!.latestMailTo('first.try@example.com');
    await member!.post('/api/auth/change-email', { newEmail: 'second.try@example.com', currentPassword: PASSWORD });
    expect((await member!.confirmEmail(older)).status).toBe(400);
    expect((await profileOf(member!)).body.email).toBe('latest@example.com');
  });
});

describe('once the new address is confirmed', () => {
  it('ends every other session and tells the old address, by the account’s name, with a way back', async () => {
    const [laptop, phone] = await memberOn('moving@example.com', 2, 'Mo Mover');
    await changeEmail(laptop!, 'moved@example.com');

    expect((await profileOf(laptop!)).body.email).toBe('moved@example.com');
    expect((await profileOf(phone!)).status).toBe(401);

    const { mail, type } = await server.client().latestMailTo('moving@example.com', /email address was changed/);
    expect(type).toBe('email_change_undo');
    expect(mail.text).toContain('Hello Mo Mover,');
    expect(mail.text).toContain('moved@example.com');
    expect(mail.text).toMatch(/within 7 days/);

    // The member's data export lists the change, as made by the member.
    const exported = await answer(laptop!.api.me.export.$get());
    expect(exported.body.audit_entries).toEqual([
      expect.objectContaining({
        action: 'account.email_changed',
        by_self: true,
        details: { before: 'moving@example.com', after: 'moved@example.com' },
      }),
    ]);
  });
});

describe('a thief with a stolen session and the password', () => {
  it('loses the account when the owner follows the notice’s link from the old address', async () => {
    const [owner] = await memberOn('robbed@example.com');
    // The thief copied the owner's cookie and knows the password.
    const thief = server.client();
    expect((await thief.signIn('robbed@example.com')).status).toBe(200);
    await changeEmail(thief, 'thief@example.com');
    expect((await profileOf(owner!)).status).toBe(401);
    // A spare link made before the undo, to move the account again afterwards.
    await thief.post('/api/auth/change-email', { newEmail: 'thief.two@example.com', currentPassword: PASSWORD });
    const { token: spare } = await thief.latestMailTo('thief.two@example.com');

    const undone = await undo(await undoToken('robbed@example.com'));
    expect(undone.status).toBe(200);
    expect(undone.body.email).toBe('robbed@example.com');

    // Everyone is out, the password the thief knew is gone, and the spare link is void.
    expect((await profileOf(thief)).status).toBe(401);
    expect((await server.client().signIn('robbed@example.com')).status).toBe(401);
    expect((await server.client().signIn('thief@example.com')).status).toBe(401);
    expect((await server.client().confirmEmail(spare)).status).toBe(400);

    // The owner chooses a new password with the reset link the undo handed out.
    const reset = await server.client().post('/api/auth/reset-password', {
      token: undone.body.reset_token,
      newPassword: 'owner-again-quiet-9',
    });
    expect(reset.status).toBe(200);
    const back = server.client();
    expect((await back.signIn('robbed@example.com', 'owner-again-quiet-9')).status).toBe(200);
    expect((await answer(back.api.me.account.$get())).body).toMatchObject({
      email: 'robbed@example.com',
      email_verified: true,
    });
  });

  it('cannot spend the owner’s way back by undoing a later change of their own', async () => {
    await memberOn('first.owner@example.com');
    const thief = server.client();
    await thief.signIn('first.owner@example.com');
    await changeEmail(thief, 'hop.one@example.com');
    await changeEmail(thief, 'hop.two@example.com');
    // The thief undoes the second hop (its notice went to their own first address)…
    expect((await undo(await undoToken('hop.one@example.com'))).status).toBe(200);
    // …and the owner's link still works.
    const owners = await undo(await undoToken('first.owner@example.com'));
    expect(owners.status).toBe(200);
    expect(owners.body.email).toBe('first.owner@example.com');
  });
});

describe('the undo link', () => {
  it('works once, and refuses anything that is not one of ours', async () => {
    const [member] = await memberOn('once@example.com');
    await changeEmail(member!, 'once.more@example.com');
    const token = await undoToken('once@example.com');
    expect((await undo(token)).status).toBe(200);
    expect((await undo(token)).status).toBe(400);
    expect((await undo('made-up')).status).toBe(400);
  });
});
