import { and, asc, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { CheckinDto, RiskLevel } from '@app/shared';
import type { Database } from '../../../db/client';
import { checkins, programmeDeliveries } from '../../../db/schema';

/**
 * Check-in answers (decision 058): read, and written once per check-in asked
 * (a unique index on the due item: a second answer to the same check-in is
 * refused, never a second row).
 */

/** How long an asked check-in stays open for an answer in the chat. */
export const CHECKIN_OPEN_MS = 12 * 60 * 60_000;

type Row = typeof checkins.$inferSelect;

export const toCheckinDto = (row: Row): CheckinDto => ({
  id: row.id,
  delivery_id: row.deliveryId,
  score: row.score,
  note: row.note,
  created_at: row.createdAt.toISOString(),
});

/** The member's check-ins of the last `days` days, oldest first. */
export async function checkinHistory(db: Database, userId: string, days: number, now: Date): Promise<CheckinDto[]> {
  const since = new Date(now.getTime() - days * 24 * 60 * 60_000);
  const rows = await db
    .select()
    .from(checkins)
    .where(and(eq(checkins.userId, userId), gte(checkins.createdAt, since)))
    .orderBy(asc(checkins.createdAt), asc(checkins.id));
  return rows.map(toCheckinDto);
}

/** The check-in asked within the last 12 hours and not answered yet, if any (the newest). */
export async function openCheckin(db: Database, userId: string, now: Date) {
  const [row] = await db
    .select({ deliveryId: programmeDeliveries.id, askedAt: programmeDeliveries.sentAt })
    .from(programmeDeliveries)
    .leftJoin(checkins, eq(checkins.deliveryId, programmeDeliveries.id))
    .where(
      and(
        eq(programmeDeliveries.userId, userId),
        eq(programmeDeliveries.kind, 'checkin'),
        eq(programmeDeliveries.status, 'sent'),
        gte(programmeDeliveries.sentAt, new Date(now.getTime() - CHECKIN_OPEN_MS)),
        isNull(checkins.id),
      ),
    )
    .orderBy(desc(programmeDeliveries.sentAt))
    .limit(1);
  return row?.askedAt ? { delivery_id: row.deliveryId, asked_at: row.askedAt.toISOString() } : null;
}

/** Whether a check-in due item is this member's (a check-in they were sent). */
export async function isMembersCheckin(db: Database, userId: string, deliveryId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: programmeDeliveries.id })
    .from(programmeDeliveries)
    .where(
      and(
        eq(programmeDeliveries.id, deliveryId),
        eq(programmeDeliveries.userId, userId),
        eq(programmeDeliveries.kind, 'checkin'),
      ),
    );
  return Boolean(row);
}

export type RecordOutcome =
  { outcome: 'created'; checkin: CheckinDto; previousScore: number | null } | { outcome: 'answered' };

/** Writes an answer; refused as `answered` when its check-in has one already. */
export async function recordCheckin(
  db: Database,
  input: {
    userId: string;
    score: number;
    note: string | null;
    deliveryId: string | null;
    riskLevel: RiskLevel;
    /** Answered by a member's message (a number written in the chat, a WhatsApp button), not through the API. */
    answeredByMessage: boolean;
  },
): Promise<RecordOutcome> {
  const [previous] = await db
    .select({ score: checkins.score })
    .from(checkins)
    .where(eq(checkins.userId, input.userId))
    .orderBy(desc(checkins.createdAt), desc(checkins.id))
    .limit(1);
  const [row] = await db
    .insert(checkins)
    .values({
      userId: input.userId,
      score: input.score,
      note: input.note,
      deliveryId: input.deliveryId,
      riskLevel: input.riskLevel,
      answeredByMessage: input.answeredByMessage,
    })
    .onConflictDoNothing({ target: checkins.deliveryId, where: sql`${checkins.deliveryId} is not null` })
    .returning();
  if (!row) return { outcome: 'answered' };
  return { outcome: 'created', checkin: toCheckinDto(row), previousScore: previous?.score ?? null };
}
