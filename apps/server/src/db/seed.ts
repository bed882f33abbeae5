import { and, eq, sql } from 'drizzle-orm';
import type { Database } from './client';
import { coachingTones, focusAreas, strategicPrompts } from './schema';
import { COACHING_TONES, FOCUS_AREAS, STRATEGIC_PROMPTS } from './seed-data';

/**
 * Writes the reference content. Idempotent: existing rows (matched by their
 * stable `value`, or a prompt by title within its focus area) are left as
 * admins may have edited them; only missing rows are added.
 */
export async function seedDatabase(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(focusAreas)
      .values(FOCUS_AREAS.map((area, i) => ({ ...area, sortOrder: (i + 1) * 10 })))
      .onConflictDoNothing({ target: focusAreas.value });
    await tx
      .insert(coachingTones)
      .values(COACHING_TONES.map((tone, i) => ({ ...tone, sortOrder: (i + 1) * 10 })))
      .onConflictDoNothing({ target: coachingTones.value });

    const areas = await tx.select({ id: focusAreas.id, value: focusAreas.value }).from(focusAreas);
    const areaId = new Map(areas.map((a) => [a.value, a.id]));
    for (const [i, prompt] of STRATEGIC_PROMPTS.entries()) {
      const focusAreaId = areaId.get(prompt.focus);
      if (!focusAreaId) continue;
      const [existing] = await tx
        .select({ one: sql`1` })
        .from(strategicPrompts)
        .where(and(eq(strategicPrompts.title, prompt.title), eq(strategicPrompts.focusAreaId, focusAreaId)))
        .limit(1);
      if (existing) continue;
      await tx.insert(strategicPrompts).values({
        title: prompt.title,
        promptText: prompt.promptText,
        focusAreaId,
        sortOrder: (i + 1) * 10,
      });
    }
  });
}
