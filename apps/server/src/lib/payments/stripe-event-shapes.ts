import { z } from 'zod';

/**
 * The fields of Stripe's events that the webhook reads, per event type. A
 * signed event is Stripe's, but its body may still lack a field we rely on (an
 * API version change, an object built by hand in the dashboard): reading it
 * blindly threw a TypeError, a 500, and Stripe retried it for days. An event
 * that does not match is refused once and recorded (decision 049).
 */
const idOrObject = z.union([z.string(), z.object({ id: z.string() })]);
const metadata = z.record(z.string(), z.string()).nullish();

const subscription = z.object({
  id: z.string(),
  customer: idOrObject.nullish(),
  status: z.string(),
  cancel_at_period_end: z.boolean(),
  metadata,
  items: z.object({
    data: z.array(z.object({ price: z.object({ id: z.string() }), current_period_end: z.number() })).min(1),
  }),
});

const checkoutSession = z.object({
  mode: z.string(),
  subscription: idOrObject.nullish(),
  client_reference_id: z.string().nullish(),
  customer: idOrObject.nullish(),
  metadata,
});

const invoice = z.object({
  customer: idOrObject.nullish(),
  parent: z
    .object({
      subscription_details: z.object({ subscription: idOrObject.nullish(), metadata }).nullish(),
    })
    .nullish(),
});

const OBJECT_SHAPES: Record<string, z.ZodType> = {
  'checkout.session.completed': checkoutSession,
  'customer.subscription.created': subscription,
  'customer.subscription.updated': subscription,
  'customer.subscription.deleted': subscription,
  'invoice.paid': invoice,
  'invoice.payment_failed': invoice,
};

const envelope = z.object({ id: z.string().min(1), type: z.string(), created: z.number() });

/** Why a handled event cannot be read: the paths of the fields that are missing or wrong, never their values. */
export function unreadableEventReason(event: unknown): string | undefined {
  const head = envelope.safeParse(event);
  if (!head.success) return describe(head.error);
  const shape = OBJECT_SHAPES[head.data.type];
  if (!shape) return undefined;
  const object = shape.safeParse((event as { data?: { object?: unknown } }).data?.object);
  return object.success ? undefined : describe(object.error, 'data.object.');
}

function describe(error: z.ZodError, prefix = ''): string {
  const paths = error.issues.map((issue) => `${prefix}${issue.path.join('.') || '(root)'}`);
  return `unreadable fields: ${[...new Set(paths)].join(', ')}`;
}
