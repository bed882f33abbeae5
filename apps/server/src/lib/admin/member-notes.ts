import { count, desc, eq, sql } from 'drizzle-orm';
import { MAX_NOTES_PER_MEMBER, MEMBER_NOTES_SHOWN, type MemberNoteDto, type MemberNotesDto } from '@app/shared';
import type { Database } from '../../db/client';
import { memberNotes, profiles, users } from '../../db/schema';

/**
 * The coaching team's private notes on a member (decision 060). Only admin routes
 * call these; nothing a member can reach reads the table, except their own data export.
 */
export async function notesOf(db: Database, memberId: string): Promise<MemberNotesDto> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ note: memberNotes, authorName: sql<string | null>`coalesce(${profiles.fullName}, ${users.name})` })
      .from(memberNotes)
      .leftJoin(users, eq(users.id, memberNotes.authorId))
      .leftJoin(profiles, eq(profiles.id, memberNotes.authorId))
      .where(eq(memberNotes.memberId, memberId))
      .orderBy(desc(memberNotes.createdAt), desc(memberNotes.id))
      .limit(MEMBER_NOTES_SHOWN),
    db.select({ n: count() }).from(memberNotes).where(eq(memberNotes.memberId, memberId)),
  ]);
  return { notes: rows.map((r) => toNoteDto(r.note, r.authorName)), total: total?.n ?? 0 };
}

export type AddNoteResult = { outcome: 'added'; note: MemberNoteDto } | { outcome: 'not_found' } | { outcome: 'full' };

/**
 * Adds a note. The member's profile row is locked while the notes are counted, so two
 * notes written at once cannot both pass the last free place (MAX_NOTES_PER_MEMBER).
 */
export async function addNote(
  db: Database,
  input: { memberId: string; authorId: string; authorName: string | null; text: string },
): Promise<AddNoteResult> {
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.id, input.memberId))
      .for('update');
    if (!member) return { outcome: 'not_found' };
    const [held] = await tx.select({ n: count() }).from(memberNotes).where(eq(memberNotes.memberId, input.memberId));
    if ((held?.n ?? 0) >= MAX_NOTES_PER_MEMBER) return { outcome: 'full' };
    const [row] = await tx
      .insert(memberNotes)
      .values({ memberId: input.memberId, authorId: input.authorId, text: input.text })
      .returning();
    return { outcome: 'added', note: toNoteDto(row!, input.authorName) };
  });
}

function toNoteDto(row: typeof memberNotes.$inferSelect, authorName: string | null): MemberNoteDto {
  return {
    id: row.id,
    text: row.text,
    author_id: row.authorId,
    author_name: authorName,
    created_at: row.createdAt.toISOString(),
  };
}
