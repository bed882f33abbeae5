import { and, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { promptRatingSchema, type ApiErrorBody, type PromptRatingDto } from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { strategicPromptUserRatings, strategicPrompts } from '../../db/schema';
import { routeAccess } from '../../middleware/access';
import { validate } from '../../middleware/validate';

const promptParam = z.object({ promptId: z.uuid('Unknown prompt') });
const PROMPT_NOT_FOUND: ApiErrorBody = { error: 'Prompt not found' };

/** The signed-in member's 1–5 rating of a strategic prompt; one row per member and prompt. */
export function promptRatingRoutes(deps: AppDeps) {
  const { db } = deps;
  const access = routeAccess(deps);
  const promptExists = async (id: string, activeOnly: boolean) => {
    const [row] = await db
      .select({ id: strategicPrompts.id })
      .from(strategicPrompts)
      .where(and(eq(strategicPrompts.id, id), activeOnly ? eq(strategicPrompts.isActive, true) : undefined));
    return Boolean(row);
  };

  return new Hono<AppEnv>()
    .get('/:promptId', access.member, validate('param', promptParam), async (c) => {
      const { promptId } = c.req.valid('param');
      if (!(await promptExists(promptId, false))) return c.json(PROMPT_NOT_FOUND, 404);
      const [row] = await db
        .select({ rating: strategicPromptUserRatings.rating })
        .from(strategicPromptUserRatings)
        .where(
          and(
            eq(strategicPromptUserRatings.userId, c.get('user').id),
            eq(strategicPromptUserRatings.strategicPromptId, promptId),
          ),
        );
      const body: PromptRatingDto | null = row ? { strategic_prompt_id: promptId, rating: row.rating } : null;
      return c.json(body);
    })
    .put(
      '/:promptId',
      access.member,
      validate('param', promptParam),
      validate('json', promptRatingSchema),
      async (c) => {
        const { promptId } = c.req.valid('param');
        const { rating } = c.req.valid('json');
        // Only prompts still offered can be rated; a retired one keeps its old ratings.
        if (!(await promptExists(promptId, true))) return c.json(PROMPT_NOT_FOUND, 404);
        const [row] = await db
          .insert(strategicPromptUserRatings)
          .values({ userId: c.get('user').id, strategicPromptId: promptId, rating })
          .onConflictDoUpdate({
            target: [strategicPromptUserRatings.userId, strategicPromptUserRatings.strategicPromptId],
            set: { rating, updatedAt: sql`now()` },
          })
          .returning({ rating: strategicPromptUserRatings.rating });
        const body: PromptRatingDto = { strategic_prompt_id: promptId, rating: row!.rating };
        return c.json(body);
      },
    );
}
