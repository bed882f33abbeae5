import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { subscriptions } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { answer, type TestClient } from '../../test-support/test-client';

let server: TestServer;
let member: TestClient;
let memberId: string;
let other: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  member = server.client();
  memberId = (await member.signUp('subscriber@example.com')).body.user.id;
  other = server.client();
  await other.signUp('not-subscribed@example.com');
});
afterAll(() => server.close());

const notSubscribed = {
  subscribed: false,
  subscription_tier: null,
  subscription_end: null,
  cancel_at_period_end: false,
  billing_period: null,
};
const setSubscription = async (values: Partial<typeof subscriptions.$inferInsert>) => {
  const db = server.database.db;
  await db.delete(subscriptions).where(eq(subscriptions.userId, memberId));
  await db.insert(subscriptions).values({
    userId: memberId,
    provider: 'local',
    planKey: 'growth',
    status: 'active',
    ...values,
  });
};

describe('GET /api/me/subscription', () => {
  it('needs a session', async () => {
    const res = await answer(server.client().api.me.subscription.$get());
    expect(res.status).toBe(401);
    expect(res.error).toEqual({ error: 'User must be logged in' });
  });

  it('says not subscribed without a subscription', async () => {
    const res = await answer(member.api.me.subscription.$get());
    expect(res.status).toBe(200);
    expect(res.body).toEqual(notSubscribed);
  });

  it('names the plan of a live subscription and its end date', async () => {
    const end = new Date(Date.now() + 12 * 86_400_000);
    // Growth is sold no more: a row that still names it is The Space Pass (decision 065).
    await setSubscription({ planKey: 'growth', currentPeriodEnd: end });
    expect((await answer(member.api.me.subscription.$get())).body).toEqual({
      subscribed: true,
      subscription_tier: 'The Space Pass',
      subscription_end: end.toISOString(),
      cancel_at_period_end: false,
      billing_period: null,
    });
    await setSubscription({ planKey: 'space_pass', currentPeriodEnd: null });
    expect((await answer(member.api.me.subscription.$get())).body).toEqual({
      subscribed: true,
      subscription_tier: 'The Space Pass',
      subscription_end: null,
      cancel_at_period_end: false,
      billing_period: null,
    });
  });

  it('shows only the caller’s own subscription', async () => {
    expect((await answer(other.api.me.subscription.$get())).body).toEqual(notSubscribed);
  });

  it.each([
    ['ended', { currentPeriodEnd: new Date(Date.now() - 1000) }],
    ['cancelled', { status: 'canceled', currentPeriodEnd: new Date(Date.now() + 86_400_000) }],
    ['unpaid', { status: 'unpaid' }],
  ])('says not subscribed when the subscription is %s', async (_label, values) => {
    await setSubscription(values);
    expect((await answer(member.api.me.subscription.$get())).body).toEqual(notSubscribed);
  });

  it('keeps the paid plan choice in step: a paid plan needs the live subscription to that plan', async () => {
    await setSubscription({ planKey: 'summit', currentPeriodEnd: new Date(Date.now() + 86_400_000) });
    const choose = (pricing_plan: string) => member.patch('/api/me/profile', { pricing_plan });
    expect((await choose('The Space Pass')).status).toBe(200);
    expect((await choose('The Relief Plan')).status).toBe(400);
    // The earlier tiers are no plan one can choose.
    expect((await choose('Summit')).status).toBe(400);
    await setSubscription({ planKey: 'space_pass', currentPeriodEnd: new Date(Date.now() - 1000) });
    expect((await choose('The Space Pass')).status).toBe(400);
  });
});
