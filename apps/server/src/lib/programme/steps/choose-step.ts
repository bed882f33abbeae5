import { and, asc, desc, eq } from 'drizzle-orm';
import { GENERAL_STEPS, type StepOfferReason, type StepSize } from '@app/shared';
import type { Database } from '../../../db/client';
import { focusAreas, memberSteps, profiles, stepTemplates } from '../../../db/schema';

/** A step chosen for a member, before it is offered. */
export type ChosenStep = {
  templateId: string | null;
  ifText: string;
  thenText: string;
  size: StepSize;
  focusAreaId: string | null;
  focusAreaLabel: string | null;
  /** The member has not chosen a focus area: the message invites them to. */
  askForFocusArea: boolean;
};

/** What the next step follows: nothing (the first), or the step swapped, done or not done. */
export type StepChoice = {
  reason: StepOfferReason;
  previous?: { size: StepSize; templateId: string | null; ifText: string };
};

/** How many of the member's latest steps a new one should not repeat. */
const RECENT_STEPS = 8;

/**
 * The size the next step should have: a regular one to start and after a
 * done step; the same size after a swap; after a step that was not done, a
 * smaller one than the missed step (the smallest stays the smallest): a
 * missed step is followed by a smaller one, never by blame.
 */
export function nextStepSize({ reason, previous }: StepChoice): StepSize {
  if (!previous || reason === 'first' || reason === 'done') return 3;
  if (reason === 'swap') return previous.size;
  return Math.max(1, previous.size - 1) as StepSize;
}

/**
 * Chooses the member's next step from the library of their focus area: of the
 * size nextStepSize asks for, one they did not have among their latest steps,
 * in the library's order. When every step of that size was recent, the one
 * offered longest ago; when the area has none of that size, the nearest
 * smaller size, then larger. A member without a focus area (or whose area has
 * no active steps) gets a general step (GENERAL_STEPS).
 */
export async function chooseNextStep(db: Database, userId: string, choice: StepChoice): Promise<ChosenStep> {
  const size = nextStepSize(choice);
  const [profile] = await db
    .select({ focusAreaId: profiles.focusAreaId, label: focusAreas.label })
    .from(profiles)
    .leftJoin(focusAreas, eq(focusAreas.id, profiles.focusAreaId))
    .where(eq(profiles.id, userId));
  const recent = await db
    .select({ templateId: memberSteps.templateId, ifText: memberSteps.ifText, offeredAt: memberSteps.offeredAt })
    .from(memberSteps)
    .where(eq(memberSteps.userId, userId))
    .orderBy(desc(memberSteps.offeredAt), desc(memberSteps.id))
    .limit(RECENT_STEPS);

  const focusAreaId = profile?.focusAreaId ?? null;
  if (focusAreaId) {
    const library = await db
      .select({
        id: stepTemplates.id,
        ifText: stepTemplates.ifText,
        thenText: stepTemplates.thenText,
        size: stepTemplates.size,
      })
      .from(stepTemplates)
      .where(and(eq(stepTemplates.focusAreaId, focusAreaId), eq(stepTemplates.isActive, true)))
      .orderBy(asc(stepTemplates.sortOrder), asc(stepTemplates.createdAt), asc(stepTemplates.id));
    const lastOffered = new Map<string, number>();
    recent.forEach(
      (step, i) => step.templateId && !lastOffered.has(step.templateId) && lastOffered.set(step.templateId, i),
    );
    const picked = pick(
      library.map((t) => ({ ...t, size: t.size as StepSize, recentIndex: lastOffered.get(t.id) })),
      size,
      choice.reason === 'swap' ? choice.previous?.templateId : undefined,
    );
    if (picked) {
      return {
        templateId: picked.id,
        ifText: picked.ifText,
        thenText: picked.thenText,
        size: picked.size,
        focusAreaId,
        focusAreaLabel: profile?.label ?? null,
        askForFocusArea: false,
      };
    }
  }

  // General steps are matched by their text: they have no library row.
  const general = GENERAL_STEPS.map((step, i) => {
    const recentIndex = recent.findIndex((r) => r.templateId === null && r.ifText === step.if_text);
    return {
      id: String(i),
      ifText: step.if_text,
      thenText: step.then_text,
      size: step.size,
      recentIndex: recentIndex < 0 ? undefined : recentIndex,
    };
  });
  const swappedGeneral = choice.reason === 'swap' && !choice.previous?.templateId ? choice.previous?.ifText : undefined;
  const picked = pick(general, size, general.find((g) => g.ifText === swappedGeneral)?.id)!;
  return {
    templateId: null,
    ifText: picked.ifText,
    thenText: picked.thenText,
    size: picked.size,
    focusAreaId: null,
    focusAreaLabel: null,
    askForFocusArea: !focusAreaId,
  };
}

type Candidate = { id: string; ifText: string; thenText: string; size: StepSize; recentIndex: number | undefined };

/** Sizes to try, nearest first: the wanted one, then smaller, then larger. */
const sizesToTry = (size: StepSize): StepSize[] => [
  size,
  ...([1, 2, 3] as StepSize[]).filter((s) => s < size).reverse(),
  ...([1, 2, 3] as StepSize[]).filter((s) => s > size),
];

/** The swapped step (`excludeId`) is never offered again in its place: a swap always brings another. */
function pick(candidates: Candidate[], size: StepSize, excludeId?: string | null): Candidate | null {
  for (const wanted of sizesToTry(size)) {
    const ofSize = candidates.filter((c) => c.size === wanted && c.id !== excludeId);
    if (!ofSize.length) continue;
    const fresh = ofSize.find((c) => c.recentIndex === undefined);
    if (fresh) return fresh;
    // Every one was recent: the one offered longest ago (the largest index in the newest-first list).
    return ofSize.reduce((a, b) => ((b.recentIndex ?? 0) > (a.recentIndex ?? 0) ? b : a));
  }
  return null;
}
