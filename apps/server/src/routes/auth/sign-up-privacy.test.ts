import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { answer, type JsonResponse, type TestClient } from '../../test-support/test-client';

/**
 * Whether an address has an account is nobody's business but its owner's
 * (decision 009): a sign-up with a taken address answers like one with a new
 * address, and the owner is told by mail.
 */
let server: TestServer;
let taken: JsonResponse;
let fresh: JsonResponse;
/** The browser that asked for the new address. */
let freshBrowser: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  await server.client().signUp('client@example.com', 'own-password-1', 'Real Owner');
  // The prober tries the taken address (in other letter case) and a new one.
  taken = await server.client().requestSignUp('Client@Example.com', 'prober-password-2', 'Prober');
  freshBrowser = server.client();
  fresh = await freshBrowser.requestSignUp('newcomer@example.com', 'prober-password-2', 'Prober');
});
afterAll(() => server.close());

/** The response as a prober sees it, minus the values that differ on every call. */
function shape(res: JsonResponse) {
  const { user, ...rest } = res.body as { user: Record<string, unknown> };
  return {
    status: res.status,
    cookies: res.headers.getSetCookie().map((c) => c.split('=')[0]),
    contentType: res.headers.get('content-type'),
    body: rest,
    user: Object.fromEntries(Object.entries(user).map(([k, v]) => [k, v === null ? null : typeof v])),
    sameFacts: { name: user.name, emailVerified: user.emailVerified, image: user.image },
  };
}

it('answers a taken address exactly as a new one: status, body, no session either way', () => {
  expect(shape(taken)).toEqual(shape(fresh));
  expect(taken.status).toBe(200);
  expect(taken.body.token).toBeNull();
  // Only the mark of the browser that signed up (decision 046), set alike for both; never a session.
  expect(shape(taken).cookies).toEqual(['calm.sign_up_browser']);
  expect(taken.body.user.email).toBe('client@example.com');
  expect(JSON.stringify(taken.body)).not.toMatch(/exist/i);
});

it('mails the owner about the attempt, with a way to sign in, and changes nothing on the account', async () => {
  const mails = (await server.client().mailbox()).filter((m) => m.to === 'client@example.com');
  const [attempt] = mails;
  expect(attempt?.subject).toBe('Someone tried to sign up to Calm Space with your email');
  expect(attempt?.text).toContain('Hello Real Owner,');
  expect(attempt?.text).toContain('Forgot password?');
  expect(attempt?.links).toContain(`${server.url}/auth`);
  // What the prober typed never reaches the owner's inbox.
  expect(attempt?.text).not.toContain('Prober');

  expect((await server.client().signIn('client@example.com', 'prober-password-2')).status).toBe(401);
  const owner = server.client();
  expect((await owner.signIn('client@example.com', 'own-password-1')).status).toBe(200);
  expect((await answer(owner.api.me.profile.$get())).body.full_name).toBe('Real Owner');
});

it('sends the new address its confirmation mail, whose link signs the newcomer in where they signed up', async () => {
  const newcomer = freshBrowser;
  const { mail, type, token } = await newcomer.latestMailTo('newcomer@example.com');
  expect(mail.subject).toBe('Confirm your email for Calm Space');
  expect(type).toBe('signup');
  expect(newcomer.hasSession()).toBe(false);
  expect((await newcomer.confirmEmail(token)).status).toBe(200);
  expect((await answer(newcomer.api.me.profile.$get())).body.email).toBe('newcomer@example.com');
});
