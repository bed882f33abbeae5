import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { SubscriptionPriceInput } from '@app/shared';
import { subscriptions } from '../../db/schema';
import { CataloguePrices } from '../../lib/payments/catalogue-prices';
import { periodEndFrom } from '../../lib/payments/local-proration';
import { LocalPaymentProvider } from '../../lib/payments/local-provider';
import { mailRowsTo } from '../../test-support/outbox-rows';
import { answer, type TestClient } from '../../test-support/test-client';
import { startTestServer, type TestServer } from '../../test-support/test-server';

/**
 * The end of a paid period in local mode: the local provider renews or ends
 * its own subscriptions on the scheduler's pass, as Stripe does at the period's
 * end, so a member who paid in local mode does not lose access after a month.
 * Each test moves the scheduler's clock through the dev route and so runs a pass.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

let counter = 0;
async function payingMember(json: SubscriptionPriceInput = { plan_key: 'space_pass', billing_period: 'month' }) {
  const client = server.client();
  const email = `renewal-${++counter}@example.com`;
  const id = (await client.signUp(email)).body.user.id;
  const checkout = await answer(client.api.me.subscription.checkout.$post({ json }));
  const checkoutId = new URL(checkout.body.url).pathname.split('/').at(-1)!;
  const card = { card_number: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123' };
  const paid = await answer(
    client.api['local-payments'].checkout[':id'].pay.$post({ param: { id: checkoutId }, json: card }),
  );
  expect(paid.status).toBe(200);
  return { client, id, email };
}

const rowOf = async (userId: string) =>
  (await server.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0]!;
const subscriptionOf = async (client: TestClient) => (await answer(client.api.me.subscription.$get())).body;
/** What time does to a row: its paid period ended a moment ago, by the real clock. */
async function endPeriodNow(userId: string) {
  const end = new Date(Date.now() - 1000);
  await server.database.db.update(subscriptions).set({ currentPeriodEnd: end }).where(eq(subscriptions.userId, userId));
  return end;
}
async function runPassAt(now: Date) {
  const res = await answer(server.client().api.dev.programme.clock.$post({ json: { now: now.toISOString() } }));
  expect(res.status).toBe(200);
}
const receiptsTo = async (email: string) =>
  (await mailRowsTo(server.database.db, email))
    .map((mail) => mail.subject)
    .filter((subject) => !/Confirm/.test(subject));

afterEach(async () => {
  await answer(server.client().api.dev.programme.clock.$delete());
});

describe('the end of a local paid period', () => {
  it('renews a subscription whose month has ended, keeps the member’s access, and sends one receipt', async () => {
    const { client, id, email } = await payingMember();
    const end = await endPeriodNow(id);
    expect(await subscriptionOf(client)).toMatchObject({ subscribed: false });

    await runPassAt(new Date());
    const next = periodEndFrom(end, 'month');
    expect(await rowOf(id)).toMatchObject({ status: 'active', currentPeriodEnd: next, cancelAtPeriodEnd: false });
    expect(await subscriptionOf(client)).toMatchObject({
      subscribed: true,
      subscription_tier: 'The Space Pass',
      subscription_end: next.toISOString(),
    });

    await runPassAt(new Date());
    expect(await receiptsTo(email)).toEqual([
      'Your Calm Space subscription has started',
      'Your Calm Space subscription has renewed',
    ]);
    expect((await rowOf(id)).currentPeriodEnd).toEqual(next);
    const renewed = (await mailRowsTo(server.database.db, email)).find((mail) => /renewed/.test(mail.subject))!;
    expect(renewed.text).toContain('Plan: The Space Pass, billed monthly.');
    expect(renewed.text).toContain('Next payment: £5.99 a month on');
  });

  it('renews once to the first end after now when several periods passed unseen', async () => {
    const { id, email } = await payingMember();
    const end = (await rowOf(id)).currentPeriodEnd!;
    // The server was stopped for three months and a day.
    const later = new Date(periodEndFrom(periodEndFrom(end, 'month'), 'month').getTime() + 86_400_000);
    await runPassAt(later);
    expect((await rowOf(id)).currentPeriodEnd).toEqual(
      periodEndFrom(periodEndFrom(periodEndFrom(end, 'month'), 'month'), 'month'),
    );
    expect((await receiptsTo(email)).filter((subject) => /renewed/.test(subject))).toHaveLength(1);
  });

  it('renews a period once when two instances see it end at the same moment', async () => {
    const { id, email } = await payingMember();
    const end = await endPeriodNow(id);
    const instance = () => new LocalPaymentProvider(server.database.db, new CataloguePrices(undefined), server.url);
    const now = new Date();
    await Promise.all([instance().renewEndedPeriods(now), instance().renewEndedPeriods(now)]);
    expect((await rowOf(id)).currentPeriodEnd).toEqual(periodEndFrom(end, 'month'));
    expect((await receiptsTo(email)).filter((subject) => /renewed/.test(subject))).toHaveLength(1);
  });

  it('leaves a period that has not ended alone', async () => {
    const { id } = await payingMember({ plan_key: 'space_pass', billing_period: 'year' });
    const before = await rowOf(id);
    await runPassAt(new Date(before.currentPeriodEnd!.getTime() - 60_000));
    expect(await rowOf(id)).toEqual(before);
  });

  it('ends a subscription the member cancelled, without another receipt', async () => {
    const { client, id, email } = await payingMember();
    await answer(client.api.me.subscription.cancel.$post());
    await endPeriodNow(id);
    await runPassAt(new Date());
    expect(await rowOf(id)).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: true });
    expect(await subscriptionOf(client)).toMatchObject({ subscribed: false });
    expect(await receiptsTo(email)).toEqual([
      'Your Calm Space subscription has started',
      'Your Calm Space subscription is cancelled',
    ]);
  });

  it('does not touch a subscription the local provider did not make', async () => {
    const client = server.client();
    const id = (await client.signUp(`renewal-${++counter}@example.com`)).body.user.id;
    const end = new Date(Date.now() - 1000);
    await server.database.db
      .insert(subscriptions)
      .values({ userId: id, provider: 'local', planKey: 'space_pass', status: 'active', currentPeriodEnd: end });
    await runPassAt(new Date());
    expect(await rowOf(id)).toMatchObject({ status: 'active', currentPeriodEnd: end });
  });
});
