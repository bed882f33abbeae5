import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { DeletedCountDto, LocalMail, LocalSubscriptionDto } from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { subscriptions, users } from '../../db/schema';
import { routeAccess } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { listMailbox } from '../../lib/mail/local-mailbox';
import { devWhatsAppRoutes } from './dev-whatsapp.routes';

// The earlier tiers too: tests give an account a row as an old subscription left it (decision 065).
const PAID_PLAN_KEYS = ['space_pass', 'relief_plan', 'starter', 'growth', 'summit'] as const;
const email = z.string().trim().toLowerCase().pipe(z.email('Invalid email address'));
const subscriptionBody = z
  .object({
    email,
    plan_key: z.enum(PAID_PLAN_KEYS, `plan_key must be one of ${PAID_PLAN_KEYS.join(', ')}`),
    current_period_end: z.iso.datetime({ offset: true, message: 'current_period_end must be an ISO date-time' }),
  })
  .strict();
const emailParam = z.object({ email });

/**
 * Local mode only (never mounted in production): the local mailbox, and a way
 * for end-to-end tests to give an account a live subscription without a payment
 * provider (provider 'local'), or take it away again; the /dev/whatsapp phone
 * (dev-whatsapp.routes.ts).
 */
export function devRoutes(deps: AppDeps) {
  const { db } = deps;
  const access = routeAccess(deps);
  const accountId = async (address: string) =>
    (await db.select({ id: users.id }).from(users).where(eq(users.email, address)))[0]?.id;

  return new Hono<AppEnv>()
    .get('/mailbox', access.localOnly, async (c) => {
      const body: LocalMail[] = await listMailbox(db);
      return c.json(body);
    })
    .put('/subscriptions', access.localOnly, validate('json', subscriptionBody), async (c) => {
      const input = c.req.valid('json');
      const userId = await accountId(input.email);
      if (!userId) return c.json({ error: 'No account with that email' }, 404);
      const values = {
        provider: 'local' as const,
        providerCustomerId: null,
        providerSubscriptionId: null,
        planKey: input.plan_key,
        status: 'active',
        currentPeriodEnd: new Date(input.current_period_end),
        cancelAtPeriodEnd: false,
      };
      const [row] = await db
        .insert(subscriptions)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: subscriptions.userId, set: { ...values, updatedAt: sql`now()` } })
        .returning();
      const body: LocalSubscriptionDto = {
        email: input.email,
        plan_key: row!.planKey,
        status: row!.status,
        current_period_end: row!.currentPeriodEnd!.toISOString(),
      };
      return c.json(body);
    })
    .delete('/subscriptions/:email', access.localOnly, validate('param', emailParam), async (c) => {
      const userId = await accountId(c.req.valid('param').email);
      if (!userId) return c.json({ error: 'No account with that email' }, 404);
      const removed = await db.delete(subscriptions).where(eq(subscriptions.userId, userId)).returning();
      const body: DeletedCountDto = { deleted: removed.length };
      return c.json(body);
    })
    .route('/whatsapp', devWhatsAppRoutes(deps));
}
