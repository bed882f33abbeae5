import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { inboundEvents, outbox, paymentCustomers, subscriptions } from '../../db/schema';
import { DEFAULT_OUTBOX_SETTINGS } from '../../lib/outbox/worker';
import { startFakeStripeServer, type FakeStripeServer } from '../../test-support/fakes/fake-stripe-server';
import type { SubscriptionPriceInput } from '@app/shared';
import { answer, type TestClient } from '../../test-support/test-client';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { waitFor } from '../../test-support/wait-for';

/**
 * Payments through Stripe, with the official SDK talking to a local fake
 * Stripe server (its real REST protocol, no network) and webhook events
 * signed as Stripe signs them.
 */
const PRICES = {
  STRIPE_PRICE_SPACE_PASS_MONTHLY: 'price_space_pass_month',
  STRIPE_PRICE_SPACE_PASS_YEARLY: 'price_space_pass_year',
  // Tiers sold before The Space Pass alone (decision 065): still read, never sold.
  STRIPE_PRICE_GROWTH_MONTHLY: 'price_growth_month',
  STRIPE_PRICE_SUMMIT_YEARLY: 'price_summit_year',
};

let stripe: FakeStripeServer;
let server: TestServer;

beforeAll(async () => {
  stripe = await startFakeStripeServer({
    prices: Object.fromEntries(Object.values(PRICES).map((id) => [id, id.endsWith('year') ? 'year' : 'month'])),
  });
  server = await startTestServer(
    { STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, ...PRICES },
    {
      stripeApi: { host: stripe.host, port: stripe.port, protocol: stripe.protocol },
      // Events are applied by the outbox worker; a failed attempt is tried again in moments, not minutes.
      outbox: { retry: { ...DEFAULT_OUTBOX_SETTINGS.retry, baseDelayMs: 100, maxDelayMs: 400, jitter: 0 } },
    },
  );
});
afterAll(async () => {
  await server?.close();
  await stripe?.close();
});

let counter = 0;
async function newMember(): Promise<{ client: TestClient; id: string; email: string }> {
  const client = server.client();
  const email = `stripe-${++counter}@example.com`;
  const id = (await client.signUp(email)).body.user.id;
  return { client, id, email };
}

/** The ledger's row of a Stripe event: written when it is received, processed_at once it was applied. */
const ledgerRows = (eventId: string) =>
  server.database.db
    .select()
    .from(inboundEvents)
    .where(and(eq(inboundEvents.provider, 'stripe'), eq(inboundEvents.eventId, eventId)));

/** The outbox rows that process a Stripe event. */
const processingRows = (eventId: string) =>
  server.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.topic, 'inbound'), sql`${outbox.payload} ->> 'event_id' = ${eventId}`));

/**
 * Delivers an event to the webhook as Stripe does: the JSON body and its
 * Stripe-Signature. Stripe is answered once the event is recorded; it is
 * applied just after, by the outbox worker. Unless told otherwise, this waits
 * until the ledger says the event was processed, as the next event Stripe
 * sends would usually find it.
 */
async function deliver(
  event: ReturnType<FakeStripeServer['event']>,
  signature?: string | null,
  { settled = true } = {},
) {
  const payload = JSON.stringify(event, null, 2);
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  const sig = signature === undefined ? stripe.sign(payload) : signature;
  if (sig !== null) headers['stripe-signature'] = sig;
  const res = await fetch(`${server.url}/api/webhooks/stripe`, { method: 'POST', body: payload, headers });
  const answer = { status: res.status, body: await res.json() };
  if (settled && res.status === 200) {
    const id = String(event.id);
    await waitFor(async () => (await ledgerRows(id))[0]?.processedAt ?? undefined, `event ${id} processed`);
  }
  return answer;
}

/** The member's subscription routes, as the web app calls them. */
const subscriptionOf = (client: TestClient) => answer(client.api.me.subscription.$get());
const startCheckout = (client: TestClient, json: SubscriptionPriceInput) =>
  answer(client.api.me.subscription.checkout.$post({ json }));
const cancel = (client: TestClient) => answer(client.api.me.subscription.cancel.$post());
const update = (client: TestClient, json: SubscriptionPriceInput) =>
  answer(client.api.me.subscription.update.$post({ json }));

const rowOf = async (userId: string) =>
  (await server.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];

