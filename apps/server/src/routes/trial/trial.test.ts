import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { profiles, subscriptions } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { answer, type TestClient } from '../../test-support/test-client';

const TRIAL_EXPIRED = {
  error: "You've used your free trial conversation. Please choose a subscription plan to continue.",
  code: 'trial_expired',
};

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

let counter = 0;
async function newMember(): Promise<{ client: TestClient; id: string }> {
  const client = server.client();
  const id = (await client.signUp(`trial-${++counter}@example.com`)).body.user.id;
  return { client, id };
}
/** The trial conversation began over a day ago: copying the link again no longer continues it. */
const endTrialConversation = (id: string) =>
  server.database.db
    .update(profiles)
    .set({ trialConversationStartedAt: new Date(Date.now() - 25 * 3_600_000) })
    .where(eq(profiles.id, id));
const trialUsed = async (id: string) =>
  (await server.database.db.select().from(profiles).where(eq(profiles.id, id)))[0]!.trialConversationsUsed;
const subscribe = (userId: string, values: Partial<typeof subscriptions.$inferInsert> = {}) =>
  server.database.db.insert(subscriptions).values({
    userId,
    provider: 'local',
    planKey: 'space_pass',
    status: 'active',
    currentPeriodEnd: new Date(Date.now() + 7 * 86_400_000),
    ...values,
  });

describe('POST /api/me/trial-use', () => {
  it('needs a session', async () => {
    expect((await answer(server.client().api.me['trial-use'].$post())).status).toBe(401);
  });

  it('counts the one free conversation, continues it for a day, then refuses with the Trial Expired message', async () => {
    const { client, id } = await newMember();
    expect((await answer(client.api.me['trial-use'].$get())).body).toMatchObject({ basis: 'trial', can_start: true });
    const first = await answer(client.api.me['trial-use'].$post());
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ basis: 'trial', limited: true, trial_conversations_used: 1 });

    // Copying the link again (the first paste failed) is the same conversation.
    const again = await answer(client.api.me['trial-use'].$post());
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ basis: 'trial_continues', trial_conversations_used: 1 });
    expect(again.body.trial_continues_until).toBe(first.body.trial_continues_until);

    await endTrialConversation(id);
    expect((await answer(client.api.me['trial-use'].$get())).body).toMatchObject({ basis: 'none', can_start: false });
    const second = await answer(client.api.me['trial-use'].$post());
    expect(second.status).toBe(409);
    expect(second.error).toEqual(TRIAL_EXPIRED);
    expect(await trialUsed(id)).toBe(1);
    expect((await answer(client.api.me.profile.$get())).body.trial_conversations_used).toBe(1);
  });

  it('lets exactly one of many simultaneous calls through', async () => {
    const { client, id } = await newMember();
    const results = await Promise.all(Array.from({ length: 6 }, () => answer(client.api.me['trial-use'].$post())));
    expect(results.filter((r) => r.body.basis === 'trial')).toHaveLength(1);
    expect(results.filter((r) => r.body.basis === 'trial_continues')).toHaveLength(5);
    expect(await trialUsed(id)).toBe(1);
  });

  it('counts only the caller’s own trial', async () => {
    const a = await newMember();
    const b = await newMember();
    expect((await answer(a.client.api.me['trial-use'].$post())).status).toBe(200);
    expect(await trialUsed(b.id)).toBe(0);
    expect((await answer(b.client.api.me['trial-use'].$post())).status).toBe(200);
  });

  it('does not limit or count a member with a live subscription', async () => {
    const { client, id } = await newMember();
    await subscribe(id);
    for (let i = 0; i < 3; i++) {
      const res = await answer(client.api.me['trial-use'].$post());
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ basis: 'subscription', limited: false, trial_conversations_used: 0 });
    }
    expect(await trialUsed(id)).toBe(0);
  });

  it('does not limit a subscription with no end date', async () => {
    const { client, id } = await newMember();
    await subscribe(id, { currentPeriodEnd: null, planKey: 'summit' });
    expect((await answer(client.api.me['trial-use'].$post())).body).toMatchObject({
      limited: false,
      trial_conversations_used: 0,
    });
  });

  it.each([
    ['ended', { currentPeriodEnd: new Date(Date.now() - 60_000) }],
    ['cancelled', { status: 'canceled' }],
    ['past due', { status: 'past_due' }],
  ])('limits a member whose subscription is %s', async (_label, values) => {
    const { client, id } = await newMember();
    await subscribe(id, values);
    expect((await answer(client.api.me['trial-use'].$post())).body).toMatchObject({
      limited: true,
      trial_conversations_used: 1,
    });
    await endTrialConversation(id);
    expect((await answer(client.api.me['trial-use'].$post())).status).toBe(409);
  });

  it('does not limit a member holding a Free Beta Access place, even after their trial was used', async () => {
    const { client, id } = await newMember();
    expect((await answer(client.api.me['trial-use'].$post())).status).toBe(200);
    await endTrialConversation(id);
    expect((await answer(client.api.me.profile.$patch({ json: { pricing_plan: 'Free Beta Access' } }))).status).toBe(
      200,
    );
    const res = await answer(client.api.me['trial-use'].$post());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ basis: 'beta', limited: false, trial_conversations_used: 1 });
    expect(await trialUsed(id)).toBe(1);
  });

  it('limits the other free plans, and a member who gave their beta place back', async () => {
    const { client, id } = await newMember();
    expect((await answer(client.api.me.profile.$patch({ json: { pricing_plan: 'Free Beta Access' } }))).status).toBe(
      200,
    );
    // The exit offer's plan is no free pass: refused to a member who never claimed it (decision 065).
    expect((await answer(client.api.me.profile.$patch({ json: { pricing_plan: '30-Day Free Access' } }))).status).toBe(
      400,
    );
    expect((await answer(client.api.me.profile.$patch({ json: { pricing_plan: 'Base Camp' } }))).status).toBe(200);
    expect((await answer(client.api.me['trial-use'].$post())).body.basis).toBe('trial');
    await endTrialConversation(id);
    expect((await answer(client.api.me['trial-use'].$post())).status).toBe(409);
  });
});

