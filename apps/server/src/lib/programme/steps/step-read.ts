import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import { OPEN_STEP_STATUSES, STEP_HISTORY_LIMIT, type MemberStepsDto, type StepDto, type StepSize } from '@app/shared';
import type { Database, Tx } from '../../../db/client';
import { focusAreas, memberSteps } from '../../../db/schema';

type StepRow = typeof memberSteps.$inferSelect;

const stepColumns = { step: memberSteps, focusAreaLabel: focusAreas.label };

export function toStepDto(row: StepRow, focusAreaLabel: string | null): StepDto {
  return {
    id: row.id,
    if_text: row.ifText,
    then_text: row.thenText,
    size: row.size as StepSize,
    status: row.status,
    source: row.source,
    focus_area_label: focusAreaLabel,
    offered_at: row.offeredAt.toISOString(),
    resolved_at: row.resolvedAt?.toISOString() ?? null,
  };
}

/** One step with its focus area's label, or null when there is no such step. */
export async function stepById(
  db: Database | Tx,
  stepId: string,
): Promise<(StepDto & { user_id: string; template_id: string | null }) | null> {
  const [row] = await db
    .select(stepColumns)
    .from(memberSteps)
    .leftJoin(focusAreas, eq(focusAreas.id, memberSteps.focusAreaId))
    .where(eq(memberSteps.id, stepId));
  if (!row) return null;
  return { ...toStepDto(row.step, row.focusAreaLabel), user_id: row.step.userId, template_id: row.step.templateId };
}

/** The member's open step (offered or accepted; at most one), or null. */
export async function openStepOf(db: Database | Tx, userId: string): Promise<StepDto | null> {
  const [row] = await db
    .select(stepColumns)
    .from(memberSteps)
    .leftJoin(focusAreas, eq(focusAreas.id, memberSteps.focusAreaId))
    .where(and(eq(memberSteps.userId, userId), inArray(memberSteps.status, [...OPEN_STEP_STATUSES])));
  return row ? toStepDto(row.step, row.focusAreaLabel) : null;
}

/** GET /api/me/steps and the coach's view: the open step and the latest finished ones, newest first. */
export async function memberStepsOf(db: Database, userId: string): Promise<MemberStepsDto> {
  const [current, rows] = await Promise.all([
    openStepOf(db, userId),
    db
      .select(stepColumns)
      .from(memberSteps)
      .leftJoin(focusAreas, eq(focusAreas.id, memberSteps.focusAreaId))
      .where(and(eq(memberSteps.userId, userId), notInArray(memberSteps.status, [...OPEN_STEP_STATUSES])))
      .orderBy(desc(memberSteps.offeredAt), desc(memberSteps.id))
      .limit(STEP_HISTORY_LIMIT),
  ]);
  return { current, history: rows.map((row) => toStepDto(row.step, row.focusAreaLabel)) };
}
