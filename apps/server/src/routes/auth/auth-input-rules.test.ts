import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AGE_CONFIRMATION_REQUIRED_MESSAGE, MAX_FULL_NAME_LENGTH } from '@app/shared';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { answer, type TestClient } from '../../test-support/test-client';
import { profiles, users } from '../../db/schema';

/**
 * better-auth's endpoints take the shared form rules: a full name is text of
 * 1–100 characters, an address at most 255, and there are no pictures. A
 * refused request answers 400 with the reason and writes nothing.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const accountRow = async (email: string) =>
  (await server.database.db.select().from(users).where(eq(users.email, email)))[0];
const names = async (id: string) => {
  const [user] = await server.database.db.select({ name: users.name }).from(users).where(eq(users.id, id));
  const [profile] = await server.database.db
    .select({ fullName: profiles.fullName })
    .from(profiles)
    .where(eq(profiles.id, id));
  return { account: user?.name, profile: profile?.fullName };
};
const mailsTo = async (to: string) => (await server.client().mailbox()).filter((m) => m.to === to);
const signUpBody = (email: string, extra: Record<string, unknown>) => ({
  email,
  password: 'steady-breath-8',
  name: 'Sam Steady',
  ageConfirmed: true,
  ...extra,
});

describe('sign-up', () => {
  it.each([
    [
      'a name of ten thousand characters',
      { name: 'x'.repeat(10_000) },
      `Full name must be less than ${MAX_FULL_NAME_LENGTH} characters`,
    ],
    ['a name one character too long', { name: 'x'.repeat(MAX_FULL_NAME_LENGTH + 1) }, /less than 100 characters/],
    ['a blank name', { name: '   ' }, 'Full name is required'],
    ['a null name', { name: null }, 'Full name is required'],
    ['a name that is not text', { name: { first: 'Sam' } }, 'Full name is required'],
    ['a picture', { image: 'https://evil.example/pixel.png' }, 'Profile pictures are not supported'],
  ])('refuses %s with the reason, creating nothing and mailing no one', async (_label, extra, message) => {
    const email = `refused.${Math.random().toString(36).slice(2)}@example.com`;
    const res = await server.client().post('/api/auth/sign-up/email', signUpBody(email, extra));
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
    expect(res.body.code).toBe('INVALID_INPUT');
    expect(await accountRow(email)).toBeUndefined();
    expect(await mailsTo(email)).toEqual([]);
  });

  it.each([
    ['without the age confirmation', { ageConfirmed: undefined }],
    ['with the age box unticked', { ageConfirmed: false }],
    ['with the confirmation as text', { ageConfirmed: 'true' }],
  ])('refuses a sign-up %s, saying why, creating nothing', async (_label, extra) => {
    const email = `underage.${Math.random().toString(36).slice(2)}@example.com`;
    const res = await server.client().post('/api/auth/sign-up/email', signUpBody(email, extra));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(AGE_CONFIRMATION_REQUIRED_MESSAGE);
    expect(res.body.fieldErrors).toEqual({ ageConfirmed: [AGE_CONFIRMATION_REQUIRED_MESSAGE] });
    expect(await accountRow(email)).toBeUndefined();
    expect(await mailsTo(email)).toEqual([]);
  });

  it('takes a sign-up that confirms the age, and keeps the answer out of the account', async () => {
    const res = await server.client().requestSignUp('confirmed.adult@example.com');
    expect(res.status).toBe(200);
    expect(await accountRow('confirmed.adult@example.com')).not.toHaveProperty('ageConfirmed');
  });

  it('refuses an address longer than 255 characters', async () => {
    const email = `${'a'.repeat(250)}@example.com`;
    const res = await server.client().post('/api/auth/sign-up/email', signUpBody(email, {}));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Email must be less than 255 characters');
    expect(await accountRow(email)).toBeUndefined();
  });

  it('takes a 100-character name, trimmed, into the account and the profile alike', async () => {
    const name = 'N'.repeat(MAX_FULL_NAME_LENGTH);
    const res = await server.client().requestSignUp('longest.name@example.com', 'steady-breath-8', `  ${name}  `);
    expect(res.status).toBe(200);
    expect(await names(res.body.user.id)).toEqual({ account: name, profile: name });
  });
});

describe('update-user', () => {
  let member: TestClient;
  let id: string;
  beforeAll(async () => {
    member = server.client();
    id = (await member.signUp('renamer@example.com', 'steady-breath-8', 'First Name')).body.user.id;
  });

  it.each([
    ['a null name', { name: null }, 'Full name is required'],
    ['a blank name', { name: '  ' }, 'Full name is required'],
    [
      'a name of ten thousand characters',
      { name: 'y'.repeat(10_000) },
      `Full name must be less than ${MAX_FULL_NAME_LENGTH} characters`,
    ],
    ['a picture', { image: 'https://evil.example/pixel.png' }, 'Profile pictures are not supported'],
  ])('refuses %s with a 400 and changes nothing', async (_label, body, message) => {
    const res = await member.post('/api/auth/update-user', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await names(id)).toEqual({ account: 'First Name', profile: 'First Name' });
  });

  it('copies a new name to the profile as well', async () => {
    expect((await member.post('/api/auth/update-user', { name: ' Second Name ' })).status).toBe(200);
    expect(await names(id)).toEqual({ account: 'Second Name', profile: 'Second Name' });
    expect((await answer(member.api.me.profile.$get())).body.full_name).toBe('Second Name');
    expect((await member.get('/api/auth/get-session')).body.user.name).toBe('Second Name');
  });
});

describe('change-email', () => {
  it('refuses an address longer than 255 characters', async () => {
    const member = server.client();
    await member.signUp('mover@example.com');
    const res = await member.post('/api/auth/change-email', { newEmail: `${'b'.repeat(250)}@example.com` });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Email must be less than 255 characters');
  });
});

describe('PATCH /api/me/profile', () => {
  it('changes the account name along with the profile', async () => {
    const member = server.client();
    const id = (await member.signUp('profile.renamer@example.com', 'steady-breath-8', 'Old Name')).body.user.id;
    expect((await answer(member.api.me.profile.$patch({ json: { full_name: 'New Name' } }))).status).toBe(200);
    expect(await names(id)).toEqual({ account: 'New Name', profile: 'New Name' });
    expect((await member.get('/api/auth/get-session')).body.user.name).toBe('New Name');
  });

  it('refuses a name over the limit and changes neither copy', async () => {
    const member = server.client();
    const id = (await member.signUp('profile.limit@example.com', 'steady-breath-8', 'Kept Name')).body.user.id;
    const res = await answer(
      member.api.me.profile.$patch({ json: { full_name: 'z'.repeat(MAX_FULL_NAME_LENGTH + 1) } }),
    );
    expect(res.status).toBe(400);
    expect(await names(id)).toEqual({ account: 'Kept Name', profile: 'Kept Name' });
  });
});
