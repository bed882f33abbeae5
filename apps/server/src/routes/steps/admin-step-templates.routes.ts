import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  stepTemplateCreateSchema,
  stepTemplateUpdateSchema,
  type AdminStepTemplateDto,
  type ApiErrorBody,
  type StepSize,
} from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import type { Database, Tx } from '../../db/client';
import { focusAreas, stepTemplates } from '../../db/schema';
import { recordAudit } from '../../lib/accounts/audit';
import { routeAccess } from '../../middleware/access';
import { invalidInput, validate } from '../../middleware/validate';

const templateParam = z.object({ id: z.uuid('Unknown step') });
const NOT_FOUND: ApiErrorBody = { error: 'Step not found' };
const DUPLICATE = { then_text: ['This step is already in the library for this focus area'] };

type TemplateRow = typeof stepTemplates.$inferSelect;

/** The library, or one step of it, by focus area (in the areas' order), then regular to smallest, then its order. */
async function templatesWith(db: Database, id?: string): Promise<AdminStepTemplateDto[]> {
  const rows = await db
    .select({ template: stepTemplates, focusAreaLabel: focusAreas.label })
    .from(stepTemplates)
    .innerJoin(focusAreas, eq(focusAreas.id, stepTemplates.focusAreaId))
    .where(id ? eq(stepTemplates.id, id) : undefined)
    .orderBy(
      asc(focusAreas.sortOrder),
      asc(focusAreas.label),
      desc(stepTemplates.size),
      asc(stepTemplates.sortOrder),
      asc(stepTemplates.createdAt),
      asc(stepTemplates.id),
    );
  return rows.map(({ template, focusAreaLabel }) => ({
    id: template.id,
    focus_area_id: template.focusAreaId,
    focus_area_label: focusAreaLabel,
    if_text: template.ifText,
    then_text: template.thenText,
    size: template.size as StepSize,
    is_active: template.isActive,
    sort_order: template.sortOrder,
    created_at: template.createdAt.toISOString(),
    updated_at: template.updatedAt.toISOString(),
  }));
}

async function unknownFocusArea(db: Database, c: Context, focusAreaId: string | undefined) {
  if (!focusAreaId) return null;
  const [area] = await db.select({ id: focusAreas.id }).from(focusAreas).where(eq(focusAreas.id, focusAreaId));
  return area ? null : invalidInput(c, { focus_area_id: ['Unknown focus area'] });
}

/** Whether the focus area already has a step with these words (another than `exceptId`). */
async function isDuplicate(
  tx: Tx,
  step: { focusAreaId: string; ifText: string; thenText: string },
  exceptId?: string,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: stepTemplates.id })
    .from(stepTemplates)
    .where(
      and(
        eq(stepTemplates.focusAreaId, step.focusAreaId),
        eq(stepTemplates.ifText, step.ifText),
        eq(stepTemplates.thenText, step.thenText),
        exceptId ? ne(stepTemplates.id, exceptId) : undefined,
      ),
    );
  return Boolean(row);
}

/** What an audit record keeps of a library step. */
function templateSnapshot(row: TemplateRow) {
  return {
    focus_area_id: row.focusAreaId,
    if_text: row.ifText,
    then_text: row.thenText,
    size: row.size,
    is_active: row.isActive,
  };
}

/**
 * /api/admin/step-templates: the step library admins edit beside the strategic
 * prompts (decision 058). Admin role checked on every request; every change
 * audited (`step_template.*`). Members' steps keep their own copy of the words,
 * so an edit or a deletion never rewrites anyone's history.
 */
export function adminStepTemplateRoutes(deps: AppDeps) {
  const { db } = deps;
  const access = routeAccess(deps);
  return new Hono<AppEnv>()
    .get('/', access.admin, async (c) => c.json(await templatesWith(db), 200))
    .post('/', access.admin, validate('json', stepTemplateCreateSchema), async (c) => {
      const input = c.req.valid('json');
      const refused = await unknownFocusArea(db, c, input.focus_area_id);
      if (refused) return refused;
      const values = { focusAreaId: input.focus_area_id, ifText: input.if_text, thenText: input.then_text };
      const id = await db.transaction(async (tx) => {
        if (await isDuplicate(tx, values)) return null;
        const [row] = await tx
          .insert(stepTemplates)
          .values({
            ...values,
            size: input.size,
            isActive: input.is_active,
            // A new step goes to the end of its focus area's list.
            sortOrder: sql`(select coalesce(max(${stepTemplates.sortOrder}), 0) + 10 from ${stepTemplates} where ${stepTemplates.focusAreaId} = ${input.focus_area_id})`,
          })
          .returning();
        await recordAudit(tx, {
          actorId: c.get('user').id,
          action: 'step_template.create',
          targetUserId: null,
          details: { step_template_id: row!.id, after: templateSnapshot(row!) },
        });
        return row!.id;
      });
      if (!id) return invalidInput(c, DUPLICATE);
      const [body] = await templatesWith(db, id);
      return c.json(body!, 201);
    })
    .patch(
      '/:id',
      access.admin,
      validate('param', templateParam),
      validate('json', stepTemplateUpdateSchema),
      async (c) => {
        const { id } = c.req.valid('param');
        const input = c.req.valid('json');
        const refused = await unknownFocusArea(db, c, input.focus_area_id);
        if (refused) return refused;
        const outcome = await db.transaction(async (tx) => {
          const [before] = await tx.select().from(stepTemplates).where(eq(stepTemplates.id, id)).for('update');
          if (!before) return 'not_found' as const;
          const words = {
            focusAreaId: input.focus_area_id ?? before.focusAreaId,
            ifText: input.if_text ?? before.ifText,
            thenText: input.then_text ?? before.thenText,
          };
          if (await isDuplicate(tx, words, id)) return 'duplicate' as const;
          const [after] = await tx
            .update(stepTemplates)
            .set({ ...words, size: input.size, isActive: input.is_active, updatedAt: sql`now()` })
            .where(eq(stepTemplates.id, id))
            .returning();
          await recordAudit(tx, {
            actorId: c.get('user').id,
            action: 'step_template.update',
            targetUserId: null,
            details: { step_template_id: id, before: templateSnapshot(before), after: templateSnapshot(after!) },
          });
          return 'updated' as const;
        });
        if (outcome === 'not_found') return c.json(NOT_FOUND, 404);
        if (outcome === 'duplicate') return invalidInput(c, DUPLICATE);
        const [body] = await templatesWith(db, id);
        return c.json(body!, 200);
      },
    )
    .delete('/:id', access.admin, validate('param', templateParam), async (c) => {
      const { id } = c.req.valid('param');
      const deleted = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(stepTemplates).where(eq(stepTemplates.id, id)).for('update');
        if (!before) return false;
        // Members' steps made from it keep their words (template_id is set null).
        await tx.delete(stepTemplates).where(eq(stepTemplates.id, id));
        await recordAudit(tx, {
          actorId: c.get('user').id,
          action: 'step_template.delete',
          targetUserId: null,
          details: { step_template_id: id, before: templateSnapshot(before) },
        });
        return true;
      });
      if (!deleted) return c.json(NOT_FOUND, 404);
      return c.body(null, 204);
    });
}
