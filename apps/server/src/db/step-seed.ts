import { focusAreas, stepTemplates } from './schema';
import { STEP_LIBRARY } from './step-seed-data';
import type { Tx } from './client';

/**
 * Writes the starting step library (decision 058) for every focus area that
 * has no steps yet: a new database, or one made before steps existed, gets
 * them; an area whose steps admins have edited or deactivated is left alone.
 * Running it again adds nothing (and the text key stops a duplicate even if two
 * instances seed at once).
 */
export async function seedStepLibrary(tx: Tx): Promise<void> {
  const areas = await tx.select({ id: focusAreas.id, value: focusAreas.value }).from(focusAreas);
  const withSteps = new Set(
    (await tx.selectDistinct({ id: stepTemplates.focusAreaId }).from(stepTemplates)).map((row) => row.id),
  );
  const rows = areas.flatMap((area) => {
    const library = STEP_LIBRARY[area.value as keyof typeof STEP_LIBRARY];
    if (!library || withSteps.has(area.id)) return [];
    return library.map((step, i) => ({
      focusAreaId: area.id,
      ifText: step.if_text,
      thenText: step.then_text,
      size: step.size,
      sortOrder: (i + 1) * 10,
    }));
  });
  if (rows.length) await tx.insert(stepTemplates).values(rows).onConflictDoNothing();
}
