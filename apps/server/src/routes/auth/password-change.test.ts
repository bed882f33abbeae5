import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer } from '../../test-support/test-client';
import { startTestServer, type TestServer } from '../../test-support/test-server';

/** A new password ends what the old one, or an older reset link, still opened. */
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
