import { Hono } from 'hono';
import { z } from 'zod';
import {
  chatPageQuerySchema,
  conversationListQuerySchema,
  sendChatMessageSchema,
  type ApiErrorBody,
  type ChatMessageDto,
  type ChatPageDto,
  type ConversationCustomerDto,
  type ConversationListDto,
  type MarkedReadDto,
} from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { routeAccess } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { conversationPage, insertChatMessage, markConversationRead } from '../../lib/chat/chat-messages';
import { conversationCustomer, conversationList } from '../../lib/chat/conversation-list';
import { unknownCursor } from './unknown-cursor';

const memberParam = z.object({ memberId: z.string().min(1).max(64) });
const CUSTOMER_NOT_FOUND: ApiErrorBody = { error: 'Customer not found' };

/**
 * /api/admin/conversations: the admin Messages screen (spec §2, docs/product.md#messages).
 * The list is computed in SQL (lib/chat/conversation-list.ts); a conversation
 * is named by its member's id.
 */
export function adminConversationRoutes(deps: AppDeps) {
  const { db, realtime } = deps;
  const access = routeAccess(deps);
  return new Hono<AppEnv>()
    .get('/', access.admin, validate('query', conversationListQuerySchema), async (c) => {
      const body: ConversationListDto = await conversationList(db, c.req.valid('query'));
      return c.json(body);
    })
    .get('/:memberId', access.admin, validate('param', memberParam), async (c) => {
      const customer = await conversationCustomer(db, c.req.valid('param').memberId);
      if (!customer) return c.json(CUSTOMER_NOT_FOUND, 404);
      const body: ConversationCustomerDto = customer;
      return c.json(body);
    })
    .get(
      '/:memberId/messages',
      access.admin,
      validate('param', memberParam),
      validate('query', chatPageQuerySchema),
      async (c) => {
        const { memberId } = c.req.valid('param');
        if (!(await conversationCustomer(db, memberId))) return c.json(CUSTOMER_NOT_FOUND, 404);
        const page = await conversationPage(db, memberId, c.req.valid('query'));
        if (page === 'unknown_cursor') return unknownCursor(c, c.req.valid('query'));
        const body: ChatPageDto = page;
        return c.json(body);
      },
    )
    .post(
      '/:memberId/messages',
      access.admin,
      validate('param', memberParam),
      validate('json', sendChatMessageSchema),
      async (c) => {
        const { memberId } = c.req.valid('param');
        if (!(await conversationCustomer(db, memberId))) return c.json(CUSTOMER_NOT_FOUND, 404);
        const body: ChatMessageDto = await insertChatMessage(db, {
          memberId,
          senderId: c.get('user').id,
          fromAdmin: true,
          message: c.req.valid('json').message,
        });
        // Committed: every instance may now read it and tell its sockets.
        await realtime.publish({ kind: 'message', message_id: body.id, conversation_id: memberId });
        return c.json(body, 201);
      },
    )
    .post('/:memberId/read', access.admin, validate('param', memberParam), async (c) => {
      const { memberId } = c.req.valid('param');
      if (!(await conversationCustomer(db, memberId))) return c.json(CUSTOMER_NOT_FOUND, 404);
      const { marked, readAt } = await markConversationRead(db, memberId, 'admin');
      if (marked > 0) {
        await realtime.publish({
          kind: 'read',
          conversation_id: memberId,
          reader: 'admin',
          read_at: readAt.toISOString(),
        });
      }
      const body: MarkedReadDto = { marked };
      return c.json(body);
    });
}
