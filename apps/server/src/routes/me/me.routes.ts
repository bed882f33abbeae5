import { and, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { findPlanByName, profileUpdateSchema } from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { coachingTones, focusAreas, profiles } from '../../db/schema';
import { requireUser } from '../../middleware/auth-guards';
import { validate } from '../../middleware/validate';
import { activeSubscriptionOf } from '../../lib/subscriptions';
import { toProfileDto } from './profile-dto';

/** The signed-in member's own data; every query is filtered by the session's user id. */
export function meRoutes({ db, auth }: AppDeps) {
  // Read on every page of the member area: prepared once, planned once per connection.
  const profileById = db
    .select()
    .from(profiles)
    .where(eq(profiles.id, sql.placeholder('id')))
    .prepare('calm_profile_by_id');
  return new Hono<AppEnv>()
    .use(requireUser(auth, db))
    .get('/roles', (c) => c.json({ roles: c.get('roles') }))
    .get('/profile', async (c) => {
      const [row] = await profileById.execute({ id: c.get('user').id });
      if (!row) return c.json({ error: 'Profile not found' }, 404);
      return c.json({ profile: toProfileDto(row) });
    })
    .patch('/profile', validate('json', profileUpdateSchema), async (c) => {
      const userId = c.get('user').id;
      const input = c.req.valid('json');
      const fieldErrors: Record<string, string[]> = {};

      if (input.focus_area_id) {
        const [area] = await db
          .select({ id: focusAreas.id })
          .from(focusAreas)
          .where(and(eq(focusAreas.id, input.focus_area_id), eq(focusAreas.isActive, true)));
        if (!area) fieldErrors.focus_area_id = ['Unknown focus area'];
      }
      if (input.coaching_tone_id) {
        const [tone] = await db
          .select({ id: coachingTones.id })
          .from(coachingTones)
          .where(and(eq(coachingTones.id, input.coaching_tone_id), eq(coachingTones.isActive, true)));
        if (!tone) fieldErrors.coaching_tone_id = ['Unknown coaching tone'];
      }
      if (input.pricing_plan !== undefined) {
        const plan = findPlanByName(input.pricing_plan);
        if (plan && !plan.free) {
          // A paid plan only when the member's own live subscription pays for it.
          const sub = await activeSubscriptionOf(db, userId);
          if (sub?.planKey !== plan.key) fieldErrors.pricing_plan = ['A paid plan needs an active subscription to it'];
        }
      }
      if (Object.keys(fieldErrors).length) return c.json({ error: 'Invalid input', fieldErrors }, 400);

      const [row] = await db
        .update(profiles)
        .set({
          ...(input.full_name !== undefined && { fullName: input.full_name }),
          ...(input.focus_area_id !== undefined && { focusAreaId: input.focus_area_id }),
          ...(input.coaching_tone_id !== undefined && { coachingToneId: input.coaching_tone_id }),
          ...(input.pricing_plan !== undefined && { pricingPlan: input.pricing_plan }),
          updatedAt: new Date(),
        })
        .where(eq(profiles.id, userId))
        .returning();
      if (!row) return c.json({ error: 'Profile not found' }, 404);
      return c.json({ profile: toProfileDto(row) });
    });
}
