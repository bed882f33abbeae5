import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, or, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DeleteAccountInput, StrategicPromptDto } from '@app/shared';
import {
  auditLog,
  chatMessages,
  exitIntentSurveys,
  profiles,
  retainedPaymentRecords,
  sessions,
  strategicPromptUserRatings,
  subscriptions,
  userReflections,
  userTrackerFeedback,
  users,
} from '../../db/schema';
import { mailRowsTo } from '../../test-support/outbox-rows';
import { answer, type TestClient } from '../../test-support/test-client';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { waitFor } from '../../test-support/wait-for';
import { insertMessages } from '../../test-support/messages';
import { inMembersConversation } from '../../lib/chat/conversations';

/**
 * The rights the privacy policy promises (docs/product.md#profile, decision 031).
 * Email and password changes are better-auth's `/api/auth/*`, outside AppType:
 * those calls stay raw (decision 055).
 */
let server: TestServer;
let admin: TestClient;
let prompt: StrategicPromptDto;
const PASSWORD = 'calm-river-42';

beforeAll(async () => {
  // TRUST_PROXY: a test may speak from an address of its own, outside better-auth's 3 email changes per 10 s.
  server = await startTestServer({ ADMIN_EMAILS: 'rights-admin@example.com', TRUST_PROXY: 'true' });
  admin = server.client();
  await admin.signUp('rights-admin@example.com', PASSWORD, 'Ada Admin');
  prompt = (await answer(admin.api.catalog['daily-prompt'].$get({ query: {} }))).body!;
});
afterAll(() => server.close());

/** A member with something in every place the product keeps a member's data. */
async function memberWithData(email: string, name: string) {
  const client = server.client();
  const id: string = (await client.signUp(email, PASSWORD, name)).body.user.id;
  const { db } = server.database;
  const reflection = `${name} walked by the river before work`;
  const written = await answer(
    client.api.me.reflections.$post({ json: { reflection_text: reflection, strategic_prompt_id: prompt.id } }),
  );
  expect(written.status).toBe(201);
  await db.insert(strategicPromptUserRatings).values({ userId: id, strategicPromptId: prompt.id, rating: 4 });
  await db.insert(userTrackerFeedback).values({ userId: id, tracking: `${name} tracks mood` });
  const adminId = (await db.select({ id: users.id }).from(users).where(eq(users.email, 'rights-admin@example.com')))[0]!
    .id;
  await insertMessages(db, [
    { senderId: id, message: `${name} says hello to the coach` },
    { senderId: adminId, recipientId: id, isAdminMessage: true, message: `Coach answers ${name}` },
  ]);
  await db.insert(exitIntentSurveys).values({
    name,
    email: email.toUpperCase(),
    willingnessToPay: 'maybe',
    source: 'landing',
    reason: `${name} wanted to look around`,
  });
  const credited = await answer(admin.api.admin.users[':id'].credits.$post({ param: { id }, json: { delta: 3 } }));
  expect(credited.status).toBe(200);
  return { client, id, email, name, reflection };
}

const deleteAccount = (client: TestClient, json: DeleteAccountInput) => answer(client.api.me.account.$delete({ json }));
const profileStatus = async (client: TestClient) => (await answer(client.api.me.profile.$get())).status;
const exportOf = (client: TestClient) => answer(client.api.me.export.$get());
const accountOf = (client: TestClient) => answer(client.api.me.account.$get());

describe('GET /api/me/export', () => {
  it('answers a JSON file of everything about the member, and nothing of another member', async () => {
    const nora = await memberWithData('nora.export@example.com', 'Nora North');
    const omar = await memberWithData('omar.export@example.com', 'Omar Ocean');

    const res = await exportOf(nora.client);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="calm-space-data-\d{4}-\d\d-\d\d\.json"$/,
    );
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    const data = res.body;
    expect(data.account).toMatchObject({ id: nora.id, name: 'Nora North', email: nora.email, email_verified: true });
    expect(data.profile).toMatchObject({ full_name: 'Nora North', credits: expect.any(Number) });
    expect(data.roles).toEqual(['user']);
    expect(data.sign_in_methods.map((m) => m.provider)).toEqual(['credential']);
    expect(data.reflections.map((r) => [r.reflection_text, r.prompt_title])).toEqual([[nora.reflection, prompt.title]]);
    expect(data.prompt_ratings).toEqual([expect.objectContaining({ prompt_title: prompt.title, rating: 4 })]);
    expect(data.tracker_feedback).toMatchObject({ tracking: 'Nora North tracks mood' });
    expect(data.chat_messages.map((m) => [m.direction, m.message])).toEqual([
      ['sent', 'Nora North says hello to the coach'],
      ['received', 'Coach answers Nora North'],
    ]);
    expect(data.exit_surveys.map((s) => s.reason)).toEqual(['Nora North wanted to look around']);
    expect(data.audit_entries).toEqual([
      expect.objectContaining({
        action: 'credits.change',
        by_self: false,
        details: expect.objectContaining({ delta: 3 }),
      }),
    ]);
    expect(data.subscription).toBeNull();

    const text = JSON.stringify(data);
    for (const other of [omar.id, omar.email, omar.name, omar.reflection]) expect(text).not.toContain(other);
    // No secrets either: no password hash, no session token.
    expect(text).not.toMatch(/argon2|session_token|"token"/);
  });

  it('is for a signed-in member only', async () => {
    expect((await exportOf(server.client())).status).toBe(401);
  });
});

