import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { inboundEvents, outbox, paymentCustomers, subscriptions } from '../../db/schema';
import { DEFAULT_OUTBOX_SETTINGS } from '../../lib/outbox/worker';
import { startFakeStripeServer, type FakeStripeServer } from '../../test-support/fakes/fake-stripe-server';
import type { SubscriptionChangePreviewInput, SubscriptionPriceInput } from '@app/shared';
import { mailRowsTo } from '../../test-support/outbox-rows';
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

/** The catalogue's prices, as they would be set up in Stripe. */
const AMOUNTS = {
  price_space_pass_month: 599,
  price_space_pass_year: 5750,
  price_starter_month: 599,
  price_starter_year: 5750,
  price_growth_month: 1299,
  price_growth_year: 12470,
  price_summit_month: 2499,
  price_summit_year: 23990,
};

let stripe: FakeStripeServer;
let server: TestServer;

beforeAll(async () => {
  stripe = await startFakeStripeServer({
    prices: Object.fromEntries(Object.values(PRICES).map((id) => [id, id.endsWith('year') ? 'year' : 'month'])),
    amounts: AMOUNTS,
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
const preview = (client: TestClient, json: SubscriptionChangePreviewInput) =>
  answer(client.api.me.subscription.update.preview.$post({ json }));
/** A change as the member makes it: the preview, then its confirmation with what it showed. */
async function update(client: TestClient, json: SubscriptionChangePreviewInput) {
  const shown = await preview(client, json);
  if (shown.status !== 200) return shown;
  const { quoted_at, amount_due_today_pence, credit_today_pence } = shown.body;
  return answer(
    client.api.me.subscription.update.$post({
      json: { ...json, quoted_at, amount_due_today_pence, credit_today_pence },
    }),
  );
}

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
    // The ledger row is marked processed after the upgrade is applied: wait for the row itself.
    const recorded = await waitFor(async () => {
      const [row] = await ledgerRows(upgrade.id);
      return row?.processedAt ? row : undefined;
    }, 'the event settled');
    expect(recorded).toMatchObject({ refusedReason: null, payload: null });
    expect(recorded.processedAt).toBeInstanceOf(Date);
    expect((await subscriptionOf(client)).body.billing_period).toBe('year');
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

  it('switches the price of the subscription item through Stripe, prorated as of the preview it confirms', async () => {
    const { client, subscription } = await activeMember();
    const shown = await preview(client, { plan_key: 'space_pass', billing_period: 'year' });
    const { quoted_at, amount_due_today_pence, credit_today_pence } = shown.body;
    const res = await answer(
      client.api.me.subscription.update.$post({
        json: { plan_key: 'space_pass', billing_period: 'year', quoted_at, amount_due_today_pence, credit_today_pence },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ subscription_tier: 'The Space Pass', billing_period: 'year' });
    expect(stripe.requests.at(-1)).toMatchObject({
      path: `/v1/subscriptions/${subscription.id}`,
      params: {
        items: [{ id: subscription.items.data[0].id, price: 'price_space_pass_year' }],
        proration_behavior: 'always_invoice',
        payment_behavior: 'pending_if_incomplete',
        proration_date: String(Math.floor(new Date(shown.body.quoted_at).getTime() / 1000)),
      },
    });
  });

  it('lets no member change another member’s subscription, or act without one', async () => {
    const owner = await activeMember();
    const other = await newMember();
    expect((await cancel(other.client)).status).toBe(404);
    expect((await update(other.client, { plan_key: 'space_pass', billing_period: 'year' })).status).toBe(404);
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

describe('a change previewed with Stripe, then confirmed', () => {
  async function activeMember() {
    const member = await subscribedMember();
    await deliver(stripe.event('checkout.session.completed', stripe.checkoutSessions.get(member.sessionId)!));
    return member;
  }
  const secondsOf = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

  it('shows the new price and what is charged today from Stripe’s invoice preview, and changes nothing', async () => {
    const { client, id, subscription } = await activeMember();
    const before = await rowOf(id);
    const yearly = await preview(client, { plan_key: 'space_pass', billing_period: 'year' });
    expect(yearly.status).toBe(200);
    const quotedAt = secondsOf(yearly.body.quoted_at);
    expect(stripe.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/invoices/create_preview',
      params: {
        subscription: subscription.id,
        subscription_details: {
          items: [{ id: subscription.items.data[0].id, price: 'price_space_pass_year' }],
          proration_behavior: 'always_invoice',
          proration_date: String(quotedAt),
        },
      },
    });
    // A month was paid moments ago: its unused time is all of it, £5.99, set against a year.
    expect(yearly.body).toMatchObject({
      plan_name: 'The Space Pass',
      billing_period: 'year',
      price_pence: 5750,
      current_plan_name: 'The Space Pass',
      current_billing_period: 'month',
      current_price_pence: 599,
      amount_due_today_pence: 5750 - 599,
      credit_today_pence: 0,
    });
    expect(yearly.body.lines.map((line) => line.amount_pence)).toEqual([-599, 5750]);
    expect(secondsOf(yearly.body.next_billing_date)).toBe(quotedAt + 12 * 30 * 86_400); // the fake's year

    expect(await rowOf(id)).toEqual(before);
    expect(stripe.subscriptions.get(subscription.id)!.items.data[0].price.id).toBe('price_space_pass_month');
    expect(
      stripe.requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subscription.id}`),
    ).toEqual([]);
  });

  it('refuses a confirmation without a preview, with an expired one, or with other amounts, and tells Stripe nothing', async () => {
    const { client, id, subscription } = await activeMember();
    const change = { plan_key: 'space_pass', billing_period: 'year' } as const;
    const shown = (await preview(client, change)).body;
    const confirm = (json: Record<string, unknown>) => client.post('/api/me/subscription/update', json);

    const unpreviewed = await confirm(change);
    expect(unpreviewed.status).toBe(400);
    expect(unpreviewed.body).toMatchObject({
      fieldErrors: { quoted_at: ['Please review the change and its price before confirming it.'] },
    });
    const agreed = {
      ...change,
      quoted_at: shown.quoted_at,
      amount_due_today_pence: shown.amount_due_today_pence,
      credit_today_pence: shown.credit_today_pence,
    };
    const old = await confirm({ ...agreed, quoted_at: new Date(Date.now() - 31 * 60_000).toISOString() });
    expect(old).toMatchObject({ status: 409, body: { error: expect.stringContaining('more than 30 minutes old') } });
    const future = await confirm({ ...agreed, quoted_at: new Date(Date.now() + 60_000).toISOString() });
    expect(future.status).toBe(409);
    const cheaper = await confirm({ ...agreed, amount_due_today_pence: shown.amount_due_today_pence - 100 });
    expect(cheaper).toMatchObject({
      status: 409,
      body: { error: expect.stringContaining('no longer what you saw') },
    });
    const same = await confirm({ ...agreed, plan_key: 'space_pass', billing_period: 'month' });
    expect(same).toMatchObject({ status: 409, body: { error: 'You are already on this plan and billing period.' } });

    expect((await rowOf(id))!.planKey).toBe('space_pass');
    expect(stripe.subscriptions.get(subscription.id)!.items.data[0].price.id).toBe('price_space_pass_month');
    expect(
      stripe.requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subscription.id}`),
    ).toEqual([]);
  });
});

describe('a change whose payment is declined', () => {
  it('leaves the plan as it was, sends no receipt, and says why', async () => {
    const { client, id, email, sessionId, subscription } = await subscribedMember();
    await deliver(stripe.event('checkout.session.completed', stripe.checkoutSessions.get(sessionId)!));
    stripe.declineCard(true);
    try {
      const res = await update(client, { plan_key: 'space_pass', billing_period: 'year' });
      expect(res).toMatchObject({ status: 409, body: { error: expect.stringContaining('did not go through') } });
    } finally {
      stripe.declineCard(false);
    }
    expect(stripe.requests.at(-1)).toMatchObject({
      path: `/v1/subscriptions/${subscription.id}`,
      params: { payment_behavior: 'pending_if_incomplete' },
    });
    expect((await rowOf(id))!).toMatchObject({ planKey: 'space_pass', billingPeriod: 'month' });
    const subjects = (await mailRowsTo(server.database.db, email)).map((mail) => mail.subject);
    expect(subjects.filter((subject) => /changed/.test(subject))).toEqual([]);
  });
});

describe('receipts for Stripe subscriptions', () => {
  const RECEIPT = /has started|has renewed|plan has changed|is cancelled|will carry on/;
  const receiptsTo = async (email: string) =>
    (await mailRowsTo(server.database.db, email)).filter((mail) => RECEIPT.test(mail.subject));
  const today = () =>
    new Date().toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

  it('sends one receipt when the subscription starts, however often and in whatever order Stripe reports it', async () => {
    const { email, sessionId, subscription } = await subscribedMember();
    const t = Math.floor(Date.now() / 1000);
    const created = stripe.event('customer.subscription.created', subscription, t - 2);
    const completed = stripe.event('checkout.session.completed', stripe.checkoutSessions.get(sessionId)!, t - 1);
    await deliver(completed);
    await deliver(completed);
    await deliver(created); // older than the row: settled with Stripe's current state, which is no news
    await deliver(created);
    await deliver(stripe.event('invoice.paid', stripe.invoiceOf(subscription.id), t));

    const receipts = await receiptsTo(email);
    expect(receipts.map((mail) => mail.subject)).toEqual(['Your Calm Space subscription has started']);
    expect(receipts[0]!.text).toContain('Plan: The Space Pass, billed monthly.');
    expect(receipts[0]!.text).toContain(`Paid on ${today()}: £5.99.`);
    expect(receipts[0]!.text).not.toMatch(/card|4242|sub_|cus_/i);
  });

  it('tells a change once when its update arrives before the subscription’s creation', async () => {
    const { email, subscription } = await subscribedMember();
    const t = Math.floor(Date.now() / 1000);
    const created = stripe.event('customer.subscription.created', subscription, t - 5);
    stripe.updateSubscription(subscription.id, { price: 'price_space_pass_year' });
    const updated = stripe.event('customer.subscription.updated', subscription, t - 2);
    await deliver(updated);
    await deliver(created);
    await deliver(updated);

    const receipts = await receiptsTo(email);
    expect(receipts.map((mail) => mail.subject)).toEqual(['Your Calm Space subscription has started']);
    expect(receipts[0]!.text).toContain('Plan: The Space Pass, billed yearly.');
  });

  it('sends one receipt each for a confirmed change, a cancellation and a renewal, with their amounts and dates', async () => {
    const { client, email, sessionId, subscription } = await subscribedMember();
    await deliver(stripe.event('checkout.session.completed', stripe.checkoutSessions.get(sessionId)!));

    // The change the member confirmed: its receipt says what the preview said; Stripe's own event adds none.
    const changed = await update(client, { plan_key: 'space_pass', billing_period: 'year' });
    expect(changed.status).toBe(200);
    const changeEvent = stripe.event('customer.subscription.updated', subscription);
    await deliver(changeEvent);
    await deliver(changeEvent);

    // Cancelled in Stripe's portal: told once, with the last day.
    stripe.updateSubscription(subscription.id, { cancel_at_period_end: true });
    const cancelEvent = stripe.event('customer.subscription.updated', stripe.subscriptions.get(subscription.id)!);
    await deliver(cancelEvent);
    await deliver(cancelEvent);

    // Resumed, then renewed a year on.
    stripe.updateSubscription(subscription.id, { cancel_at_period_end: false });
    await deliver(stripe.event('customer.subscription.updated', stripe.subscriptions.get(subscription.id)!));
    const item = stripe.subscriptions.get(subscription.id)!.items.data[0];
    stripe.updateSubscription(subscription.id, { current_period_end: item.current_period_end + 12 * 30 * 86_400 });
    const renewal = stripe.event('invoice.paid', stripe.invoiceOf(subscription.id));
    await deliver(renewal);
    await deliver(renewal);

    const receipts = await receiptsTo(email);
    expect(receipts.map((mail) => mail.subject)).toEqual([
      'Your Calm Space subscription has started',
      'Your Calm Space plan has changed',
      'Your Calm Space subscription is cancelled',
      'Your Calm Space subscription will carry on',
      'Your Calm Space subscription has renewed',
    ]);
    const [, change, cancelled, , renewed] = receipts;
    expect(change!.text).toContain('from The Space Pass, billed monthly, to The Space Pass, billed yearly');
    expect(change!.text).toContain(`Charged today: £${((5750 - 599) / 100).toFixed(2)}.`);
    expect(cancelled!.text).toContain('Nothing more will be charged.');
    expect(renewed!.text).toContain(`Paid on ${today()}: £57.50.`);
  });
});
