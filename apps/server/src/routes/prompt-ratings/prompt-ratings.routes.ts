import { and, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { promptRatingSchema } from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { strategicPromptUserRatings, strategicPrompts } from '../../db/schema';
import { requireUser } from '../../middleware/auth-guards';
import { validate } from '../../middleware/validate';

const promptParam = z.object({ promptId: z.uuid('Unknown prompt') });
const PROMPT_NOT_FOUND = { error: 'Prompt not found' };

/** The signed-in member's 1–5 rating of a strategic prompt; one row per member and prompt. */
export function promptRatingRoutes({ db, auth }: AppDeps) {
  const promptExists = async (id: string, activeOnly: boolean) => {
    const [row] = await db
      .select({ id: strategicPrompts.id })
      .from(strategicPrompts)
      .where(and(eq(strategicPrompts.id, id), activeOnly ? eq(strategicPrompts.isActive, true) : undefined));
    return Boolean(row);
  };

  return new Hono<AppEnv>()
    .use(requireUser(auth, db))
    .get('/:promptId', validate('param', promptParam), async (c) => {
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
      return c.json({ rating: row?.rating ?? null });
    })
    .put('/:promptId', validate('param', promptParam), validate('json', promptRatingSchema), async (c) => {
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
      return c.json({ rating: row!.rating });
    });
}
