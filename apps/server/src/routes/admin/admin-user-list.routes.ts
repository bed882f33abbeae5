import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  adminCreditsSchema,
  adminPlanSchema,
  adminUserListQuerySchema,
  MAX_CREDITS,
  type AdminCreditsChangeDto,
  type AdminPlanChangeDto,
  type AdminUserDto,
  type AdminUserListDto,
  type Role,
  type TrackerFeedbackDto,
} from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import {
  coachingTones,
  focusAreas,
  profiles,
  userRoles,
  users,
  userTrackerFeedback,
  whatsappContacts,
} from '../../db/schema';
import { routeAccess } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { adjustCreditsByAdmin, setPlanByAdmin } from '../../lib/accounts/admin-plan-credits';
import { toTrackerFeedbackDto } from '../../lib/content/tracker-feedback-dto';
import { toContactDto } from '../../lib/whatsapp/contacts';
import { activityFilterSql, isoOrNull, lastActivitySql } from '../../lib/admin/member-activity';
import { memberBillingsOf, planFilterSql } from '../../lib/admin/member-billing';

const userParam = z.object({ id: z.string().min(1).max(64) });

/** `%` and `_` typed in the search box are literal characters, not wildcards. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** PGlite and node-postgres both parse json columns; a driver that does not hands back text. */
function jsonValue<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

/**
 * The admin Users screen's data (docs/product.md#admin-back-office):
 * one page of members, newest first, searched by name or email and filtered by
 * plan, status and last activity (decision 060), with everything a user card shows; plus the per-member actions that are not about roles or
 * activation: the tier, credits and the member's tracker feedback.
 */
export function adminUserListRoutes(deps: AppDeps) {
  const { db } = deps;
  const access = routeAccess(deps);
  return new Hono<AppEnv>()
    .get('/', access.admin, validate('query', adminUserListQuerySchema), async (c) => {
      const { q, page, page_size, plan, status, activity } = c.req.valid('query');
      const now = new Date();
      // Search and the filters (decision 060) narrow the same set: the page and its count.
      const search: SQL | undefined = and(
        q ? or(ilike(profiles.fullName, containing(q)), ilike(users.email, containing(q))) : undefined,
        plan ? planFilterSql(plan, now) : undefined,
        status ? eq(profiles.isActive, status === 'active') : undefined,
        activity ? activityFilterSql(activity, now) : undefined,
      );
      // The page's ids first, so the deep pages skip bare ids rather than whole cards.
      const pageIds = db
        .select({ id: profiles.id, createdAt: profiles.createdAt })
        .from(profiles)
        .innerJoin(users, eq(users.id, profiles.id))
        .where(search)
        .orderBy(desc(profiles.createdAt), desc(profiles.id))
        .limit(page_size)
        .offset((page - 1) * page_size)
        .as('page_ids');
      const [rows, [counts]] = await Promise.all([
        db
          .select({
            id: profiles.id,
            fullName: profiles.fullName,
            email: users.email,
            credits: profiles.credits,
            pricingPlan: profiles.pricingPlan,
            isActive: profiles.isActive,
            createdAt: profiles.createdAt,
            roles: sql<Role[] | string>`coalesce((
              select json_agg(${userRoles.role} order by ${userRoles.role}) from ${userRoles}
              where ${userRoles.userId} = ${profiles.id}
            ), '[]'::json)`,
            focusAreaLabel: focusAreas.label,
            coachingToneTitle: coachingTones.title,
            whatsapp: whatsappContacts,
            lastActive: lastActivitySql(profiles.id),
          })
          .from(pageIds)
          .innerJoin(profiles, eq(profiles.id, pageIds.id))
          .innerJoin(users, eq(users.id, profiles.id))
          .leftJoin(focusAreas, eq(focusAreas.id, profiles.focusAreaId))
          .leftJoin(coachingTones, eq(coachingTones.id, profiles.coachingToneId))
          .leftJoin(whatsappContacts, eq(whatsappContacts.memberId, profiles.id))
          .orderBy(desc(pageIds.createdAt), desc(pageIds.id)),
        db
          .select({
            matching: count(),
            totalUsers: sql<number>`(select count(*)::int from ${profiles})`,
            adminUsers: sql<number>`(select count(*)::int from ${userRoles} where ${userRoles.role} = 'admin')`,
          })
          .from(profiles)
          .innerJoin(users, eq(users.id, profiles.id))
          .where(search),
      ]);
      const billings = await memberBillingsOf(
        db,
        rows.map((r) => r.id),
        now,
      );
      const users_: AdminUserDto[] = rows.map((r) => ({
        id: r.id,
        full_name: r.fullName,
        email: r.email,
        credits: r.credits,
        pricing_plan: r.pricingPlan,
        is_active: r.isActive,
        created_at: r.createdAt.toISOString(),
        roles: jsonValue(r.roles),
        focus_area_label: r.focusAreaLabel,
        coaching_tone_title: r.coachingToneTitle,
        whatsapp: r.whatsapp ? toContactDto(r.whatsapp) : null,
        billing: billings.get(r.id)!,
        last_active_at: isoOrNull(r.lastActive),
      }));
      const totalUsers = counts?.totalUsers ?? 0;
      const adminUsers = counts?.adminUsers ?? 0;
      const body: AdminUserListDto = {
        users: users_,
        total: counts?.matching ?? 0,
        page,
        page_size,
        counts: { total_users: totalUsers, admin_users: adminUsers, regular_users: totalUsers - adminUsers },
      };
      return c.json(body);
    })
    .get('/:id/tracker-feedback', access.admin, validate('param', userParam), async (c) => {
      const { id } = c.req.valid('param');
      const [row] = await db.select().from(userTrackerFeedback).where(eq(userTrackerFeedback.userId, id));
      const body: TrackerFeedbackDto | null = row ? toTrackerFeedbackDto(row) : null;
      return c.json(body);
    })
    .patch('/:id/plan', access.admin, validate('param', userParam), validate('json', adminPlanSchema), async (c) => {
      const { id } = c.req.valid('param');
      const plan = await setPlanByAdmin(db, { actorId: c.get('user').id, userId: id, input: c.req.valid('json') });
      if (!plan) return c.json({ error: 'User not found' }, 404);
      const body: AdminPlanChangeDto = { id, pricing_plan: plan.name, plan };
      return c.json(body);
    })
    .post(
      '/:id/credits',
      access.admin,
      validate('param', userParam),
      validate('json', adminCreditsSchema),
      async (c) => {
        const { id } = c.req.valid('param');
        const { delta } = c.req.valid('json');
        const result = await adjustCreditsByAdmin(db, { actorId: c.get('user').id, userId: id, delta });
        if (result.outcome === 'not_found') return c.json({ error: 'User not found' }, 404);
        if (result.outcome === 'too_many') {
          return c.json({ error: `Credits cannot go above ${MAX_CREDITS.toLocaleString('en-GB')}` }, 409);
        }
        const body: AdminCreditsChangeDto = { id, credits: result.after, previous_credits: result.before };
        return c.json(body);
      },
    );
}
