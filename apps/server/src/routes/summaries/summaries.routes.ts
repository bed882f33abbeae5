import { Hono } from 'hono';
import { z } from 'zod';
import { summaryListQuerySchema, type ApiErrorBody, type WeeklySummaryDto } from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { memberExists } from '../../lib/chat/conversations';
import { summariesOf, summaryOf } from '../../lib/programme/summaries/summaries-read';
import { routeAccess } from '../../middleware/access';
import { validate } from '../../middleware/validate';

const summaryParam = z.object({ summaryId: z.uuid('Must be a summary id') });
const memberParam = z.object({ memberId: z.string().min(1).max(64) });
const SUMMARY_NOT_FOUND: ApiErrorBody = { error: 'Summary not found' };
const MEMBER_NOT_FOUND: ApiErrorBody = { error: 'Customer not found' };

/** /api/me/summaries: the signed-in member's weekly summaries, kept to look back on (decision 058); only their own. */
export function memberSummaryRoutes(deps: AppDeps) {
  const { db } = deps;
  const access = routeAccess(deps);
  return new Hono<AppEnv>()
    .get('/', access.member, validate('query', summaryListQuerySchema), async (c) => {
      const body: { summaries: WeeklySummaryDto[] } = {
        summaries: await summariesOf(db, c.get('user').id, c.req.valid('query').limit),
      };
      return c.json(body);
    })
    .get('/:summaryId', access.member, validate('param', summaryParam), async (c) => {
      // Another member's summary is answered as no summary at all: its existence is theirs too.
      const summary = await summaryOf(db, c.get('user').id, c.req.valid('param').summaryId);
      if (!summary) return c.json(SUMMARY_NOT_FOUND, 404);
      return c.json(summary);
    });
}

/** /api/admin/members/:memberId/summaries: a member's latest summaries for the user card and conversation pane. */
export function adminMemberSummaryRoutes(deps: AppDeps) {
  const { db } = deps;
  const access = routeAccess(deps);
  return new Hono<AppEnv>().get(
    '/:memberId/summaries',
    access.admin,
    validate('param', memberParam),
    validate('query', summaryListQuerySchema),
    async (c) => {
      const { memberId } = c.req.valid('param');
      if (!(await memberExists(db, memberId))) return c.json(MEMBER_NOT_FOUND, 404);
      const body: { summaries: WeeklySummaryDto[] } = {
        summaries: await summariesOf(db, memberId, c.req.valid('query').limit),
      };
      return c.json(body);
    },
  );
}
