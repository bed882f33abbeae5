import { asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  strategicPromptCreateSchema,
  strategicPromptUpdateSchema,
  type AdminStrategicPromptDto,
  type DeletedPromptDto,
} from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import type { Database } from '../../db/client';
import { focusAreas, strategicPromptUserRatings, strategicPrompts, userReflections } from '../../db/schema';
import { recordAudit } from '../../lib/accounts/audit';
import { routeAccess } from '../../middleware/access';
import { invalidInput, validate } from '../../middleware/validate';

const promptParam = z.object({ id: z.uuid('Unknown prompt') });
const NOT_FOUND = { error: 'Strategic prompt not found' };

/**
 * Every prompt (or one) with its focus area, its ratings and its reflection
 * count, in one statement: ratings and reflections are each grouped once and
 * joined, whatever the number of prompts (docs/product.md#admin-back-office).
 */
async function promptsWithStats(db: Database, id?: string): Promise<AdminStrategicPromptDto[]> {
  const ratings = db
    .select({
      promptId: strategicPromptUserRatings.strategicPromptId,
      average: sql<string>`round(avg(${strategicPromptUserRatings.rating}), 1)`.as('average_rating'),
      total: count().as('total_ratings'),
    })
    .from(strategicPromptUserRatings)
    .groupBy(strategicPromptUserRatings.strategicPromptId)
    .as('rating_stats');
  const reflections = db
    .select({ promptId: userReflections.strategicPromptId, total: count().as('reflection_count') })
    .from(userReflections)
    .where(isNotNull(userReflections.strategicPromptId))
    .groupBy(userReflections.strategicPromptId)
    .as('reflection_stats');
  const rows = await db
    .select({
      prompt: strategicPrompts,
      focusAreaLabel: focusAreas.label,
      averageRating: ratings.average,
      totalRatings: ratings.total,
      reflectionCount: reflections.total,
    })
    .from(strategicPrompts)
    .leftJoin(focusAreas, eq(focusAreas.id, strategicPrompts.focusAreaId))
    .leftJoin(ratings, eq(ratings.promptId, strategicPrompts.id))
    .leftJoin(reflections, eq(reflections.promptId, strategicPrompts.id))
    .where(id ? eq(strategicPrompts.id, id) : undefined)
    .orderBy(asc(strategicPrompts.sortOrder), asc(strategicPrompts.createdAt), asc(strategicPrompts.id));
  return rows.map(({ prompt, focusAreaLabel, averageRating, totalRatings, reflectionCount }) => ({
    id: prompt.id,
    title: prompt.title,
    prompt_text: prompt.promptText,
    focus_area_id: prompt.focusAreaId,
    focus_area_label: focusAreaLabel,
    is_active: prompt.isActive,
    sort_order: prompt.sortOrder,
    average_rating: averageRating === null ? null : Number(averageRating),
    total_ratings: Number(totalRatings ?? 0),
    reflection_count: Number(reflectionCount ?? 0),
    created_at: prompt.createdAt.toISOString(),
    updated_at: prompt.updatedAt.toISOString(),
  }));
}

/** A focus area the admin chose must exist; none (null) is allowed (docs/product.md#admin-back-office). */
async function unknownFocusArea(db: Database, c: Context, focusAreaId: string | null | undefined) {
  if (!focusAreaId) return null;
  const [area] = await db.select({ id: focusAreas.id }).from(focusAreas).where(eq(focusAreas.id, focusAreaId));
  return area ? null : invalidInput(c, { focus_area_id: ['Unknown focus area'] });
}

/** What an audit record keeps of a prompt. */
function promptSnapshot(row: typeof strategicPrompts.$inferSelect) {
  return { title: row.title, prompt_text: row.promptText, focus_area_id: row.focusAreaId, is_active: row.isActive };
}

