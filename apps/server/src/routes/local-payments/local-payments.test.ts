import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LocalCardInput, SubscriptionChangePreviewInput, SubscriptionPriceInput } from '@app/shared';
import { inboundEvents, subscriptions } from '../../db/schema';
import { mailRowsTo } from '../../test-support/outbox-rows';
import { answer, type TestClient } from '../../test-support/test-client';
import { startTestServer, type TestServer } from '../../test-support/test-server';

/**
 * The local payment provider (no Stripe key, local mode): its TEST MODE
 * checkout and portal, feeding the same state machine as Stripe's webhook.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const GOOD_CARD = { card_number: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123' };
const DECLINED_CARD = { ...GOOD_CARD, card_number: '4000 0000 0000 0002' };

let counter = 0;
async function newMember(): Promise<{ client: TestClient; id: string; email: string }> {
  const client = server.client();
  const email = `local-pay-${++counter}@example.com`;
  const id = (await client.signUp(email)).body.user.id;
  return { client, id, email };
}

async function startCheckout(
  client: TestClient,
  json: SubscriptionPriceInput = { plan_key: 'space_pass', billing_period: 'year' },
) {
  const res = await answer(client.api.me.subscription.checkout.$post({ json }));
  expect(res.status).toBe(200);
  const url = new URL(res.body.url);
  expect(url.origin).toBe(server.url);
  expect(url.pathname).toMatch(/^\/test-checkout\/[0-9a-f-]{36}$/);
  return url.pathname.split('/').at(-1)!;
}

/** The local provider's checkout page, its payment, portal and resume, and the member's subscription, as the web app calls them. */
const checkout = (client: TestClient, id: string) =>
  answer(client.api['local-payments'].checkout[':id'].$get({ param: { id } }));
const pay = (client: TestClient, id: string, json: LocalCardInput) =>
  answer(client.api['local-payments'].checkout[':id'].pay.$post({ param: { id }, json }));
const portalOf = (client: TestClient) => answer(client.api['local-payments'].portal.$get());
const resume = (client: TestClient) => answer(client.api['local-payments'].portal.resume.$post());
const subscriptionOf = (client: TestClient) => answer(client.api.me.subscription.$get());
/** A plan change as the portal makes it: the preview first, then its confirmation. */
async function previewAndConfirm(client: TestClient, json: SubscriptionChangePreviewInput) {
  const preview = (await answer(client.api.me.subscription.update.preview.$post({ json }))).body;
  const { quoted_at, amount_due_today_pence, credit_today_pence } = preview;
  return answer(
    client.api.me.subscription.update.$post({
      json: { ...json, quoted_at, amount_due_today_pence, credit_today_pence },
    }),
  );
}

const rowOf = async (userId: string) =>
  (await server.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];