describe('DELETE /api/me/account', () => {
  it('refuses a wrong password or a missing confirmation, and keeps everything', async () => {
    const member = await memberWithData('kept@example.com', 'Kept Member');
    const wrong = await deleteAccount(member.client, { password: 'not-my-password', confirmation: 'DELETE' });
    expect(wrong.status).toBe(400);
    expect(wrong.error.fieldErrors!.password).toEqual(['That password is not right. Please try again.']);
    const unconfirmed = await deleteAccount(member.client, { password: PASSWORD, confirmation: 'delete me' });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.error.fieldErrors!.confirmation).toEqual(['Type DELETE to confirm']);
    expect(await profileStatus(member.client)).toBe(200);
    expect((await member.client.signIn(member.email, PASSWORD)).status).toBe(200);
  });

  it('stops guessing: after five wrong passwords even the right one waits', async () => {
    const member = server.client();
    await member.signUp('guessed@example.com', PASSWORD);
    for (let i = 0; i < 5; i++) {
      expect((await deleteAccount(member, { password: `guess-${i}`, confirmation: 'DELETE' })).status).toBe(400);
    }
    const locked = await deleteAccount(member, { password: PASSWORD, confirmation: 'DELETE' });
    expect(locked.status).toBe(429);
    expect(await profileStatus(member)).toBe(200);
  });

  it('refuses while a subscription will renew, and says how to go on', async () => {
    const member = server.client();
    const id: string = (await member.signUp('renewing@example.com', PASSWORD)).body.user.id;
    const periodEnd = new Date(Date.now() + 20 * 86_400_000);
    const given = await answer(
      member.api.dev.subscriptions.$put({
        json: { email: 'renewing@example.com', plan_key: 'growth', current_period_end: periodEnd.toISOString() },
      }),
    );
    expect(given.status).toBe(200);
    // Said up front, before anything is typed, in the words of the refusal itself.
    const status = await answer(member.api.me.account.$get());
    expect(status.body!.deletion_refusal).toEqual({
      code: 'subscription_active',
      error: expect.stringMatching(
        /^Your subscription renews on \d{1,2} \w+ \d{4}\. Please cancel it on the Subscription page first/,
      ),
    });
    const refused = await deleteAccount(member, { password: PASSWORD, confirmation: 'DELETE' });
    expect(refused.status).toBe(409);
    expect(refused.error.code).toBe('subscription_active');
    expect(refused.error.error).toBe(status.body!.deletion_refusal!.error);
    expect(await profileStatus(member)).toBe(200);

    // Cancelled at the end of its period: nothing stops the deletion any more.
    await server.database.db.update(subscriptions).set({ cancelAtPeriodEnd: true }).where(eq(subscriptions.userId, id));
    expect((await answer(member.api.me.account.$get())).body!.deletion_refusal).toBeNull();
  });

  it('deletes the account and its data at once, everywhere, keeping only a de-identified payment record', async () => {
    const { db } = server.database;
    const gone = await memberWithData('leaving@example.com', 'Lea Leaving');
    const bystander = await memberWithData('staying@example.com', 'Sam Staying');
    const phone = server.client();
    expect((await phone.signIn(gone.email, PASSWORD)).status).toBe(200);
    // A subscription already cancelled at the end of its period: nothing will be charged again.
    await db.insert(subscriptions).values({
      userId: gone.id,
      provider: 'stripe',
      providerCustomerId: 'cus_leaving',
      providerSubscriptionId: 'sub_leaving',
      planKey: 'growth',
      billingPeriod: 'month',
      status: 'active',
      currentPeriodEnd: new Date(Date.now() + 5 * 86_400_000),
      cancelAtPeriodEnd: true,
    });

    const views = admin.api.admin;
    const adminViews = () => [
      answer(views.overview.$get()),
      answer(views.users.$get({ query: { page: '1' } })),
      answer(views.users.$get({ query: { q: gone.email } })),
      answer(views['audit-log'].$get({ query: {} })),
      answer(views.reflections.$get({ query: {} })),
      answer(views['exit-surveys'].$get({ query: {} })),
      answer(views['tracker-feedback'].$get({ query: {} })),
    ];
    const adminSees = async () => (await Promise.all(adminViews())).map((r) => JSON.stringify(r.body)).join('\n');
    const traces = [
      gone.id,
      gone.email,
      gone.name,
      gone.reflection,
      'Lea Leaving tracks mood',
      'Lea Leaving wanted to look around',
    ];
    const before = await adminSees();
    // The admin saw the member before: the checks below can fail.
    for (const trace of traces.slice(0, 4)) expect(before).toContain(trace);

    const res = await deleteAccount(gone.client, { password: PASSWORD, confirmation: ' DELETE ' });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().some((c) => /session_token=;/.test(c))).toBe(true);

    // Signed out everywhere: this device and the other one.
    expect(await profileStatus(gone.client)).toBe(401);
    expect(await profileStatus(phone)).toBe(401);
    // better-auth's own route, outside AppType: raw.
    expect((await phone.get('/api/auth/get-session')).body).toBeNull();
    expect((await server.client().signIn(gone.email, PASSWORD)).status).toBe(401);

    const rowsOf = async (table: PgTable, where: SQL | undefined) =>
      (await db.select({ n: count() }).from(table).where(where))[0]!.n;
    expect(await rowsOf(users, eq(users.id, gone.id))).toBe(0);
    expect(await rowsOf(sessions, eq(sessions.userId, gone.id))).toBe(0);
    expect(await rowsOf(profiles, eq(profiles.id, gone.id))).toBe(0);
    expect(await rowsOf(userReflections, eq(userReflections.userId, gone.id))).toBe(0);
    expect(await rowsOf(strategicPromptUserRatings, eq(strategicPromptUserRatings.userId, gone.id))).toBe(0);
    expect(await rowsOf(userTrackerFeedback, eq(userTrackerFeedback.userId, gone.id))).toBe(0);
    expect(await rowsOf(chatMessages, or(eq(chatMessages.senderId, gone.id), inMembersConversation(gone.id)))).toBe(0);
    expect(await rowsOf(subscriptions, eq(subscriptions.userId, gone.id))).toBe(0);
    expect(await rowsOf(auditLog, eq(auditLog.targetUserId, gone.id))).toBe(0);
    expect(await rowsOf(exitIntentSurveys, sql`lower(${exitIntentSurveys.email}) = ${gone.email}`)).toBe(0);

    // The financial record stays, naming nobody, for seven years.
    const [kept] = await db
      .select()
      .from(retainedPaymentRecords)
      .where(eq(retainedPaymentRecords.providerSubscriptionId, 'sub_leaving'));
    expect(kept).toMatchObject({ provider: 'stripe', planKey: 'growth', billingPeriod: 'month' });
    const years = (kept!.keepUntil.getTime() - kept!.accountDeletedAt.getTime()) / (365.25 * 86_400_000);
    expect(years).toBeCloseTo(7, 1);
    expect(JSON.stringify(kept)).not.toMatch(/cus_leaving|leaving@|Lea/);

    // An admin sees nothing of them any more; the other member is untouched.
    const after = await adminSees();
    for (const trace of traces) expect(after).not.toContain(trace);
    expect(after).toContain(bystander.reflection);
    expect(await profileStatus(bystander.client)).toBe(200);

    // The only mail left to the address is the deletion's own confirmation.
    const mails = await mailRowsTo(db, gone.email);
    expect(mails.map((m) => m.subject)).toEqual(['Your Calm Space account has been deleted']);
    // Delivered by the outbox worker (it polls: nothing nudged it), before the address is used again.
    await waitFor(
      async () => (await admin.mailbox()).find((m) => m.to === gone.email && /has been deleted/.test(m.subject)),
      'the deletion mail',
    );

    // The address is free again: a new account, from scratch.
    const again = server.client();
    const signUp = await again.signUp(gone.email, 'fresh-start-77', 'Lea Again');
    expect(signUp.status).toBe(200);
    expect(signUp.body.user.id).not.toBe(gone.id);
    const fresh = await exportOf(again);
    expect(fresh.body.reflections).toEqual([]);
    expect(fresh.body.exit_surveys).toEqual([]);
  });

  it('keeps the service with an admin: the only admin cannot delete their account, and is told so first', async () => {
    const status = await answer(admin.api.me.account.$get());
    expect(status.body!.deletion_refusal?.code).toBe('last_admin');
    const refused = await deleteAccount(admin, { password: PASSWORD, confirmation: 'DELETE' });
    expect(refused.status).toBe(409);
    expect(refused.error).toMatchObject(status.body!.deletion_refusal!);
  });
});