/** A member who bought The Space Pass monthly: checkout created by the app, completed on Stripe's side. */
async function subscribedMember() {
  const member = await newMember();
  const checkout = await startCheckout(member.client, { plan_key: 'space_pass', billing_period: 'month' });
  expect(checkout.status).toBe(200);
  const sessionId = [...stripe.checkoutSessions.values()].find((s) => s.client_reference_id === member.id)!.id;
  const subscription = stripe.completeCheckout(sessionId);
  return { ...member, sessionId, subscription };
}

describe('checkout with Stripe', () => {
  it('creates a subscription-mode Checkout with the chosen price, the member’s customer and their id', async () => {
    const { client, id, email } = await newMember();
    const res = await startCheckout(client, { plan_key: 'space_pass', billing_period: 'year' });
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);

    const session = [...stripe.checkoutSessions.values()].find((s) => s.client_reference_id === id)!;
    const [customer] = await server.database.db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, id));
    expect(session).toMatchObject({
      mode: 'subscription',
      customer: customer!.providerCustomerId,
      client_reference_id: id,
      metadata: { user_id: id },
      subscription_data: { metadata: { user_id: id } },
      line_items_price: 'price_space_pass_year',
      success_url: `${server.url}/subscription?checkout=success`,
    });
    expect(stripe.customers.get(customer!.providerCustomerId)).toMatchObject({ email, metadata: { user_id: id } });
    // A redirect back from Checkout is not a payment: nothing is subscribed until Stripe says so.
    expect((await subscriptionOf(client)).body.subscribed).toBe(false);
  });

  it('accepts The Space Pass’s price id, and refuses other prices, earlier tiers and Base Camp with Invalid Plan', async () => {
    const { client, id } = await newMember();
    expect((await startCheckout(client, { price_id: 'price_space_pass_month' })).status).toBe(200);
    expect([...stripe.checkoutSessions.values()].find((s) => s.client_reference_id === id)!.line_items_price).toBe(
      'price_space_pass_month',
    );
    for (const body of [
      { price_id: 'price_someone_elses' },
      { price_id: 'price_growth_month' },
      { plan_key: 'base_camp' },
      { plan_key: 'growth' },
      { plan_key: 'starter', billing_period: 'month' },
      {},
    ]) {
      // Base Camp, an unknown plan key and an empty body are bodies the typed client refuses: sent raw.
      const res = await client.post('/api/me/subscription/checkout', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.values(res.body.fieldErrors).flat()).toContain('Please select a paid subscription plan');
    }
  });

  it('creates one Stripe customer under ten concurrent checkout calls', async () => {
    const { client, id } = await newMember();
    const before = stripe.requests.filter((r) => r.path === '/v1/customers').length;
    const results = await Promise.all(Array.from({ length: 10 }, () => startCheckout(client, { plan_key: 'space_pass' })));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(stripe.requests.filter((r) => r.path === '/v1/customers').length - before).toBe(1);
    const customers = await server.database.db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, id));
    expect(customers).toHaveLength(1);
    const sessions = [...stripe.checkoutSessions.values()].filter((s) => s.client_reference_id === id);
    expect(new Set(sessions.map((s) => s.customer))).toEqual(new Set([customers[0]!.providerCustomerId]));
  });

  it('opens the billing portal for the member’s own customer', async () => {
    const { client, id } = await subscribedMember();
    const res = await answer(client.api.me.subscription.portal.$post());
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    const [customer] = await server.database.db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, id));
    expect(stripe.requests.at(-1)).toMatchObject({
      path: '/v1/billing_portal/sessions',
      params: { customer: customer!.providerCustomerId, return_url: `${server.url}/subscription` },
    });
  });
});

