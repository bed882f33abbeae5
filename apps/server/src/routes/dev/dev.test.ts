import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { subscriptions } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { answer, type TestClient } from '../../test-support/test-client';

let server: TestServer;
let member: TestClient;
let memberId: string;

beforeAll(async () => {
  server = await startTestServer();
  member = server.client();
  memberId = (await member.signUp('Plans@Example.com')).body.user.id;
});
afterAll(() => server.close());

/** A subscription as the end-to-end tests set one, through the typed client (with the headers a test chooses). */
type SubscriptionBody = Parameters<TestClient['api']['dev']['subscriptions']['$put']>[0]['json'];
const putSubscription = (json: SubscriptionBody, headers?: Record<string, string>) =>
  answer(server.client().api.dev.subscriptions.$put({ json }, headers && { headers }));
const deleteSubscription = (email: string) =>
  answer(server.client().api.dev.subscriptions[':email'].$delete({ param: { email } }));
/** Bodies the schema refuses (an unknown plan, an extra field) go raw: the typed client will not build them. */
const putRaw = (body: unknown) => server.client().put('/api/dev/subscriptions', body);
const rows = () => server.database.db.select().from(subscriptions).where(eq(subscriptions.userId, memberId));

describe('local-mode subscription helper for end-to-end tests', () => {
  it('gives an account a live local subscription, then changes it in place', async () => {
    const end = '2999-06-30T12:00:00.000Z';
    const res = await putSubscription({ email: 'plans@example.com', plan_key: 'space_pass', current_period_end: end });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      email: 'plans@example.com',
      plan_key: 'space_pass',
      status: 'active',
      current_period_end: end,
    });
    expect((await answer(member.api.me.subscription.$get())).body).toEqual({
      subscribed: true,
      subscription_tier: 'The Space Pass',
      subscription_end: end,
      // Set by the test helper directly: no checkout chose a period, and nothing cancels it.
      billing_period: null,
      cancel_at_period_end: false,
    });

    const changed = await putSubscription({
      email: ' PLANS@example.com ',
      plan_key: 'summit',
      current_period_end: '2999-07-01T09:00:00+01:00',
    });
    expect(changed.status).toBe(200);
    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ provider: 'local', planKey: 'summit', status: 'active' });
    expect(stored[0]!.currentPeriodEnd!.toISOString()).toBe('2999-07-01T08:00:00.000Z');
    // Summit is sold no more: a row that still names it reads as The Space Pass (decision 065).
    expect((await answer(member.api.me.subscription.$get())).body.subscription_tier).toBe('The Space Pass');
  });

  it('removes it again', async () => {
    const res = await deleteSubscription('plans%40example.com');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: 1 });
    expect(await rows()).toEqual([]);
    expect((await answer(member.api.me.subscription.$get())).body.subscribed).toBe(false);
    expect((await deleteSubscription('plans@example.com')).body).toEqual({ deleted: 0 });
  });

  it('answers 404 for an unknown account', async () => {
    const body: SubscriptionBody = {
      email: 'nobody@example.com',
      plan_key: 'starter',
      current_period_end: '2999-01-01T00:00:00Z',
    };
    expect((await putSubscription(body)).status).toBe(404);
    expect((await deleteSubscription('nobody@example.com')).status).toBe(404);
  });

  it.each([
    ['plan_key', { email: 'plans@example.com', plan_key: 'base_camp', current_period_end: '2999-01-01T00:00:00Z' }],
    ['current_period_end', { email: 'plans@example.com', plan_key: 'starter', current_period_end: 'next week' }],
    ['email', { email: 'not-an-email', plan_key: 'starter', current_period_end: '2999-01-01T00:00:00Z' }],
    [
      'status',
      { email: 'plans@example.com', plan_key: 'starter', current_period_end: '2999-01-01T00:00:00Z', status: 'x' },
    ],
  ])('refuses a bad %s with 400', async (field, body) => {
    const res = await putRaw(body);
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors[field]).toBeDefined();
    expect(await rows()).toEqual([]);
  });

  it('refuses a change sent from another site', async () => {
    const res = await putSubscription(
      { email: 'plans@example.com', plan_key: 'summit', current_period_end: '2999-01-01T00:00:00Z' },
      { origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
    expect(await rows()).toEqual([]);
  });
});
