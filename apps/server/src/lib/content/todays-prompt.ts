import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { strategicPrompts } from '../../db/schema';
import { pickDailyPrompt } from './daily-prompt';

/**
 * The one rule for today's strategic prompt's candidates, as SQL: the prompt row `prompt` is a candidate for
 * the focus area `area` when it is active and the area's own, or active and the area has no active prompt
 * (or no area is chosen). The dashboard's prompt (the catalog route) and the coach's context both use it,
 * so the member and the coach always speak of the same prompt.
 */
export function activePromptOf(area: SQL, prompt: SQL): SQL {
  return sql`${prompt}.is_active and (${prompt}.focus_area_id = ${area} or not exists (
    select 1 from ${strategicPrompts} a where a.is_active and a.focus_area_id = ${area}))`;
}

/** Today's prompt for a focus area (null: none chosen): the candidates taking turns a UTC day each. */
export async function todaysPrompt(db: Database, focusAreaId: string | null, now: Date) {
  const candidates = await db
    .select()
    .from(strategicPrompts)
    .where(activePromptOf(sql`${focusAreaId}::uuid`, sql`${strategicPrompts}`));
  return pickDailyPrompt(candidates, now);
}
