import Stripe from 'stripe';
import { FakeService } from './fake-service';
import { startHttpFake, type HttpAnswer } from './http-fake';

/**
 * A local stand-in for api.stripe.com speaking Stripe's REST protocol for the
 * calls the app makes: form-encoded bodies (`a[b][0][c]=…`), Bearer secret
 * key, Idempotency-Key on creates, JSON objects shaped as Stripe's (API
 * version 2026: the period end lives on the subscription item). The SDK is
 * pointed at it with its host/port/protocol options; no network is used.
 *
 * Tests also drive "Stripe's side": complete a checkout, change a
 * subscription, and build the webhook events Stripe would send, signed with
 * the SDK's own test header. Recording, scripted answers and faults are the
 * FakeService's (`service`); this file is Stripe's behaviour only.
 */

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

export interface RecordedRequest {
  method: string;
  path: string;
  params: FormObject;
  idempotencyKey: string | undefined;
}

type StripeObject = Record<string, any>;

export interface FakeStripeServer {
  host: '127.0.0.1';
  port: number;
  protocol: 'http';
  secretKey: string;
  webhookSecret: string;
  /** Every API call received, in order. */
  requests: RecordedRequest[];
  /** The recording, scripts and faults behind this fake (fake-service.ts). */
  service: FakeService<RecordedRequest, HttpAnswer>;
  customers: Map<string, StripeObject>;
  checkoutSessions: Map<string, StripeObject>;
  subscriptions: Map<string, StripeObject>;
  /** Stripe's side of a paid checkout: makes the subscription it bought (status active). */
  completeCheckout(sessionId: string): StripeObject;
  /** Stripe's side of a change (a portal switch, a cancellation, an end): returns the subscription. */
  updateSubscription(
    id: string,
    changes: { status?: string; cancel_at_period_end?: boolean; price?: string; current_period_end?: number },
  ): StripeObject;
  /** A webhook event as Stripe sends it, about a copy of `object` as it is now. */
  event(type: string, object: StripeObject, createdSeconds?: number): StripeObject;
  /**
   * The customer's card declines from now on (until called with false): an
   * update with payment_behavior pending_if_incomplete is then left pending, as
   * Stripe leaves it when its invoice cannot be paid, and the subscription stays as it was.
   */
  declineCard(declines: boolean): void;
  /** An invoice of the subscription (for invoice.paid and invoice.payment_failed). */
  invoiceOf(subscriptionId: string): StripeObject;
  /**
   * Stripe failing: every call whose path starts with `pathPrefix` answers 500
   * (api_error, "do not retry", so the SDK gives up at once) until called with null.
   */
  failRequests(pathPrefix: string | null): void;
  /** The Stripe-Signature header for a payload, as Stripe would sign it with the endpoint secret. */
  sign(payload: string, secret?: string): string;
  close(): Promise<void>;
}

/** Parses `a[b][0][c]=v` form bodies into nested objects and arrays, as Stripe does. */
export function parseStripeForm(body: string): FormObject {
  const root: FormObject = {};
  for (const [fullKey, value] of new URLSearchParams(body)) {
    const keys = fullKey.replace(/\]/g, '').split('[');
    let node: any = root;
    keys.forEach((key, i) => {
      const last = i === keys.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(keys[i + 1]!);
      if (last) node[key] = value;
      else node = node[key] ??= nextIsIndex ? [] : {};
    });
  }
  return root;
}

const now = () => Math.floor(Date.now() / 1000);
const MONTH = 30 * 86_400;

