import { desc, eq } from 'drizzle-orm';
import type { ReflectionDto } from '@app/shared';
import type { Database } from '../../db/client';
import { strategicPrompts, userReflections } from '../../db/schema';

/** A member's reflections with their prompt's title, newest first (docs/product.md#reflections-and-prompts). */
export async function reflectionsOf(db: Database, userId: string, limit: number): Promise<ReflectionDto[]> {
  const rows = await db
    .select({
      id: userReflections.id,
      createdAt: userReflections.createdAt,
      reflectionText: userReflections.reflectionText,
      strategicPromptId: userReflections.strategicPromptId,
      strategicPromptTitle: strategicPrompts.title,
    })
    .from(userReflections)
    .leftJoin(strategicPrompts, eq(strategicPrompts.id, userReflections.strategicPromptId))
    .where(eq(userReflections.userId, userId))
    .orderBy(desc(userReflections.createdAt), desc(userReflections.id))
    .limit(limit);
  return rows.map(toReflectionDto);
}

export function toReflectionDto(row: {
  id: string;
  createdAt: Date;
  reflectionText: string;
  strategicPromptId: string | null;
  strategicPromptTitle: string | null;
}): ReflectionDto {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    reflection_text: row.reflectionText,
    strategic_prompt_id: row.strategicPromptId,
    strategic_prompt_title: row.strategicPromptTitle,
  };
}
