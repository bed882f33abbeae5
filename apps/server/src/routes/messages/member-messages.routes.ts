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
import { conversationPage, markConversationRead, pageForMember } from '../../lib/chat/chat-messages';
import { memberConversationId } from '../../lib/chat/conversations';
import { postMessage } from '../../lib/chat/post-message';
import { coachDeliveries } from '../../lib/coach/coach-deliveries';
import { TRIAL_EXPIRED_MESSAGE } from '../../lib/billing/conversation-access';
import { unknownCursor } from './unknown-cursor';

export const CHAT_RATE_LIMIT_MESSAGE = 'You are sending messages too quickly. Please wait a moment.';

/**
 * /api/me/messages: the signed-in member's conversation with the coaching
 * team (docs/product.md#messages). Its page names the conversation's id (the
 * realtime channel's), made on first read. Sending goes through postMessage,
 * which applies the one entitlement rule (lib/billing/conversation-access.ts, decision
 * 023): the first message of a free member starts, and so spends, the trial
 * conversation.
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
      const conversationId = await memberConversationId(db, c.get('user').id);
      const page = await conversationPage(db, conversationId, c.req.valid('query'));
      if (page === 'unknown_cursor') return unknownCursor(c, c.req.valid('query'));
      // Coaches by first name only (decision 061).
      const body: ChatPageDto = pageForMember(page);
      return c.json(body);
    })
    .post('/', access.member, sendLimit, validate('json', sendChatMessageSchema), async (c) => {
      const memberId = c.get('user').id;
      const input = c.req.valid('json');
      const result = await postMessage(deps, {
        conversationId: await memberConversationId(db, memberId),
        author: { kind: 'member', userId: memberId },
        text: input.message,
        clientId: input.client_id,
        // Screened for risk, and perhaps answered by the AI coach, whatever happens next (decision 057).
        deliveries: coachDeliveries(),
      });
      if (result.outcome === 'refused') {
        // The member's own conversation: the entitlement rule is the one refusal that can apply.
        const refusal: ApiErrorBody = { error: TRIAL_EXPIRED_MESSAGE, code: TRIAL_EXPIRED_CODE };
        return c.json(refusal, 409);
      }
      const body: ChatMessageDto = result.message;
      return result.outcome === 'created' ? c.json(body, 201) : c.json(body, 200);
    })
    .post('/read', access.member, async (c) => {
      const conversationId = await memberConversationId(db, c.get('user').id);
      const { marked, readAt } = await markConversationRead(db, conversationId, 'member');
      if (marked > 0) {
        await realtime.publish({
          kind: 'read',
          conversation_id: conversationId,
          reader: 'member',
          read_at: readAt.toISOString(),
        });
      }
      const body: MarkedReadDto = { marked };
      return c.json(body);
    });
}
