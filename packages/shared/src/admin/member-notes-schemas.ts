import { z } from 'zod';

/** A note is a few sentences: enough for what a coach must remember, short enough to read beside a conversation. */
export const MAX_MEMBER_NOTE_LENGTH = 2_000;
/** Notes a member may gather; past it the team tidies up rather than writes more (decision 060). */
export const MAX_NOTES_PER_MEMBER = 500;
/** The notes list shows this many, newest first. */
export const MEMBER_NOTES_SHOWN = 50;
/** Reflections and ratings shown beside the conversation. */
export const MEMBER_CONTEXT_RECENT = 3;
export const MEMBER_CONTEXT_EXCERPT = 160;

const noteText = z
  .string('Write a note')
  .trim()
  .min(1, 'Write a note')
  .max(MAX_MEMBER_NOTE_LENGTH, `A note is at most ${MAX_MEMBER_NOTE_LENGTH.toLocaleString('en-GB')} characters`);

export const memberNoteCreateSchema = z.object({ text: noteText }).strict();
export type MemberNoteCreateInput = z.infer<typeof memberNoteCreateSchema>;

/** PATCH …/notes/:noteId: its author corrects the text, within the same limits as a new note (decision 067). */
export const memberNoteUpdateSchema = z.object({ text: noteText }).strict();