describe('the local checkout', () => {
  it('shows what is being bought, declines the declined card without a change, and subscribes with the good one', async () => {
    const { client, id, email } = await newMember();
    const checkoutId = await startCheckout(client);
    expect((await checkout(client, checkoutId)).body).toEqual({
      id: checkoutId,
      plan_key: 'space_pass',
      plan_name: 'The Space Pass',
      billing_period: 'year',
      amount_pence: 5750,
      email,
      paid: false,
    });

    const declined = await pay(client, checkoutId, DECLINED_CARD);
    expect(declined.status).toBe(400);
    expect(declined.error).toEqual({ error: 'Your card was declined. Try another card.' });
    expect(await rowOf(id)).toBeUndefined();
    expect((await subscriptionOf(client)).body.subscribed).toBe(false);

    const before = Date.now();
    const paid = await pay(client, checkoutId, GOOD_CARD);
    expect(paid.status).toBe(200);
    expect(paid.body.paid).toBe(true);
    const status = (await subscriptionOf(client)).body;
    expect(status).toMatchObject({
      subscribed: true,
      subscription_tier: 'The Space Pass',
      billing_period: 'year',
      cancel_at_period_end: false,
    });
    const end = new Date(status.subscription_end!).getTime();
    const yearLater = new Date(before);
    yearLater.setUTCFullYear(yearLater.getUTCFullYear() + 1);
    expect(Math.abs(end - yearLater.getTime())).toBeLessThan(60_000);
  });

  it.each([
    [{ ...GOOD_CARD, expiry: '13 / 40' }, 'expiry', 'Enter the expiry date as MM / YY'],
    [{ ...GOOD_CARD, expiry: '01 / 20' }, 'expiry', 'Your card has expired'],
    [{ ...GOOD_CARD, cvc: '12' }, 'cvc', 'Enter the 3 or 4 digit CVC'],
    [{ ...GOOD_CARD, card_number: '4242' }, 'card_number', 'Enter a valid card number'],
  ])('refuses %j with a message on %s', async (card, field, message) => {
    const { client, id } = await newMember();
    const checkoutId = await startCheckout(client);
    const res = await pay(client, checkoutId, card);
    expect(res.status).toBe(400);
    expect(res.error.fieldErrors![field]).toEqual([message]);
    expect(await rowOf(id)).toBeUndefined();
  });

  it('applies a checkout once, however many times it is paid', async () => {
    const { client, id } = await newMember();
    const checkoutId = await startCheckout(client, { plan_key: 'space_pass', billing_period: 'month' });
    const results = await Promise.all(Array.from({ length: 4 }, () => pay(client, checkoutId, GOOD_CARD)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const events = await server.database.db
      .select()
      .from(inboundEvents)
      .where(eq(inboundEvents.eventId, `local_checkout_${checkoutId}`));
    expect(events).toHaveLength(1);
    expect((await rowOf(id))!.planKey).toBe('space_pass');
    // Subscribed: a second checkout is refused rather than a second subscription made.
    expect((await answer(client.api.me.subscription.checkout.$post({ json: { plan_key: 'space_pass' } }))).status).toBe(
      409,
    );
  });

  it('keeps each checkout its member’s own', async () => {
    const owner = await newMember();
    const intruder = await newMember();
    const checkoutId = await startCheckout(owner.client);
    expect((await checkout(intruder.client, checkoutId)).body).toBeNull();
    expect((await pay(intruder.client, checkoutId, GOOD_CARD)).status).toBe(404);
    expect(await rowOf(owner.id)).toBeUndefined();
    expect(await rowOf(intruder.id)).toBeUndefined();
    expect((await pay(server.client(), checkoutId, GOOD_CARD)).status).toBe(401);
  });
});

describe('the local portal', () => {
  it('cancels at the period end, and resumes before it', async () => {
    const { client } = await newMember();
    const checkoutId = await startCheckout(client, { plan_key: 'space_pass', billing_period: 'year' });
    await pay(client, checkoutId, GOOD_CARD);
    expect((await answer(client.api.me.subscription.portal.$post())).body).toEqual({
      url: `${server.url}/test-portal`,
    });

    const portal = (await portalOf(client)).body;
    expect(portal).toMatchObject({
      plan_name: 'The Space Pass',
      billing_period: 'year',
      amount_pence: 5750,
      cancel_at_period_end: false,
    });

    const cancelled = await answer(client.api.me.subscription.cancel.$post());
    expect(cancelled.body).toMatchObject({
      subscribed: true,
      cancel_at_period_end: true,
      subscription_end: portal!.current_period_end,
    });

    expect((await resume(client)).status).toBe(204);
    expect((await subscriptionOf(client)).body).toMatchObject({
      subscribed: true,
      cancel_at_period_end: false,
      subscription_tier: 'The Space Pass',
    });
  });

  it('gives back the beta place a member took when they chose to leave, once they resume', async () => {
    const { client, id } = await newMember();
    await pay(client, await startCheckout(client, { plan_key: 'space_pass', billing_period: 'month' }), GOOD_CARD);
    // Leaving for Free Beta Access: a place is taken, the subscription cancelled at its end.
    expect((await answer(client.api.me.profile.$patch({ json: { pricing_plan: 'Free Beta Access' } }))).status).toBe(
      200,
    );
    await answer(client.api.me.subscription.cancel.$post());
    expect((await answer(client.api.me['beta-place'].$get())).body.holding).toBe(true);
    expect((await answer(client.api.me.plan.$get())).body).toMatchObject({
      name: 'The Space Pass',
      basis: 'subscription',
      renews_at: null,
      ends_at: (await rowOf(id))!.currentPeriodEnd!.toISOString(),
    });

    expect((await resume(client)).status).toBe(204);
    expect((await answer(client.api.me['beta-place'].$get())).body.holding).toBe(false);
    expect((await answer(client.api.me.profile.$get())).body.pricing_plan).toBe('The Space Pass');
    expect((await answer(client.api.me.plan.$get())).body).toMatchObject({
      name: 'The Space Pass',
      basis: 'subscription',
      ends_at: null,
    });
  });

  it('starts a new period when the billing period changes', async () => {
    const { client } = await newMember();
    const checkoutId = await startCheckout(client, { plan_key: 'space_pass', billing_period: 'month' });
    await pay(client, checkoutId, GOOD_CARD);
    const monthly = (await subscriptionOf(client)).body.subscription_end;
    const yearly = (await previewAndConfirm(client, { plan_key: 'space_pass', billing_period: 'year' })).body;
    expect(yearly.billing_period).toBe('year');
    expect(new Date(yearly.subscription_end!).getTime() - new Date(monthly!).getTime()).toBeGreaterThan(
      300 * 86_400_000,
    );
  });

  it('previews a change to yearly billing as Stripe would, and changes nothing until it is confirmed', async () => {
    const { client, id } = await newMember();
    await pay(client, await startCheckout(client, { plan_key: 'space_pass', billing_period: 'month' }), GOOD_CARD);
    const before = await rowOf(id);
    const preview = await answer(
      client.api.me.subscription.update.preview.$post({ json: { plan_key: 'space_pass', billing_period: 'year' } }),
    );
    expect(preview.status).toBe(200);
    // Paid moments ago: the whole month is unused, £5.99 set against a year at £57.50.
    expect(preview.body).toMatchObject({
      plan_name: 'The Space Pass',
      billing_period: 'year',
      price_pence: 5750,
      current_billing_period: 'month',
      current_price_pence: 599,
      amount_due_today_pence: 5750 - 599,
      credit_today_pence: 0,
    });
    expect(preview.body.lines.map((line) => line.amount_pence)).toEqual([-599, 5750]);
    const quotedAt = new Date(preview.body.quoted_at);
    expect(quotedAt.getMilliseconds()).toBe(0);
    const yearOn = new Date(quotedAt);
    yearOn.setUTCFullYear(yearOn.getUTCFullYear() + 1);
    expect(preview.body.next_billing_date).toBe(yearOn.toISOString());
    expect(await rowOf(id)).toEqual(before);

    const confirmed = await answer(
      client.api.me.subscription.update.$post({
        json: {
          plan_key: 'space_pass',
          billing_period: 'year',
          quoted_at: preview.body.quoted_at,
          amount_due_today_pence: preview.body.amount_due_today_pence,
          credit_today_pence: preview.body.credit_today_pence,
        },
      }),
    );
    expect(confirmed.body).toMatchObject({ billing_period: 'year', subscription_end: yearOn.toISOString() });
  });

  it('refuses a confirmation with amounts the preview did not show', async () => {
    const { client, id } = await newMember();
    await pay(client, await startCheckout(client, { plan_key: 'space_pass', billing_period: 'year' }), GOOD_CARD);
    const preview = (
      await answer(
        client.api.me.subscription.update.preview.$post({ json: { plan_key: 'space_pass', billing_period: 'month' } }),
      )
    ).body;
    expect(preview).toMatchObject({ amount_due_today_pence: 0, credit_today_pence: 5750 - 599 });
    const refused = await answer(
      client.api.me.subscription.update.$post({
        json: {
          plan_key: 'space_pass',
          billing_period: 'month',
          quoted_at: preview.quoted_at,
          amount_due_today_pence: 0,
          credit_today_pence: preview.credit_today_pence + 1000,
        },
      }),
    );
    expect(refused.status).toBe(409);
    expect((await rowOf(id))!.billingPeriod).toBe('year');
  });

  it('sends one receipt each when the subscription starts, changes, is cancelled and resumed', async () => {
    const { client, email } = await newMember();
    const checkoutId = await startCheckout(client, { plan_key: 'space_pass', billing_period: 'month' });
    await pay(client, checkoutId, GOOD_CARD);
    await pay(client, checkoutId, GOOD_CARD);
    await previewAndConfirm(client, { plan_key: 'space_pass', billing_period: 'year' });
    await answer(client.api.me.subscription.cancel.$post());
    await resume(client);

    const receipts = (await mailRowsTo(server.database.db, email)).filter((mail) => !/Confirm/.test(mail.subject));
    expect(receipts.map((mail) => mail.subject)).toEqual([
      'Your Calm Space subscription has started',
      'Your Calm Space plan has changed',
      'Your Calm Space subscription is cancelled',
      'Your Calm Space subscription will carry on',
    ]);
    expect(receipts[0]!.text).toContain('Plan: The Space Pass, billed monthly.');
    expect(receipts[1]!.text).toContain('Charged today: £51.51.');
    expect(receipts[1]!.text).toContain('Next payment: £57.50 a year on');
  });

  it('has nothing to show or resume without a subscription', async () => {
    const { client } = await newMember();
    expect((await portalOf(client)).body).toBeNull();
    expect((await resume(client)).status).toBe(404);
  });
});