/** Strategic prompt curation (docs/product.md#admin-back-office). Admin role checked on every request; changes audited. */
export function adminPromptRoutes(deps: AppDeps) {
  const { db } = deps;
  const access = routeAccess(deps);
  return new Hono<AppEnv>()
    .get('/', access.admin, async (c) => c.json(await promptsWithStats(db)))
    .post('/', access.admin, validate('json', strategicPromptCreateSchema), async (c) => {
      const input = c.req.valid('json');
      const refused = await unknownFocusArea(db, c, input.focus_area_id);
      if (refused) return refused;
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(strategicPrompts)
          .values({
            title: input.title,
            promptText: input.prompt_text,
            focusAreaId: input.focus_area_id,
            isActive: input.is_active,
            // New prompts go to the end of the list.
            sortOrder: sql`(select coalesce(max(${strategicPrompts.sortOrder}), 0) + 10 from ${strategicPrompts})`,
          })
          .returning();
        await recordAudit(tx, {
          actorId: c.get('user').id,
          action: 'prompt.create',
          targetUserId: null,
          details: { prompt_id: row!.id, after: promptSnapshot(row!) },
        });
        return row!.id;
      });
      const [body] = await promptsWithStats(db, id);
      return c.json(body!, 201);
    })
    .patch(
      '/:id',
      access.admin,
      validate('param', promptParam),
      validate('json', strategicPromptUpdateSchema),
      async (c) => {
        const { id } = c.req.valid('param');
        const input = c.req.valid('json');
        const refused = await unknownFocusArea(db, c, input.focus_area_id);
        if (refused) return refused;
        const updated = await db.transaction(async (tx) => {
          const [before] = await tx.select().from(strategicPrompts).where(eq(strategicPrompts.id, id)).for('update');
          if (!before) return false;
          const [after] = await tx
            .update(strategicPrompts)
            .set({
              title: input.title,
              promptText: input.prompt_text,
              focusAreaId: input.focus_area_id,
              isActive: input.is_active,
              updatedAt: sql`now()`,
            })
            .where(eq(strategicPrompts.id, id))
            .returning();
          await recordAudit(tx, {
            actorId: c.get('user').id,
            action: 'prompt.update',
            targetUserId: null,
            details: { prompt_id: id, before: promptSnapshot(before), after: promptSnapshot(after!) },
          });
          return true;
        });
        if (!updated) return c.json(NOT_FOUND, 404);
        const [body] = await promptsWithStats(db, id);
        return c.json(body!);
      },
    )
    .delete('/:id', access.admin, validate('param', promptParam), async (c) => {
      const { id } = c.req.valid('param');
      // Decision 026: the members' reflections stay (unlinked); the prompt's ratings go with it.
      const body = await db.transaction(async (tx): Promise<DeletedPromptDto | null> => {
        const [before] = await tx.select().from(strategicPrompts).where(eq(strategicPrompts.id, id)).for('update');
        if (!before) return null;
        const [kept] = await tx
          .select({ n: count() })
          .from(userReflections)
          .where(eq(userReflections.strategicPromptId, id));
        const [rated] = await tx
          .select({ n: count() })
          .from(strategicPromptUserRatings)
          .where(eq(strategicPromptUserRatings.strategicPromptId, id));
        await tx.delete(strategicPrompts).where(eq(strategicPrompts.id, id));
        const deleted: DeletedPromptDto = {
          id,
          reflections_kept: Number(kept?.n ?? 0),
          ratings_deleted: Number(rated?.n ?? 0),
        };
        await recordAudit(tx, {
          actorId: c.get('user').id,
          action: 'prompt.delete',
          targetUserId: null,
          details: {
            prompt_id: id,
            before: promptSnapshot(before),
            reflections_kept: deleted.reflections_kept,
            ratings_deleted: deleted.ratings_deleted,
          },
        });
        return deleted;
      });
      if (!body) return c.json(NOT_FOUND, 404);
      return c.json(body);
    });
}
