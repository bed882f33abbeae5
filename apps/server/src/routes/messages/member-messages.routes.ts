import { Hono } from 'hono';
import {
  CHAT_MEMBER_SENDS_PER_MINUTE,
  chatPageQuerySchema,
  sendChatMessageSchema,
  TRIAL_EXPIRED_CODE,
  type ApiErrorBody,
  type ChatMessageDto,
  type ChatPageDto,
  type MarkedReadDto,
} from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { routeAccess } from '../../middleware/access';
import { rateLimitPerMember } from '../../middleware/rate-limit';
import { validate } from '../../middleware/validate';
import { conversationPage, insertChatMessage, markConversationRead } from '../../lib/chat/chat-messages';
import { startConversation, TRIAL_EXPIRED_MESSAGE } from '../../lib/conversation-access';
import { unknownCursor } from './unknown-cursor';

export const CHAT_RATE_LIMIT_MESSAGE = 'You are sending messages too quickly. Please wait a moment.';

/**
 * /api/me/messages: the signed-in member's conversation with the coaching
 * team (docs/product.md#messages). Sending follows the one entitlement rule
 * (lib/conversation-access.ts, decision 023): the first message of a free
 * member starts, and so spends, the trial conversation.
 */
export function memberMessageRoutes(deps: AppDeps) {
  const { db, realtime } = deps;
  const access = routeAccess(deps);
  const sendLimit = rateLimitPerMember(db, {
    name: 'chat-send',
    max: CHAT_MEMBER_SENDS_PER_MINUTE,
    windowSeconds: 60,
    message: CHAT_RATE_LIMIT_MESSAGE,
  });
  return new Hono<AppEnv>()
    .get('/', access.member, validate('query', chatPageQuerySchema), async (c) => {
      const page = await conversationPage(db, c.get('user').id, c.req.valid('query'));
      if (page === 'unknown_cursor') return unknownCursor(c, c.req.valid('query'));
      const body: ChatPageDto = page;
      return c.json(body);
    })
    .post('/', access.member, sendLimit, validate('json', sendChatMessageSchema), async (c) => {
      const memberId = c.get('user').id;
      const entitlement = await startConversation(db, memberId);
      if (!entitlement.can_start) {
        const refusal: ApiErrorBody = { error: TRIAL_EXPIRED_MESSAGE, code: TRIAL_EXPIRED_CODE };
        return c.json(refusal, 409);
      }
      const body: ChatMessageDto = await insertChatMessage(db, {
        memberId,
        senderId: memberId,
        fromAdmin: false,
        message: c.req.valid('json').message,
      });
      // The row is committed (the insert ran on its own): now every instance may read it.
      await realtime.publish({ kind: 'message', message_id: body.id, conversation_id: memberId });
      return c.json(body, 201);
    })
    .post('/read', access.member, async (c) => {
      const memberId = c.get('user').id;
      const { marked, readAt } = await markConversationRead(db, memberId, 'member');
      if (marked > 0) {
        await realtime.publish({
          kind: 'read',
          conversation_id: memberId,
          reader: 'member',
          read_at: readAt.toISOString(),
        });
      }
      const body: MarkedReadDto = { marked };
      return c.json(body);
    });
}
