import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { CONFIRM_WITH_PASSWORD_CODE } from '@app/shared';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { answer, type JsonResponse, type TestClient } from '../../test-support/test-client';
import { sessions, users } from '../../db/schema';

/**
 * Pre-account takeover (decision 046): someone signs up an address they do not
 * own, with a password of their choosing, and waits for the owner to confirm it.
 * Whatever the order of events, only whoever proves the address owns the account.
 */
let server: TestServer;
const ATTACKER_PASSWORD = 'takeover-attempt-1';
const SECRET = 'a-test-secret-that-is-long-enough-for-auth-0123456789';

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'boss@example.com,later.boss@example.com', AUTH_SECRET: SECRET });
});
afterAll(() => server.close());

const roles = async (client: TestClient) => (await answer(client.api.me.roles.$get())).body as string[];
const accountRow = async (email: string) =>
  (await server.database.db.select().from(users).where(eq(users.email, email)))[0];
const confirmationToken = async (email: string, except?: string[]) =>
  (await server.client().latestMailTo(email, /Confirm your email/, except)).token;

/** A sign-in answer as a prober compares them: everything but what differs on every call. */
const signInShape = (res: JsonResponse) => ({
  status: res.status,
  body: res.body,
  cookies: res.headers.getSetCookie().map((c) => c.split('=')[0]),
});

describe('an attacker who signs up the admin address with their own password', () => {
  let attacker: TestClient;

  beforeAll(async () => {
    attacker = server.client();
    expect(
      (await attacker.requestSignUp('boss@example.com', ATTACKER_PASSWORD, 'URGENT: call +44 7700 900123')).status,
    ).toBe(200);
  });

  it('cannot sign in before the address is confirmed, and is told nothing an unknown address is not', async () => {
    const unconfirmed = await attacker.signIn('boss@example.com', ATTACKER_PASSWORD);
    const wrong = await server.client().signIn('boss@example.com', 'another-guess-77');
    const unknown = await server.client().signIn('nobody.here@example.com', ATTACKER_PASSWORD);
    expect(unconfirmed.status).toBe(401);
    expect(attacker.hasSession()).toBe(false);
    expect(signInShape(unconfirmed)).toEqual(signInShape(wrong));
    expect(signInShape(unconfirmed)).toEqual(signInShape(unknown));
    expect((await answer(attacker.api.me.profile.$get())).status).toBe(401);
  });

  it('loses the account when the owner opens the link in their own browser: it asks for a password first', async () => {
    const owner = server.client();
    const token = await confirmationToken('boss@example.com');

    // The link alone proves the address, not the password: nothing is confirmed, nobody signed in.
    const opened = await owner.confirmEmail(token);
    expect(opened.status).toBe(403);
    expect(opened.body.code).toBe(CONFIRM_WITH_PASSWORD_CODE);
    expect(owner.hasSession()).toBe(false);
    expect((await accountRow('boss@example.com'))?.emailVerified).toBe(false);

    // The owner did not sign up, so does not know the password: they choose their own.
    const chosen = await answer(
      owner.api['sign-up-confirmation']['new-password'].$post({
        json: {
          token,
          new_password: 'owner-quiet-lake-5',
        },
      }),
    );
    expect(chosen.status).toBe(200);
    expect((await owner.confirmEmail(token)).status).toBe(200);
    expect(await roles(owner)).toEqual(['admin', 'user']);

    // The attacker's password is gone, and with it any way in; so is the name they typed.
    expect((await attacker.signIn('boss@example.com', ATTACKER_PASSWORD)).status).toBe(401);
    expect((await server.client().signIn('boss@example.com', 'owner-quiet-lake-5')).status).toBe(200);
    expect((await answer(owner.api.me.profile.$get())).body.full_name).toBeNull();
  });
});

