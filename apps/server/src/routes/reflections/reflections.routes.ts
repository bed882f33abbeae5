import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { LIST_LIMIT, reflectionCreateSchema, type ReflectionDto } from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { strategicPrompts, userReflections } from '../../db/schema';
import { routeAccess } from '../../middleware/access';
import { invalidInput, validate } from '../../middleware/validate';
import { reflectionsOf, toReflectionDto } from '../../lib/content/reflections';

export const MAX_REFLECTIONS_PAGE = 50;

const listQuery = z.object({
  limit: z.coerce
    .number('Limit must be a number')
    .int('Limit must be a whole number')
    .min(1, `Limit must be between 1 and ${MAX_REFLECTIONS_PAGE}`)
    .max(MAX_REFLECTIONS_PAGE, `Limit must be between 1 and ${MAX_REFLECTIONS_PAGE}`)
    .default(LIST_LIMIT),
});

/** The signed-in member's reflections (docs/product.md#reflections-and-prompts); only their own rows. */
export function reflectionRoutes(deps: AppDeps) {
  const { db } = deps;
  const access = routeAccess(deps);
  return new Hono<AppEnv>()
    .get('/', access.member, validate('query', listQuery), async (c) => {
      const { limit } = c.req.valid('query');
      return c.json(await reflectionsOf(db, c.get('user').id, limit));
    })
    .post('/', access.member, validate('json', reflectionCreateSchema), async (c) => {
      const { reflection_text, strategic_prompt_id } = c.req.valid('json');
      let promptTitle: string | null = null;
      if (strategic_prompt_id) {
        const [prompt] = await db
          .select({ title: strategicPrompts.title })
          .from(strategicPrompts)
          .where(and(eq(strategicPrompts.id, strategic_prompt_id), eq(strategicPrompts.isActive, true)));
        if (!prompt) return invalidInput(c, { strategic_prompt_id: ['Unknown prompt'] });
        promptTitle = prompt.title;
      }
      const [row] = await db
        .insert(userReflections)
        .values({
          userId: c.get('user').id,
          reflectionText: reflection_text,
          strategicPromptId: strategic_prompt_id ?? null,
        })
        .returning();
      const body: ReflectionDto = toReflectionDto({ ...row!, strategicPromptTitle: promptTitle });
      return c.json(body, 201);
    });
}
