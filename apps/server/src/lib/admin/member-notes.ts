import { and, count, desc, eq, sql } from 'drizzle-orm';
import { MAX_NOTES_PER_MEMBER, MEMBER_NOTES_SHOWN, type MemberNoteDto, type MemberNotesDto } from '@app/shared';
import type { Database } from '../../db/client';
import { memberNotes, profiles, users } from '../../db/schema';
import { recordAudit } from '../accounts/audit';

/**
 * The coaching team's private notes on a member (decision 060). Only admin routes
 * call these; nothing a member can reach reads the table, except their own data export.
 * `viewerId` is the admin reading: each note says whether it is theirs to edit.
 */
export async function notesOf(db: Database, memberId: string, viewerId: string): Promise<MemberNotesDto> {
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
  return { notes: rows.map((r) => toNoteDto(r.note, r.authorName, viewerId)), total: total?.n ?? 0 };
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
    return { outcome: 'added', note: toNoteDto(row!, input.authorName, input.authorId) };
  });
}

export type EditNoteResult =
  { outcome: 'edited'; note: MemberNoteDto } | { outcome: 'not_found' } | { outcome: 'not_author' };

/**
 * Its author corrects a note (decision 067). Only the author: a note says who wrote
 * it, so another admin's words must not appear under their name. The same text
 * again changes nothing and does not mark the note edited. Not audited, like adding:
 * the note carries its author and when it was edited.
 */
export async function editNote(
  db: Database,
  input: { memberId: string; noteId: string; editorId: string; editorName: string | null; text: string },
): Promise<EditNoteResult> {
  return db.transaction(async (tx) => {
    const [note] = await tx
      .select()
      .from(memberNotes)
      .where(and(eq(memberNotes.id, input.noteId), eq(memberNotes.memberId, input.memberId)))
      .for('update');
    if (!note) return { outcome: 'not_found' };
    if (note.authorId !== input.editorId) return { outcome: 'not_author' };
    if (note.text === input.text) return { outcome: 'edited', note: toNoteDto(note, input.editorName, input.editorId) };
    const [row] = await tx
      .update(memberNotes)
      .set({ text: input.text, editedAt: sql`now()` })
      .where(eq(memberNotes.id, note.id))
      .returning();
    return { outcome: 'edited', note: toNoteDto(row!, input.editorName, input.editorId) };
  });
}

/**
 * Deletes a note: its author, or any admin acting on the member's request to correct
 * or erase it (UK GDPR art. 16, 17; decision 067). Audited in the same transaction,
 * without the text (the point of deleting it is that it is gone) and without its
 * author (the member's export carries the audit entries about them).
 */
export async function deleteNote(
  db: Database,
  input: { memberId: string; noteId: string; actorId: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(memberNotes)
      .where(and(eq(memberNotes.id, input.noteId), eq(memberNotes.memberId, input.memberId)))
      .returning({ id: memberNotes.id, createdAt: memberNotes.createdAt });
    if (!gone) return false;
    await recordAudit(tx, {
      actorId: input.actorId,
      action: 'member_note.delete',
      targetUserId: input.memberId,
      details: { note_id: gone.id, written_at: gone.createdAt.toISOString() },
    });
    return true;
  });
}

function toNoteDto(row: typeof memberNotes.$inferSelect, authorName: string | null, viewerId: string): MemberNoteDto {
  return {
    id: row.id,
    text: row.text,
    author_id: row.authorId,
    author_name: authorName,
    created_at: row.createdAt.toISOString(),
    edited_at: row.editedAt?.toISOString() ?? null,
    editable: row.authorId !== null && row.authorId === viewerId,
  };
}
