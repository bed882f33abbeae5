import { Hono } from 'hono';
import { messageSearchQuerySchema, type MessageSearchDto } from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { searchMessages } from '../../lib/chat/message-search';
import { routeAccess } from '../../middleware/access';
import { validate } from '../../middleware/validate';

/** /api/admin/messages/search: full-text search across every conversation's messages, for admins (decision 062). */
export function adminMessageSearchRoutes(deps: AppDeps) {
  const { db } = deps;
  const access = routeAccess(deps);
  return new Hono<AppEnv>().get('/search', access.admin, validate('query', messageSearchQuerySchema), async (c) => {
    const body: MessageSearchDto = await searchMessages(db, c.req.valid('query'));
    return c.json(body);
  });
}