describe('the trial cannot be reset or extended by the member', () => {
  it.each([
    [{ trial_conversations_used: 0 }],
    [{ trial_conversations_used: -5 }],
    [{ credits: 100 }],
    [{ full_name: 'Reset me', trial_conversations_used: 0 }],
  ])('PATCH /api/me/profile %j is refused and the trial stays used', async (body) => {
    const { client, id } = await newMember();
    await answer(client.api.me['trial-use'].$post());
    await endTrialConversation(id);
    // Fields the profile schema does not have: the raw client sends them.
    const res = await client.patch('/api/me/profile', body);
    expect(res.status).toBe(400);
    expect(await trialUsed(id)).toBe(1);
    expect((await answer(client.api.me['trial-use'].$post())).status).toBe(409);
  });

  it('ignores a body, a query or someone else’s id sent to trial-use', async () => {
    const victim = await newMember();
    const { client, id } = await newMember();
    await answer(client.api.me['trial-use'].$post());
    await endTrialConversation(id);
    // What the route takes no part of: the raw client sends it anyway.
    for (const res of [
      await client.post('/api/me/trial-use', { trial_conversations_used: 0, user_id: victim.id }),
      await client.post(`/api/me/trial-use?user_id=${victim.id}`),
    ]) {
      expect(res.status).toBe(409);
    }
    expect(await trialUsed(id)).toBe(1);
    expect(await trialUsed(victim.id)).toBe(0);
  });

  it('offers no way to reset the counter', async () => {
    const { client, id } = await newMember();
    await answer(client.api.me['trial-use'].$post());
    for (const method of ['DELETE', 'PUT', 'PATCH']) {
      const res = await client.request(method, '/api/me/trial-use', { trial_conversations_used: 0 });
      expect(res.status).toBe(404);
    }
    expect(await trialUsed(id)).toBe(1);
  });
});
