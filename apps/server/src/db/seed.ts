import type { Database } from './client';
import { coachingTones, focusAreas, strategicPrompts } from './schema';
import { COACHING_TONES, FOCUS_AREAS, STRATEGIC_PROMPTS } from './seed-data';
import { seedStepLibrary } from './step-seed';

/**
 * Writes the reference content. Idempotent: existing rows (matched by their
 * stable `value`) are left as admins may have edited them; only missing rows
 * are added. A focus area's starting prompts are written with the focus area
 * itself, once: a prompt an admin later renames or deletes is not brought back
 * on the next start (decision 026). The step library is seeded per focus area
 * that has no steps yet (step-seed.ts).
 */
export async function seedDatabase(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    const added = await tx
      .insert(focusAreas)
      .values(FOCUS_AREAS.map((area, i) => ({ ...area, sortOrder: (i + 1) * 10 })))
      .onConflictDoNothing({ target: focusAreas.value })
      .returning({ id: focusAreas.id, value: focusAreas.value });
    await tx
      .insert(coachingTones)
      .values(COACHING_TONES.map((tone, i) => ({ ...tone, sortOrder: (i + 1) * 10 })))
      .onConflictDoNothing({ target: coachingTones.value });

    const newAreaId = new Map(added.map((a) => [a.value, a.id]));
    const prompts = STRATEGIC_PROMPTS.flatMap((prompt, i) => {
      const focusAreaId = newAreaId.get(prompt.focus);
      if (!focusAreaId) return [];
      return [{ title: prompt.title, promptText: prompt.promptText, focusAreaId, sortOrder: (i + 1) * 10 }];
    });
    if (prompts.length) await tx.insert(strategicPrompts).values(prompts);
    await seedStepLibrary(tx);
  });
}
