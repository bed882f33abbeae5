import { count, desc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  mostPopularMethodLabel,
  percentOf,
  TRACKING_OPTIONS,
  type AdminTrackerFeedbackDto,
  type AdminTrackerFeedbackOverviewDto,
  type TrackingMethodCountDto,
} from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { profiles, userTrackerFeedback } from '../../db/schema';
import { offsetOf, pageQuery } from '../../lib/http/page-query';
import { routeAccess } from '../../middleware/access';
import { validate } from '../../middleware/validate';

/** A comment counts when it has any visible character (only non-blank comments are listed). */
const hasComment = sql`${userTrackerFeedback.additionalThoughts} ~ '[^[:space:]]'`;

/** The option list's order settles equal counts, so the most-popular card is stable. */
const optionRank = (method: string) => {
  const i = (TRACKING_OPTIONS as readonly string[]).indexOf(method);
  return i === -1 ? TRACKING_OPTIONS.length : i;
};

/** Members' tracker feedback, summarised (docs/product.md#admin-back-office). Admin only. */
export function adminTrackerFeedbackRoutes(deps: AppDeps) {
  const { db } = deps;
  const access = routeAccess(deps);
  return new Hono<AppEnv>().get('/', access.admin, validate('query', pageQuery), async (c) => {
    const paging = c.req.valid('query');
    // Counts per method and comments, grouped in the database; then one page of the comments.
    const grouped = await db
      .select({
        method: userTrackerFeedback.tracking,
        submissions: count(),
        comments: sql<number>`count(*) filter (where ${hasComment})`.mapWith(Number),
      })
      .from(userTrackerFeedback)
      .groupBy(userTrackerFeedback.tracking);
    const rows = await db
      .select({ feedback: userTrackerFeedback, userName: profiles.fullName })
      .from(userTrackerFeedback)
      .leftJoin(profiles, eq(profiles.id, userTrackerFeedback.userId))
      .where(hasComment)
      .orderBy(desc(userTrackerFeedback.createdAt), desc(userTrackerFeedback.id))
      .limit(paging.page_size)
      .offset(offsetOf(paging));

    const total = grouped.reduce((sum, g) => sum + g.submissions, 0);
    const methods: TrackingMethodCountDto[] = grouped
      .map((g) => ({ method: g.method, count: g.submissions, percentage: percentOf(g.submissions, total) }))
      .sort(
        (a, b) => b.count - a.count || optionRank(a.method) - optionRank(b.method) || a.method.localeCompare(b.method),
      );
    const commentCount = grouped.reduce((sum, g) => sum + g.comments, 0);
    const items: AdminTrackerFeedbackDto[] = rows.map(({ feedback, userName }) => ({
      id: feedback.id,
      user_id: feedback.userId,
      user_name: userName,
      tracking: feedback.tracking,
      project_management_tools: feedback.projectManagementTools,
      visual_feature_preferences: feedback.visualFeaturePreferences,
      additional_thoughts: feedback.additionalThoughts,
      created_at: feedback.createdAt.toISOString(),
      updated_at: feedback.updatedAt.toISOString(),
    }));
    const body: AdminTrackerFeedbackOverviewDto = {
      total_submissions: total,
      comment_count: commentCount,
      most_popular: mostPopularMethodLabel(methods),
      methods,
      comments: { items, total: commentCount, page: paging.page, page_size: paging.page_size },
    };
    return c.json(body);
  });
}
