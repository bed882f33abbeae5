import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { joinOptions, trackerFeedbackSchema, type TrackerFeedbackDto } from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { userTrackerFeedback } from '../../db/schema';
import { routeAccess } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { toTrackerFeedbackDto } from '../../lib/content/tracker-feedback-dto';

/** A ticked option counts once, however often it was sent. */
const unique = (values: readonly string[]) => [...new Set(values)];

/** The signed-in member's tracker-feedback answer (docs/product.md#reflections-and-prompts): one row per member, editable. */
export function trackerFeedbackRoutes(deps: AppDeps) {
  const { db } = deps;
  const access = routeAccess(deps);
  return new Hono<AppEnv>()
    .get('/', access.member, async (c) => {
      const [row] = await db
        .select()
        .from(userTrackerFeedback)
        .where(eq(userTrackerFeedback.userId, c.get('user').id));
      const body: TrackerFeedbackDto | null = row ? toTrackerFeedbackDto(row) : null;
      return c.json(body);
    })
    .put('/', access.member, validate('json', trackerFeedbackSchema), async (c) => {
      const input = c.req.valid('json');
      const values = {
        tracking: input.tracking,
        projectManagementTools: joinOptions(unique(input.project_management_tools)),
        visualFeaturePreferences: joinOptions(unique(input.visual_feature_preferences)),
        // Blank thoughts are no thoughts.
        additionalThoughts: input.additional_thoughts || null,
      };
      const [row] = await db
        .insert(userTrackerFeedback)
        .values({ userId: c.get('user').id, ...values })
        .onConflictDoUpdate({ target: userTrackerFeedback.userId, set: { ...values, updatedAt: sql`now()` } })
        .returning();
      return c.json(toTrackerFeedbackDto(row!));
    });
}