describe('changing the address', () => {
  it('mails the new address and changes nothing until its link is followed', async () => {
    const member = server.client();
    await member.signUp('old.address@example.com', PASSWORD);
    const invalid = await member.post('/api/auth/change-email', {
      newEmail: 'not-an-address',
      currentPassword: PASSWORD,
    });
    expect(invalid.status).toBe(400);

    const asked = await member.post('/api/auth/change-email', {
      newEmail: '  New.Address@Example.com ',
      currentPassword: PASSWORD,
    });
    expect(asked.status).toBe(200);
    const status = await accountOf(member);
    expect(status.body).toMatchObject({ email: 'old.address@example.com', pending_email: 'new.address@example.com' });
    expect((await server.client().signIn('old.address@example.com', PASSWORD)).status).toBe(200);

    const link = await member.latestMailTo('new.address@example.com', /Confirm your new email/);
    expect(link.type).toBe('email_change');
    expect((await member.confirmEmail(link.token)).status).toBe(200);
    const changed = await accountOf(member);
    expect(changed.body).toMatchObject({ email: 'new.address@example.com', pending_email: null, has_password: true });
    expect((await server.client().signIn('new.address@example.com', PASSWORD)).status).toBe(200);
  });

  it('deletes the confirmation still queued to the new address when the account is deleted', async () => {
    const member = server.client();
    await member.signUp('leaves.midway@example.com', PASSWORD);
    const fromElsewhere = { 'x-forwarded-for': '198.51.100.77' };
    expect(
      (
        await member.post(
          '/api/auth/change-email',
          { newEmail: 'midway.new@example.com', currentPassword: PASSWORD },
          fromElsewhere,
        )
      ).status,
    ).toBe(200);
    const { db } = server.database;
    const toNewAddress = () => mailRowsTo(db, 'midway.new@example.com');
    expect(await toNewAddress()).toHaveLength(1);

    expect((await deleteAccount(member, { password: PASSWORD, confirmation: 'DELETE' })).status).toBe(204);
    expect(await toNewAddress()).toEqual([]);
  });

  it('answers an address another account holds as it answers a free one', async () => {
    const member = server.client();
    await member.signUp('wants.taken@example.com', PASSWORD);
    const asked = await member.post('/api/auth/change-email', {
      newEmail: 'rights-admin@example.com',
      currentPassword: PASSWORD,
    });
    expect(asked.status).toBe(200);
    expect((await accountOf(member)).body.pending_email).toBe('rights-admin@example.com');
    expect((await accountOf(member)).body.email).toBe('wants.taken@example.com');
  });
});

describe('changing the password', () => {
  it('needs the current password and a strong new one, and ends the other sessions', async () => {
    const laptop = server.client();
    await laptop.signUp('changer@example.com', PASSWORD);
    const phone = server.client();
    expect((await phone.signIn('changer@example.com', PASSWORD)).status).toBe(200);

    const wrong = await laptop.post('/api/auth/change-password', {
      currentPassword: 'not-the-one-1',
      newPassword: 'harbour-lights-93',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Invalid password');
    const weak = await laptop.post('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'password1',
    });
    expect(weak.status).toBe(400);
    expect(weak.body.code).toBe('WEAK_PASSWORD');
    expect(await profileStatus(phone)).toBe(200);

    const done = await laptop.post('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'harbour-lights-93',
    });
    expect(done.status).toBe(200);
    expect(await profileStatus(phone)).toBe(401);
    expect(await profileStatus(laptop)).toBe(200);
    expect((await server.client().signIn('changer@example.com', 'harbour-lights-93')).status).toBe(200);
  });
});
