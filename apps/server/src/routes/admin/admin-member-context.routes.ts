import { Hono } from 'hono';
import { z } from 'zod';
import {
  MAX_NOTES_PER_MEMBER,
  memberNoteCreateSchema,
  memberNoteUpdateSchema,
  type ApiErrorBody,
  type MemberContextDto,
  type MemberNoteDto,
  type MemberNotesDto,
} from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { memberExists } from '../../lib/chat/conversations';
import { memberContextOf } from '../../lib/admin/member-context';
import { addNote, deleteNote, editNote, notesOf } from '../../lib/admin/member-notes';
import { routeAccess } from '../../middleware/access';
import { validate } from '../../middleware/validate';

const memberParam = z.object({ memberId: z.string().min(1).max(64) });
const noteParam = memberParam.extend({ noteId: z.uuid('Unknown note') });
const MEMBER_NOT_FOUND: ApiErrorBody = { error: 'Member not found' };
/** An unknown note and another member's note answer alike: the address names the member. */
const NOTE_NOT_FOUND: ApiErrorBody = { error: 'Note not found' };
const NOT_THE_AUTHOR: ApiErrorBody = {
  error: 'Only the note’s author can edit it. Add a note with the correction, or delete this one.',
  code: 'not_note_author',
};

/**
 * /api/admin/members/:memberId/context and /notes (decision 060): what a coach
 * wants beside a member's conversation and on their user card, and the team's
 * private notes on them. Admins only; a member never reads either. A note's
 * author may correct it, and any admin may delete it (decision 067).
 */
export function adminMemberContextRoutes(deps: AppDeps) {
  const { db } = deps;
  const access = routeAccess(deps);
  return new Hono<AppEnv>()
    .get('/:memberId/context', access.admin, validate('param', memberParam), async (c) => {
      const { memberId } = c.req.valid('param');
      const context = await memberContextOf(db, memberId);
      if (!context) return c.json(MEMBER_NOT_FOUND, 404);
      const body: MemberContextDto = context;
      return c.json(body, 200);
    })
    .get('/:memberId/notes', access.admin, validate('param', memberParam), async (c) => {
      const { memberId } = c.req.valid('param');
      if (!(await memberExists(db, memberId))) return c.json(MEMBER_NOT_FOUND, 404);
      const body: MemberNotesDto = await notesOf(db, memberId, c.get('user').id);
      return c.json(body, 200);
    })
    .post(
      '/:memberId/notes',
      access.admin,
      validate('param', memberParam),
      validate('json', memberNoteCreateSchema),
      async (c) => {
        const { memberId } = c.req.valid('param');
        const { text } = c.req.valid('json');
        const author = c.get('user');
        const result = await addNote(db, { memberId, authorId: author.id, authorName: author.name || null, text });
        if (result.outcome === 'not_found') return c.json(MEMBER_NOT_FOUND, 404);
        if (result.outcome === 'full') {
          return c.json(
            {
              error: `This member already has ${MAX_NOTES_PER_MEMBER} notes, the most a member may have`,
              code: 'notes_full',
            } satisfies ApiErrorBody,
            409,
          );
        }
        const body: MemberNoteDto = result.note;
        return c.json(body, 201);
      },
    )
    .patch(
      '/:memberId/notes/:noteId',
      access.admin,
      validate('param', noteParam),
      validate('json', memberNoteUpdateSchema),
      async (c) => {
        const { memberId, noteId } = c.req.valid('param');
        const { text } = c.req.valid('json');
        const editor = c.get('user');
        const result = await editNote(db, {
          memberId,
          noteId,
          editorId: editor.id,
          editorName: editor.name || null,
          text,
        });
        if (result.outcome === 'not_found') return c.json(NOTE_NOT_FOUND, 404);
        if (result.outcome === 'not_author') return c.json(NOT_THE_AUTHOR, 403);
        const body: MemberNoteDto = result.note;
        return c.json(body, 200);
      },
    )
    .delete('/:memberId/notes/:noteId', access.admin, validate('param', noteParam), async (c) => {
      const { memberId, noteId } = c.req.valid('param');
      const deleted = await deleteNote(db, { memberId, noteId, actorId: c.get('user').id });
      if (!deleted) return c.json(NOTE_NOT_FOUND, 404);
      return c.body(null, 204);
    });
}
