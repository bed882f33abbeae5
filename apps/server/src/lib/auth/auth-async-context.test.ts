import { afterAll, beforeAll, expect, it } from 'vitest';
import { answer } from '../../test-support/test-client';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { waitFor } from '../../test-support/wait-for';
import { authCallContextsEnabled, scopeAuthCallContexts } from './auth-async-context';

/**
 * better-auth's per-call contexts switch Node's promise hooks on only while a
 * better-auth call runs (lib/auth/auth-async-context.ts). Calls that overlap, while
 * the hooks go on and off around them, each still see their own context.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

it('gives better-auth its contexts, switched off once no better-auth call runs', async () => {
  // The test server's createAuth installed them; asking again finds them in place.
  expect(scopeAuthCallContexts()).toBe(true);
  const member = server.client();
  expect((await member.signUp('contexts@example.com')).status).toBe(200);
  await waitFor(() => !authCallContextsEnabled(), 'the contexts to be switched off');
  // Reads that do not call better-auth leave them off.
  expect((await answer(member.api.me.profile.$get())).status).toBe(200);
  expect((await answer(member.api.health.$get())).status).toBe(200);
  expect(authCallContextsEnabled()).toBe(false);
  // The next better-auth call works, and they are off again after it.
  const session = await member.get<{ user: { email: string } }>('/api/auth/get-session');
  expect(session.body.user.email).toBe('contexts@example.com');
  await waitFor(() => !authCallContextsEnabled(), 'the contexts to be switched off again');
});

it('keeps overlapping better-auth calls apart while the hooks go on and off', async () => {
  const emails = Array.from({ length: 6 }, (_, i) => `overlap-${i}@example.com`);
  for (const email of emails) expect((await server.client().signUp(email)).status).toBe(200);
  await waitFor(() => !authCallContextsEnabled(), 'the contexts to be switched off');

  for (let round = 0; round < 3; round++) {
    const results = await Promise.all(
      emails.map(async (email, i) => {
        const client = server.client();
        // Staggered: some calls start while others end and the hooks are being switched off.
        await new Promise((resolve) => setImmediate(resolve));
        if (i % 2) await answer(client.api.health.$get());
        const signIn = await client.signIn(email);
        const session = await client.get<{ user: { email: string } }>('/api/auth/get-session');
        return { email, signIn: signIn.status, session: session.body?.user?.email };
      }),
    );
    for (const result of results) expect(result).toEqual({ email: result.email, signIn: 200, session: result.email });
  }
});