describe('the owner confirming first, in the browser that did not sign up', () => {
  it('signs in once the password chosen at sign-up is given, and not with a wrong one', async () => {
    // The newcomer signed up on a laptop and opens the mail on a phone.
    await server.client().requestSignUp('phone.newcomer@example.com', 'laptop-signup-pass-9');
    const phone = server.client();
    const token = await confirmationToken('phone.newcomer@example.com');
    expect((await phone.confirmEmail(token)).body.code).toBe(CONFIRM_WITH_PASSWORD_CODE);

    const wrong = await answer(
      phone.api['sign-up-confirmation'].password.$post({ json: { token, password: 'not-the-one-1' } }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.error.fieldErrors!.password![0]).toMatch(/not the password/);
    expect((await phone.confirmEmail(token)).status).toBe(403);

    expect(
      (
        await answer(
          phone.api['sign-up-confirmation'].password.$post({ json: { token, password: 'laptop-signup-pass-9' } }),
        )
      ).status,
    ).toBe(200);
    expect((await phone.confirmEmail(token)).status).toBe(200);
    expect((await answer(phone.api.me.profile.$get())).body.email).toBe('phone.newcomer@example.com');
  });

  it('limits password guesses on the confirmation page per account', async () => {
    await server.client().requestSignUp('guessed@example.com', 'real-sign-up-pass-3');
    const token = await confirmationToken('guessed@example.com');
    const guesser = server.client();
    for (let i = 0; i < 5; i++) {
      expect(
        (await answer(guesser.api['sign-up-confirmation'].password.$post({ json: { token, password: `guess-${i}` } })))
          .status,
      ).toBe(400);
    }
    const refused = await answer(
      guesser.api['sign-up-confirmation'].password.$post({
        json: {
          token,
          password: 'real-sign-up-pass-3',
        },
      }),
    );
    expect(refused.status).toBe(429);
  });

  it('refuses a forged link, and a link once the account is confirmed', async () => {
    const forged = await answer(
      server.client().api['sign-up-confirmation']['new-password'].$post({
        json: { token: 'not.a.token', new_password: 'steady-rain-on-roofs-4' },
      }),
    );
    expect(forged.status).toBe(400);

    const member = server.client();
    await member.signUp('done.already@example.com');
    const token = await confirmationToken('done.already@example.com');
    const late = await answer(
      server
        .client()
        .api['sign-up-confirmation']['new-password'].$post({ json: { token, new_password: 'steady-rain-on-roofs-4' } }),
    );
    expect(late.status).toBe(400);
    expect((await server.client().signIn('done.already@example.com')).status).toBe(200);
  });
});

describe('the owner signing up after the attacker', () => {
  it('gets a confirmation link, not "you already have an account", and the attacker gets nothing', async () => {
    const attacker = server.client();
    await attacker.requestSignUp('later.boss@example.com', ATTACKER_PASSWORD);
    const first = await server.client().latestMailTo('later.boss@example.com', /Confirm your email/);

    // The owner's own sign-up hits the address the attacker took: same answer as ever (decision 009).
    const owner = server.client();
    expect((await owner.requestSignUp('later.boss@example.com', 'owner-own-choice-8', 'Lee Boss')).status).toBe(200);
    const second = await owner.latestMailTo('later.boss@example.com', /Confirm your email/, [first.mail.id]);

    // Its link names the attacker's account; the owner's browser is marked for another id, so it asks.
    expect((await owner.confirmEmail(second.token)).body.code).toBe(CONFIRM_WITH_PASSWORD_CODE);
    expect(
      (
        await answer(
          owner.api['sign-up-confirmation'].password.$post({
            json: { token: second.token, password: 'owner-own-choice-8' },
          }),
        )
      ).status,
    ).toBe(400);
    await answer(
      owner.api['sign-up-confirmation']['new-password'].$post({
        json: {
          token: second.token,
          new_password: 'owner-own-choice-8',
        },
      }),
    );
    expect((await owner.confirmEmail(second.token)).status).toBe(200);
    expect(await roles(owner)).toEqual(['admin', 'user']);
    expect((await attacker.signIn('later.boss@example.com', ATTACKER_PASSWORD)).status).toBe(401);
    expect(attacker.hasSession()).toBe(false);
  });
});

describe('sessions of accounts whose address is not proven', () => {
  it('are refused by the API even when one exists from before this rule', async () => {
    const created = await server.client().requestSignUp('old.session@example.com', 'made-before-rule-2');
    const userId = created.body.user.id as string;
    // A session row as sign-in used to make before the confirmation link was followed.
    const token = randomBytes(24).toString('base64url');
    await server.database.db.insert(sessions).values({
      id: randomBytes(16).toString('hex'),
      token,
      userId,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const signed = encodeURIComponent(`${token}.${createHmac('sha256', SECRET).update(token).digest('base64')}`);
    const res = await fetch(`${server.url}/api/me/profile`, { headers: { cookie: `calm.session_token=${signed}` } });
    expect(res.status).toBe(401);
  });
});
