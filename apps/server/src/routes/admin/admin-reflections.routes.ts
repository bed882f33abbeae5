import { count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AdminReflectionDto, PagedDto } from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { profiles, strategicPrompts, userReflections } from '../../db/schema';
import { containsPattern, offsetOf, searchPageQuery } from '../../lib/http/page-query';
import { routeAccess } from '../../middleware/access';
import { validate } from '../../middleware/validate';

/** Matches the reflection's text, the member's name or email, or the prompt's title. */
function searchFilter(q: string): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  return or(
    ilike(userReflections.reflectionText, pattern),
    ilike(profiles.fullName, pattern),
    ilike(profiles.email, pattern),
    ilike(strategicPrompts.title, pattern),
  );
}

/** Every member's reflections, newest first, searchable and paged (docs/product.md#admin-back-office). Admin only. */
export function adminReflectionRoutes(deps: AppDeps) {
  const { db } = deps;
  const access = routeAccess(deps);
  return new Hono<AppEnv>().get('/', access.admin, validate('query', searchPageQuery), async (c) => {
    const { q, ...paging } = c.req.valid('query');
    const where = searchFilter(q);
    const [counted] = await db
      .select({ n: count() })
      .from(userReflections)
      .leftJoin(profiles, eq(profiles.id, userReflections.userId))
      .leftJoin(strategicPrompts, eq(strategicPrompts.id, userReflections.strategicPromptId))
      .where(where);
    const rows = await db
      .select({
        id: userReflections.id,
        createdAt: userReflections.createdAt,
        reflectionText: userReflections.reflectionText,
        userId: userReflections.userId,
        userName: profiles.fullName,
        strategicPromptId: userReflections.strategicPromptId,
        strategicPromptTitle: strategicPrompts.title,
      })
      .from(userReflections)
      .leftJoin(profiles, eq(profiles.id, userReflections.userId))
      .leftJoin(strategicPrompts, eq(strategicPrompts.id, userReflections.strategicPromptId))
      .where(where)
      .orderBy(desc(userReflections.createdAt), desc(userReflections.id))
      .limit(paging.page_size)
      .offset(offsetOf(paging));
    const body: PagedDto<AdminReflectionDto> = {
      items: rows.map((r) => ({
        id: r.id,
        created_at: r.createdAt.toISOString(),
        reflection_text: r.reflectionText,
        user_id: r.userId,
        user_name: r.userName,
        strategic_prompt_id: r.strategicPromptId,
        strategic_prompt_title: r.strategicPromptTitle,
      })),
      total: Number(counted?.n ?? 0),
      page: paging.page,
      page_size: paging.page_size,
    };
    return c.json(body);
  });
}
