import { alias } from 'drizzle-orm/pg-core';
import { count, desc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { ADMIN_AUDIT_PAGE_SIZE, adminAuditQuerySchema, type AuditLogPageDto } from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { auditLog, profiles, users } from '../../db/schema';
import { routeAccess } from '../../middleware/access';
import { validate } from '../../middleware/validate';

const actorProfile = alias(profiles, 'actor_profile');
const actorUser = alias(users, 'actor_user');
const targetProfile = alias(profiles, 'target_profile');
const targetUser = alias(users, 'target_user');

/**
 * GET /api/admin/audit-log: who changed what on whose account, newest first
 * (decision 024), optionally for one member. Names are the profile's, else
 * the account's email; a deleted account shows as null.
 */
export function adminAuditRoutes(deps: AppDeps) {
  const { db } = deps;
  const access = routeAccess(deps);
  return new Hono<AppEnv>().get('/', access.admin, validate('query', adminAuditQuerySchema), async (c) => {
    const { user_id, page } = c.req.valid('query');
    const filter = user_id ? eq(auditLog.targetUserId, user_id) : undefined;
    const [rows, [total]] = await Promise.all([
      db
        .select({
          id: auditLog.id,
          action: auditLog.action,
          actorId: auditLog.actorId,
          actorName: sql<string | null>`coalesce(nullif(btrim(${actorProfile.fullName}), ''), ${actorUser.email})`,
          targetUserId: auditLog.targetUserId,
          targetName: sql<string | null>`coalesce(nullif(btrim(${targetProfile.fullName}), ''), ${targetUser.email})`,
          details: auditLog.details,
          createdAt: auditLog.createdAt,
        })
        .from(auditLog)
        .leftJoin(actorUser, eq(actorUser.id, auditLog.actorId))
        .leftJoin(actorProfile, eq(actorProfile.id, auditLog.actorId))
        .leftJoin(targetUser, eq(targetUser.id, auditLog.targetUserId))
        .leftJoin(targetProfile, eq(targetProfile.id, auditLog.targetUserId))
        .where(filter)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(ADMIN_AUDIT_PAGE_SIZE)
        .offset((page - 1) * ADMIN_AUDIT_PAGE_SIZE),
      db.select({ n: count() }).from(auditLog).where(filter),
    ]);
    const body: AuditLogPageDto = {
      items: rows.map((r) => ({
        id: r.id,
        action: r.action,
        actor_id: r.actorId,
        actor_name: r.actorName,
        target_user_id: r.targetUserId,
        target_name: r.targetName,
        details: r.details,
        created_at: r.createdAt.toISOString(),
      })),
      total: total?.n ?? 0,
      page,
      page_size: ADMIN_AUDIT_PAGE_SIZE,
    };
    return c.json(body);
  });
}