export async function startFakeStripeServer(
  options: {
    prices?: Record<string, 'month' | 'year'>;
    /** Each price's unit amount in pence, for invoice previews (0 when not given). */
    amounts?: Record<string, number>;
  } = {},
): Promise<FakeStripeServer> {
  const secretKey = 'sk_test_fake_stripe_for_tests';
  const webhookSecret = 'whsec_fake_stripe_for_tests';
  const prices = options.prices ?? {};
  const service = new FakeService<RecordedRequest, HttpAnswer>();
  const customers = new Map<string, StripeObject>();
  const checkoutSessions = new Map<string, StripeObject>();
  const subscriptions = new Map<string, StripeObject>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  let counter = 0;
  let cardDeclines = false;
  const newId = (prefix: string) => `${prefix}_fake${(++counter).toString().padStart(6, '0')}`;
  const signer = new Stripe(secretKey);

  const interval = (price: string) => prices[price] ?? 'month';
  const periodEnd = (price: string, from: number) => from + (interval(price) === 'year' ? 12 * MONTH : MONTH);
  const amount = (price: string) => options.amounts?.[price] ?? 0;
  const priceObject = (id: string) => ({
    id,
    object: 'price',
    currency: 'gbp',
    unit_amount: amount(id),
    recurring: { interval: interval(id), interval_count: 1 },
  });

  /**
   * Stripe's preview of a price change invoiced at once (always_invoice,
   * classic billing mode): the unused time of the current price credited to
   * the second, then either the full new price for a new period (the interval
   * changed, so the billing cycle restarts) or the new price for the time
   * left. Each line rounded to the smallest unit, as Stripe does.
   */
  function previewChange(params: FormObject): { status: number; body: unknown } {
    const subscription = subscriptions.get(params.subscription as string);
    if (!subscription) {
      return error(400, 'invalid_request_error', `No such subscription: '${params.subscription}'`, 'subscription');
    }
    const details = (params.subscription_details ?? {}) as FormObject;
    const items = (details.items ?? []) as FormObject[];
    const item = subscription.items.data[0];
    if (items[0]?.id !== item.id) {
      return error(400, 'invalid_request_error', `No such subscription item: '${items[0]?.id}'`, 'items');
    }
    const price = items[0]!.price as string;
    if (!(price in prices)) return error(400, 'invalid_request_error', `No such price: '${price}'`, 'items');
    const start: number = item.current_period_start;
    const end: number = item.current_period_end;
    const at = details.proration_date ? Number(details.proration_date) : now();
    if (at < start || at > end) {
      return error(
        400,
        'invalid_request_error',
        'The proration date must be within the current subscription period.',
        'subscription_details[proration_date]',
      );
    }
    const share = (end - at) / (end - start);
    const line = (
      description: string,
      amountPence: number,
      period: { start: number; end: number },
      proration: boolean,
    ) => ({
      id: newId('il'),
      object: 'line_item',
      amount: amountPence,
      currency: 'gbp',
      description,
      period,
      parent: {
        type: 'subscription_item_details',
        subscription_item_details: { proration, subscription: subscription.id },
      },
    });
    const old = item.price.id as string;
    const lines = [line(`Unused time on ${old}`, -Math.round(amount(old) * share), { start: at, end }, true)];
    if (interval(price) !== interval(old)) {
      lines.push(line(`1 × ${price}`, amount(price), { start: at, end: periodEnd(price, at) }, false));
    } else {
      lines.push(line(`Remaining time on ${price}`, Math.round(amount(price) * share), { start: at, end }, true));
    }
    const total = lines.reduce((sum, l) => sum + l.amount, 0);
    return {
      status: 200,
      body: {
        id: newId('upcoming_in'),
        object: 'invoice',
        customer: subscription.customer,
        currency: 'gbp',
        subtotal: total,
        total,
        starting_balance: 0,
        amount_due: Math.max(total, 0),
        lines: { object: 'list', data: lines, has_more: false, url: '/v1/invoices/upcoming/lines' },
      },
    };
  }

  function makeSubscription(customer: string, price: string, metadata: Record<string, string>): StripeObject {
    const id = newId('sub');
    const start = now();
    const subscription = {
      id,
      object: 'subscription',
      customer,
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      created: start,
      metadata,
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            price: priceObject(price),
            quantity: 1,
            current_period_start: start,
            current_period_end: periodEnd(price, start),
          },
        ],
      },
    };
    subscriptions.set(id, subscription);
    return subscription;
  }

  function updateSubscription(id: string, changes: Parameters<FakeStripeServer['updateSubscription']>[1]) {
    const subscription = subscriptions.get(id);
    if (!subscription) throw new Error(`no subscription ${id}`);
    const item = subscription.items.data[0];
    if (changes.price) {
      const intervalChanged = interval(changes.price) !== item.price.recurring.interval;
      item.price = priceObject(changes.price);
      // A new interval starts a new billing period, as Stripe does.
      if (intervalChanged) {
        item.current_period_start = now();
        item.current_period_end = periodEnd(changes.price, now());
      }
    }
    if (changes.cancel_at_period_end !== undefined) {
      subscription.cancel_at_period_end = changes.cancel_at_period_end;
      subscription.cancel_at = changes.cancel_at_period_end ? item.current_period_end : null;
    }
    if (changes.current_period_end !== undefined) item.current_period_end = changes.current_period_end;
    if (changes.status) {
      subscription.status = changes.status;
      if (changes.status === 'canceled') subscription.canceled_at = now();
    }
    return subscription;
  }

  const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value));
  const error = (status: number, type: string, message: string, param?: string) => ({
    status,
    body: { error: { type, message, ...(param && { param }) } },
  });

  function route(method: string, path: string, params: FormObject): { status: number; body: unknown } {
    let match: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: newId('cus'),
        object: 'customer',
        email: params.email ?? null,
        name: params.name ?? null,
        metadata: params.metadata ?? {},
        created: now(),
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const customer = params.customer as string | undefined;
      if (customer && !customers.has(customer))
        return error(400, 'invalid_request_error', `No such customer: '${customer}'`, 'customer');
      const items = (params.line_items as FormObject[] | undefined) ?? [];
      const price = items[0]?.price as string | undefined;
      if (!price || !(price in prices))
        return error(400, 'invalid_request_error', `No such price: '${price}'`, 'line_items[0][price]');
      const id = newId('cs_test');
      const session = {
        id,
        object: 'checkout.session',
        mode: params.mode,
        customer: customer ?? null,
        client_reference_id: params.client_reference_id ?? null,
        metadata: params.metadata ?? {},
        subscription_data: params.subscription_data ?? {},
        line_items_price: price,
        status: 'open',
        payment_status: 'unpaid',
        subscription: null,
        success_url: params.success_url,
        cancel_url: params.cancel_url,
        url: `https://checkout.stripe.com/c/pay/${id}`,
        created: now(),
      };
      checkoutSessions.set(id, session);
      return { status: 200, body: session };
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = params.customer as string | undefined;
      if (!customer || !customers.has(customer))
        return error(400, 'invalid_request_error', `No such customer: '${customer}'`, 'customer');
      const id = newId('bps');
      return {
        status: 200,
        body: {
          id,
          object: 'billing_portal.session',
          customer,
          return_url: params.return_url,
          url: `https://billing.stripe.com/p/session/${id}`,
        },
      };
    }
    if (method === 'POST' && path === '/v1/invoices/create_preview') return previewChange(params);
    if ((match = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path))) {
      const subscription = subscriptions.get(match[1]!);
      if (!subscription) return error(404, 'invalid_request_error', `No such subscription: '${match[1]}'`, 'id');
      if (method === 'GET') return { status: 200, body: subscription };
      if (method === 'POST') {
        const items = (params.items as FormObject[] | undefined) ?? [];
        if (items[0] && items[0].id !== subscription.items.data[0].id) {
          return error(400, 'invalid_request_error', `No such subscription item: '${items[0].id}'`, 'items[0][id]');
        }
        const price = items[0]?.price as string | undefined;
        if (price && !(price in prices))
          return error(400, 'invalid_request_error', `No such price: '${price}'`, 'items[0][price]');
        const cancel = params.cancel_at_period_end as string | undefined;
        if (price && cardDeclines && params.payment_behavior === 'pending_if_incomplete') {
          return {
            status: 200,
            body: {
              ...subscription,
              pending_update: { expires_at: now() + 23 * 3600, subscription_items: [{ ...items[0], price }] },
            },
          };
        }
        return {
          status: 200,
          body: updateSubscription(subscription.id, {
            ...(price && { price }),
            ...(cancel !== undefined && { cancel_at_period_end: cancel === 'true' }),
          }),
        };
      }
    }
    return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  const http = await startHttpFake(service, {
    record: (req) => ({
      method: req.method,
      path: req.path,
      params: parseStripeForm(req.method === 'GET' ? req.query.toString() : req.body.toString('utf8')),
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
    }),
    answer: (req, { method, path, params, idempotencyKey }) => {
      let answer: { status: number; body: unknown };
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        answer = error(401, 'invalid_request_error', 'Invalid API Key provided');
      } else if (idempotencyKey && idempotent.has(`${path} ${idempotencyKey}`)) {
        answer = idempotent.get(`${path} ${idempotencyKey}`)!;
      } else {
        answer = route(method, path, params);
        if (idempotencyKey && method === 'POST') idempotent.set(`${path} ${idempotencyKey}`, answer);
      }
      return { ...answer, headers: { 'request-id': newId('req') } };
    },
  });
  let failing: string | null = null;

  return {
    host: '127.0.0.1',
    port: http.port,
    protocol: 'http',
    secretKey,
    webhookSecret,
    get requests() {
      return service.requests;
    },
    service,
    customers,
    checkoutSessions,
    subscriptions,
    completeCheckout(sessionId) {
      const session = checkoutSessions.get(sessionId);
      if (!session) throw new Error(`no checkout session ${sessionId}`);
      const metadata = (session.subscription_data?.metadata ?? {}) as Record<string, string>;
      const subscription = makeSubscription(session.customer, session.line_items_price, metadata);
      Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscription.id });
      return subscription;
    },
    updateSubscription,
    declineCard(declines) {
      cardDeclines = declines;
    },
    failRequests(pathPrefix) {
      if (failing !== null) service.reset(failing);
      failing = pathPrefix === null ? null : `* ${pathPrefix}*`;
      if (failing !== null) {
        service.fail(failing, {
          status: 500,
          headers: { 'stripe-should-retry': 'false' },
          body: { error: { type: 'api_error', message: 'Stripe is having a bad day' } },
        });
      }
    },
    event(type, object, createdSeconds = now()) {
      return {
        id: newId('evt'),
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: createdSeconds,
        livemode: false,
        pending_webhooks: 1,
        type,
        data: { object: copy(object) },
      };
    },
    invoiceOf(subscriptionId) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
      return {
        id: newId('in'),
        object: 'invoice',
        customer: subscription.customer,
        parent: {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { subscription: subscriptionId, metadata: subscription.metadata },
        },
      };
    },
    sign(payload, secret = webhookSecret) {
      return signer.webhooks.generateTestHeaderString({ payload, secret });
    },
    close: () => http.close(),
  };
}
