import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer } from '../../test-support/test-client';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { waitFor } from '../../test-support/wait-for';

/**
 * A new password ends what the old one, or an older reset link, still opened,
 * and the account's address is told, with the way back.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('password reset', () => {
  it('spends every outstanding reset link of the account, not only the one used', async () => {
    const member = server.client();
    await member.signUp('two.links@example.com', 'old-lantern-1');
    const requestReset = () =>
      server.client().post('/api/auth/request-password-reset', { email: 'two.links@example.com' });

    expect((await requestReset()).status).toBe(200);
    const first = await member.latestMailTo('two.links@example.com', /Reset your/);
    expect((await requestReset()).status).toBe(200);
    const second = await member.latestMailTo('two.links@example.com', /Reset your/, first.mail.id);
    expect(second.type).toBe('recovery');
    expect(second.token).not.toBe(first.token);

    const used = await server.client().post('/api/auth/reset-password', {
      token: first.token,
      newPassword: 'new-lantern-2',
    });
    expect(used.status).toBe(200);

    const stale = await server.client().post('/api/auth/reset-password', {
      token: second.token,
      newPassword: 'someone-elses-3',
    });
    expect(stale.status).toBe(400);
    expect(stale.body.message).toBe('Invalid token');
    expect((await server.client().signIn('two.links@example.com', 'someone-elses-3')).status).toBe(401);
    expect((await server.client().signIn('two.links@example.com', 'new-lantern-2')).status).toBe(200);
  });

  it('leaves other members’ reset links alone', async () => {
    const reader = server.client();
    await reader.signUp('bystander@example.com', 'quiet-shore-4');
    await server.client().signUp('resetter@example.com', 'quiet-shore-5');
    await server.client().post('/api/auth/request-password-reset', { email: 'bystander@example.com' });
    const bystander = await reader.latestMailTo('bystander@example.com', /Reset your/);
    await server.client().post('/api/auth/request-password-reset', { email: 'resetter@example.com' });
    const resetter = await reader.latestMailTo('resetter@example.com', /Reset your/);

    const done = await server.client().post('/api/auth/reset-password', {
      token: resetter.token,
      newPassword: 'quiet-shore-6',
    });
    expect(done.status).toBe(200);
    const other = await server.client().post('/api/auth/reset-password', {
      token: bystander.token,
      newPassword: 'quiet-shore-7',
    });
    expect(other.status).toBe(200);
  });
});

describe('password change', () => {
  it('ends the member’s other sessions even when the client asks to keep them', async () => {
    const laptop = server.client();
    await laptop.signUp('two.devices@example.com', 'first-tide-8');
    const phone = server.client();
    expect((await phone.signIn('two.devices@example.com', 'first-tide-8')).status).toBe(200);
    expect((await answer(phone.api.me.profile.$get())).status).toBe(200);

    const changed = await laptop.post('/api/auth/change-password', {
      currentPassword: 'first-tide-8',
      newPassword: 'second-tide-9',
      revokeOtherSessions: false,
    });
    expect(changed.status).toBe(200);

    expect((await answer(phone.api.me.profile.$get())).status).toBe(401);
    // The device that changed it stays signed in, on a fresh session.
    expect((await answer(laptop.api.me.profile.$get())).status).toBe(200);
  });
});

describe('the notice to the account’s address', () => {
  const noticeTo = (to: string) =>
    waitFor(
      async () => (await server.client().mailbox()).find((m) => m.to === to && /password was changed/.test(m.subject)),
      `the password notice to ${to}`,
    );

  it('follows a change, with a way back that resets the password from that mailbox', async () => {
    const member = server.client();
    await member.signUp('told.of.change@example.com', 'amber-field-10');
    const refused = await member.post('/api/auth/change-password', {
      currentPassword: 'not-the-password-1',
      newPassword: 'amber-field-11',
    });
    expect(refused.status).toBe(400);
    const changed = await member.post('/api/auth/change-password', {
      currentPassword: 'amber-field-10',
      newPassword: 'amber-field-12',
    });
    expect(changed.status).toBe(200);
    const notice = await noticeTo('told.of.change@example.com');
    expect(notice.links).toContain(`${server.url}/auth?reset`);
    // One notice: the refused attempt changed nothing and told nobody.
    const notices = (await member.mailbox()).filter(
      (m) => m.to === 'told.of.change@example.com' && /password was changed/.test(m.subject),
    );
    expect(notices).toHaveLength(1);
    // The member's data export lists the change, as made by the member.
    const exported = await answer(member.api.me.export.$get());
    expect(exported.body.audit_entries).toEqual([
      expect.objectContaining({ action: 'account.password_changed', by_self: true }),
    ]);
  });

  it('follows a reset by mailed link too', async () => {
    const member = server.client();
    await member.signUp('told.of.reset@example.com', 'cedar-path-13');
    await server.client().post('/api/auth/request-password-reset', { email: 'told.of.reset@example.com' });
    const reset = await member.latestMailTo('told.of.reset@example.com', /Reset your/);
    const done = await server.client().post('/api/auth/reset-password', {
      token: reset.token,
      newPassword: 'cedar-path-14',
    });
    expect(done.status).toBe(200);
    expect((await noticeTo('told.of.reset@example.com')).links).toContain(`${server.url}/auth?reset`);
    expect((await member.signIn('told.of.reset@example.com', 'cedar-path-14')).status).toBe(200);
    const exported = await answer(member.api.me.export.$get());
    expect(exported.body.audit_entries.map((e) => e.action)).toEqual(['account.password_reset']);
  });
});
