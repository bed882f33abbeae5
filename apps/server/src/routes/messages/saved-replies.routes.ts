import { asc, count, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  SAVED_REPLIES_FULL_MESSAGE,
  SAVED_REPLIES_MAX,
  SAVED_REPLY_DUPLICATE_MESSAGE,
  savedReplyCreateSchema,
  savedReplyUpdateSchema,
  type ApiErrorBody,
  type SavedReplyDto,
} from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { savedReplies } from '../../db/schema';
import { recordAudit } from '../../lib/accounts/audit';
import { sqlStateOf } from '../../lib/database-errors';
import { routeAccess } from '../../middleware/access';
import { invalidInput, validate } from '../../middleware/validate';

const replyParam = z.object({ id: z.uuid('Unknown saved reply') });
const NOT_FOUND: ApiErrorBody = { error: 'Saved reply not found' };
const DUPLICATE = { title: [SAVED_REPLY_DUPLICATE_MESSAGE] };

type ReplyRow = typeof savedReplies.$inferSelect;

/** The one unique key a change can break: the title (saved_replies_title_idx). */
const titleTaken = (error: unknown) => sqlStateOf(error) === '23505';

const toDto = (row: ReplyRow): SavedReplyDto => ({
  id: row.id,
  title: row.title,
  body: row.body,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** What an audit record keeps of a saved reply. */
const snapshot = (row: ReplyRow) => ({ title: row.title, body: row.body });

/**
 * /api/admin/saved-replies: the team's saved replies (decision 062), listed by
 * title. Admins only, on every request; every change audited
 * (`saved_reply.create`, `.update`, `.delete`). At most SAVED_REPLIES_MAX, a
 * title once whatever its case (the unique index decides under concurrency).
 */
export function adminSavedReplyRoutes(deps: AppDeps) {
  const { db } = deps;
  const access = routeAccess(deps);
  return new Hono<AppEnv>()
    .get('/', access.admin, async (c) => {
      const rows = await db
        .select()
        .from(savedReplies)
        .orderBy(asc(sql`lower(${savedReplies.title})`), asc(savedReplies.id));
      return c.json(rows.map(toDto), 200);
    })
    .post('/', access.admin, validate('json', savedReplyCreateSchema), async (c) => {
      const input = c.req.valid('json');
      const actorId = c.get('user').id;
      try {
        const outcome = await db.transaction(async (tx) => {
          // One creation at a time counts the library: two admins adding the last place cannot both get it.
          await tx.execute(sql`lock table ${savedReplies} in share row exclusive mode`);
          const [{ held } = { held: 0 }] = await tx.select({ held: count() }).from(savedReplies);
          if (held >= SAVED_REPLIES_MAX) return 'full' as const;
          const [row] = await tx
            .insert(savedReplies)
            .values({ title: input.title, body: input.body, updatedBy: actorId })
            .returning();
          await recordAudit(tx, {
            actorId,
            action: 'saved_reply.create',
            targetUserId: null,
            details: { saved_reply_id: row!.id, after: snapshot(row!) },
          });
          return row!;
        });
        if (outcome === 'full') return c.json({ error: SAVED_REPLIES_FULL_MESSAGE } satisfies ApiErrorBody, 409);
        return c.json(toDto(outcome), 201);
      } catch (error) {
        if (titleTaken(error)) return invalidInput(c, DUPLICATE);
        throw error;
      }
    })
    .patch('/:id', access.admin, validate('param', replyParam), validate('json', savedReplyUpdateSchema), async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const actorId = c.get('user').id;
      try {
        const after = await db.transaction(async (tx) => {
          const [before] = await tx.select().from(savedReplies).where(eq(savedReplies.id, id)).for('update');
          if (!before) return null;
          const [row] = await tx
            .update(savedReplies)
            .set({ title: input.title, body: input.body, updatedBy: actorId, updatedAt: sql`now()` })
            .where(eq(savedReplies.id, id))
            .returning();
          await recordAudit(tx, {
            actorId,
            action: 'saved_reply.update',
            targetUserId: null,
            details: { saved_reply_id: id, before: snapshot(before), after: snapshot(row!) },
          });
          return row!;
        });
        if (!after) return c.json(NOT_FOUND, 404);
        return c.json(toDto(after), 200);
      } catch (error) {
        if (titleTaken(error)) return invalidInput(c, DUPLICATE);
        throw error;
      }
    })
    .delete('/:id', access.admin, validate('param', replyParam), async (c) => {
      const { id } = c.req.valid('param');
      const deleted = await db.transaction(async (tx) => {
        const [before] = await tx.delete(savedReplies).where(eq(savedReplies.id, id)).returning();
        if (!before) return false;
        await recordAudit(tx, {
          actorId: c.get('user').id,
          action: 'saved_reply.delete',
          targetUserId: null,
          details: { saved_reply_id: id, before: snapshot(before) },
        });
        return true;
      });
      if (!deleted) return c.json(NOT_FOUND, 404);
      return c.body(null, 204);
    });
}