describe('the Stripe webhook', () => {
  it('subscribes the member from checkout.session.completed, with tier and period end', async () => {
    const { client, id, sessionId, subscription } = await subscribedMember();
    const res = await deliver(stripe.event('checkout.session.completed', stripe.checkoutSessions.get(sessionId)!));
    expect(res).toEqual({ status: 200, body: { received: true } });
    expect((await subscriptionOf(client)).body).toEqual({
      subscribed: true,
      subscription_tier: 'The Space Pass',
      subscription_end: new Date(subscription.items.data[0].current_period_end * 1000).toISOString(),
      cancel_at_period_end: false,
      billing_period: 'month',
    });
    expect((await rowOf(id))!.providerSubscriptionId).toBe(subscription.id);
  });

  it.each([
    ['a missing signature', null],
    ['a forged signature', 't=1700000000,v1=0000000000000000000000000000000000000000000000000000000000000000'],
    ['a signature made with another secret', 'other'],
  ])('answers 400 to %s and changes nothing', async (_label, signature) => {
    const { client, id, sessionId } = await subscribedMember();
    const event = stripe.event('checkout.session.completed', stripe.checkoutSessions.get(sessionId)!);
    const sig = signature === 'other' ? stripe.sign(JSON.stringify(event, null, 2), 'whsec_not_ours') : signature;
    const res = await deliver(event, sig);
    expect(res).toEqual({ status: 400, body: { error: 'Invalid signature' } });
    expect(await rowOf(id)).toBeUndefined();
    expect((await subscriptionOf(client)).body.subscribed).toBe(false);
    expect(await ledgerRows(event.id)).toEqual([]);
    expect(await processingRows(event.id)).toEqual([]);
  });

  it('refuses a body changed after signing', async () => {
    const { id, sessionId } = await subscribedMember();
    const event = stripe.event('checkout.session.completed', stripe.checkoutSessions.get(sessionId)!);
    const payload = JSON.stringify(event, null, 2);
    const signature = stripe.sign(payload);
    const res = await fetch(`${server.url}/api/webhooks/stripe`, {
      method: 'POST',
      body: JSON.stringify(event),
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    expect(res.status).toBe(400);
    expect(await rowOf(id)).toBeUndefined();
  });

  it('applies the same event once: a repeat answers 200 and changes nothing', async () => {
    const { id, sessionId } = await subscribedMember();
    const event = stripe.event('checkout.session.completed', stripe.checkoutSessions.get(sessionId)!);
    expect((await deliver(event)).status).toBe(200);
    const first = await rowOf(id);
    const fetchesBefore = stripe.requests.filter((r) => r.method === 'GET').length;

    expect(await deliver(event)).toEqual({ status: 200, body: { received: true } });
    expect(stripe.requests.filter((r) => r.method === 'GET').length).toBe(fetchesBefore);
    expect(await rowOf(id)).toEqual(first);
    expect(await ledgerRows(event.id)).toHaveLength(1);
    expect(await processingRows(event.id)).toHaveLength(1);
  });

  it('records and applies an event once when it arrives twice at the same moment', async () => {
    const { client, sessionId } = await subscribedMember();
    const event = stripe.event('checkout.session.completed', stripe.checkoutSessions.get(sessionId)!);
    const answers = await Promise.all([deliver(event), deliver(event), deliver(event)]);
    expect(answers).toEqual(Array(3).fill({ status: 200, body: { received: true } }));
    expect(await ledgerRows(event.id)).toHaveLength(1);
    const processing = await waitFor(async () => {
      const rows = await processingRows(event.id);
      return rows.every((row) => row.status === 'sent') && rows;
    }, 'the processing marked done');
    expect(processing.map((row) => [row.status, row.attempts])).toEqual([['sent', 1]]);
    expect((await subscriptionOf(client)).body.subscribed).toBe(true);
  });

  it('ends right when updated arrives before created', async () => {
    const { client, subscription } = await subscribedMember();
    const t = Math.floor(Date.now() / 1000);
    const created = stripe.event('customer.subscription.created', subscription, t - 5);
    stripe.updateSubscription(subscription.id, { price: 'price_space_pass_year' });
    const updated = stripe.event('customer.subscription.updated', subscription, t - 2);

    expect((await deliver(updated)).status).toBe(200);
    expect((await deliver(created)).status).toBe(200);
    expect((await subscriptionOf(client)).body).toMatchObject({
      subscribed: true,
      subscription_tier: 'The Space Pass',
      billing_period: 'year',
    });
  });

  it('ends right when deleted arrives before updated', async () => {
    const { client, id, subscription } = await subscribedMember();
    const t = Math.floor(Date.now() / 1000);
    expect((await deliver(stripe.event('customer.subscription.created', subscription, t - 10))).status).toBe(200);
    stripe.updateSubscription(subscription.id, { cancel_at_period_end: true });
    const updated = stripe.event('customer.subscription.updated', subscription, t - 5);
    stripe.updateSubscription(subscription.id, { status: 'canceled' });
    const deleted = stripe.event('customer.subscription.deleted', subscription, t - 1);

    expect((await deliver(deleted)).status).toBe(200);
    expect((await deliver(updated)).status).toBe(200);
    expect((await rowOf(id))!.status).toBe('canceled');
    expect((await subscriptionOf(client)).body).toMatchObject({
      subscribed: false,
      subscription_tier: null,
    });
  });

  it('marks the subscription past due when a renewal payment fails, and live again when one is paid', async () => {
    const { client, id, sessionId, subscription } = await subscribedMember();
    await deliver(stripe.event('checkout.session.completed', stripe.checkoutSessions.get(sessionId)!));
    const failedAt = Math.floor(Date.now() / 1000) + 1;
    expect(
      (await deliver(stripe.event('invoice.payment_failed', stripe.invoiceOf(subscription.id), failedAt))).status,
    ).toBe(200);
    expect((await rowOf(id))!.status).toBe('past_due');
    expect((await subscriptionOf(client)).body.subscribed).toBe(false);

    // The retry succeeds: Stripe's subscription is active again, with the next period.
    const nextEnd = subscription.items.data[0].current_period_end + 30 * 86_400;
    stripe.updateSubscription(subscription.id, { status: 'active', current_period_end: nextEnd });
    await new Promise((r) => setTimeout(r, 1100)); // the paid invoice's event is a later second than the failure's
    expect((await deliver(stripe.event('invoice.paid', stripe.invoiceOf(subscription.id)))).status).toBe(200);
    expect((await subscriptionOf(client)).body).toMatchObject({
      subscribed: true,
      subscription_end: new Date(nextEnd * 1000).toISOString(),
    });
  });

  it('takes an event larger than the API’s usual 32 KB body limit', async () => {
    const { client, subscription } = await subscribedMember();
    const large = stripe.event('customer.subscription.updated', subscription);
    large.data.object.description = 'x'.repeat(100 * 1024);
    expect(await deliver(large)).toEqual({ status: 200, body: { received: true } });
    expect((await subscriptionOf(client)).body.subscribed).toBe(true);
  });

  it('settles an out-of-order event once Stripe answers again, when fetching its subscription failed at first', async () => {
    const { client, id, sessionId, subscription } = await subscribedMember();
    await deliver(stripe.event('checkout.session.completed', stripe.checkoutSessions.get(sessionId)!));
    const appliedAt = (await rowOf(id))!.stateAt;
    // The member upgrades in Stripe's portal; its event carries the second our row was written in,
    // so it is not trusted to be newer: the subscription is fetched to settle it. Stripe is down.
    stripe.updateSubscription(subscription.id, { price: 'price_space_pass_year' });
    const upgrade = stripe.event('customer.subscription.updated', subscription, Math.floor(appliedAt.getTime() / 1000));
    stripe.failRequests('/v1/subscriptions');
    try {
      // Stripe is answered at once (decision 054, changing 049's 502): the event is ours to settle now.
      expect(await deliver(upgrade, undefined, { settled: false })).toEqual({ status: 200, body: { received: true } });
      const failing = await waitFor(async () => {
        const [row] = await processingRows(upgrade.id);
        return row?.lastError ? row : undefined;
      }, 'a failed attempt to settle the event');
      expect(failing.status).toBe('pending');
      expect((await ledgerRows(upgrade.id))[0]!.processedAt).toBeNull();
    } finally {
      stripe.failRequests(null);
    }
    expect((await rowOf(id))!.billingPeriod).toBe('month');

    // Stripe answers again: our worker's retry lands the upgrade, with no word from Stripe's side.
    await waitFor(async () => (await subscriptionOf(client)).body.billing_period === 'year', 'the upgrade');
    const [recorded] = await ledgerRows(upgrade.id);
    expect(recorded).toMatchObject({ refusedReason: null, payload: null });
    expect(recorded!.processedAt).toBeInstanceOf(Date);
    // A repeat from Stripe now is a duplicate.
    expect(await deliver(upgrade)).toEqual({ status: 200, body: { received: true } });
    expect(await processingRows(upgrade.id)).toHaveLength(1);
  });

  it('records a signed event it cannot read as refused, instead of failing it forever', async () => {
    const { id, subscription } = await subscribedMember();
    const broken = stripe.event('customer.subscription.updated', subscription);
    delete broken.data.object.items;
    const first = await deliver(broken);
    expect(first).toEqual({ status: 200, body: { received: true } });
    const [recorded] = await ledgerRows(broken.id);
    expect(recorded!.refusedReason).toBe('unreadable fields: data.object.items');
    expect(await rowOf(id)).toBeUndefined();
    // Stripe's retry is answered as a duplicate: nothing changes, nothing fails.
    expect(await deliver(broken)).toEqual({ status: 200, body: { received: true } });
  });

  it('reads a subscription still billed at an earlier tier’s price as The Space Pass, at its period', async () => {
    const { client, id, subscription } = await subscribedMember();
    const t = Math.floor(Date.now() / 1000);
    stripe.updateSubscription(subscription.id, { price: 'price_summit_year' });
    expect((await deliver(stripe.event('customer.subscription.updated', subscription, t))).status).toBe(200);
    expect((await subscriptionOf(client)).body).toMatchObject({
      subscribed: true,
      subscription_tier: 'The Space Pass',
      billing_period: 'year',
    });
    expect((await rowOf(id))!.planKey).toBe('space_pass');
    expect((await answer(client.api.me.plan.$get())).body).toMatchObject({ name: 'The Space Pass', basis: 'subscription' });
  });

  it('ignores events it does not handle, and events for prices outside the catalogue', async () => {
    const { id, subscription } = await subscribedMember();
    expect((await deliver(stripe.event('customer.created', { id: 'cus_x', object: 'customer' }))).status).toBe(200);
    const foreign = structuredClone(subscription);
    foreign.items.data[0].price.id = 'price_not_ours';
    expect((await deliver(stripe.event('customer.subscription.updated', foreign))).status).toBe(200);
    expect(await rowOf(id)).toBeUndefined();
  });
});

describe('cancel and update through Stripe', () => {
  async function activeMember() {
    const member = await subscribedMember();
    await deliver(stripe.event('checkout.session.completed', stripe.checkoutSessions.get(member.sessionId)!));
    return member;
  }

  it('cancels at the period end through Stripe', async () => {
    const { client, subscription } = await activeMember();
    const res = await cancel(client);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      subscribed: true,
      cancel_at_period_end: true,
      subscription_tier: 'The Space Pass',
    });
    expect(stripe.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/subscriptions/${subscription.id}`,
      params: { cancel_at_period_end: 'true' },
    });
    expect(stripe.subscriptions.get(subscription.id)!.cancel_at_period_end).toBe(true);
  });

  it('switches the price of the subscription item through Stripe, prorated', async () => {
    const { client, subscription } = await activeMember();
    const res = await update(client, { price_id: 'price_space_pass_year' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ subscription_tier: 'The Space Pass', billing_period: 'year' });
    expect(stripe.requests.at(-1)).toMatchObject({
      path: `/v1/subscriptions/${subscription.id}`,
      params: {
        items: [{ id: subscription.items.data[0].id, price: 'price_space_pass_year' }],
        proration_behavior: 'create_prorations',
      },
    });
  });

  it('lets no member change another member’s subscription, or act without one', async () => {
    const owner = await activeMember();
    const other = await newMember();
    expect((await cancel(other.client)).status).toBe(404);
    expect((await update(other.client, { plan_key: 'space_pass' })).status).toBe(404);
    // A body naming another member: cancel takes no body, so only the raw client sends one.
    expect((await other.client.post('/api/me/subscription/cancel', { user_id: owner.id })).status).toBe(404);
    expect((await rowOf(owner.id))!).toMatchObject({ cancelAtPeriodEnd: false, planKey: 'space_pass' });
    expect((await cancel(server.client())).error).toEqual({
      error: 'User must be logged in',
    });
  });

  it('checks a stale row against Stripe when the member reads their status', async () => {
    const { client, id, subscription } = await activeMember();
    // Stripe cancelled it, and the webhook never arrived.
    stripe.updateSubscription(subscription.id, { status: 'canceled' });
    expect((await subscriptionOf(client)).body.subscribed).toBe(true);
    await server.database.db
      .update(subscriptions)
      .set({ updatedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(subscriptions.userId, id));
    expect((await subscriptionOf(client)).body.subscribed).toBe(false);
  });
});
