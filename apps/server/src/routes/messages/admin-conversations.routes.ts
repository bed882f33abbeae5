import { Hono } from 'hono';
import { z } from 'zod';
import {
  assignConversationSchema,
  chatPageQuerySchema,
  conversationListQuerySchema,
  sendChatMessageSchema,
  type ApiErrorBody,
  type ChatMessageDto,
  type ChatPageDto,
  type CoachListDto,
  type ConversationCustomerDto,
  type ConversationListDto,
  type MarkedReadDto,
} from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { routeAccess } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { conversationPage, markConversationRead } from '../../lib/chat/chat-messages';
import { conversationList } from '../../lib/chat/conversation-list';
import {
  assignConversation,
  conversationById,
  conversationHeader,
  memberConversationId,
  memberExists,
} from '../../lib/chat/conversations';
import { activeCoach, teamCoaches } from '../../lib/chat/coaches';
import { postMessage } from '../../lib/chat/post-message';
import { changeAutomationState } from '../../lib/coach/conversation-state';
import { retryWhatsAppReply, whatsappDeliveryFor } from '../../lib/whatsapp/outbound/coach-replies';
import { markReadOnWhatsApp, showTypingOnWhatsApp } from '../../lib/whatsapp/outbound/read-and-typing';
import { unknownCursor } from './unknown-cursor';

const conversationParam = z.object({ conversationId: z.uuid('Must be a conversation id') });
const memberParam = z.object({ memberId: z.string().min(1).max(64) });
const messageParam = conversationParam.extend({ messageId: z.uuid('Must be a message id') });
const CONVERSATION_NOT_FOUND: ApiErrorBody = { error: 'Conversation not found' };
const MESSAGE_NOT_FOUND: ApiErrorBody = { error: 'Message not found' };
const CUSTOMER_NOT_FOUND: ApiErrorBody = { error: 'Customer not found' };
const COACH_NOT_FOUND: ApiErrorBody = { error: 'Only an active admin can be assigned a conversation' };

/**
 * /api/admin/conversations: the admin Messages screen (docs/product.md#messages).
 * The list is computed in SQL (lib/chat/conversation-list.ts); a conversation
 * is named by its own id (decision 052), a member's or a contact's.
 */
export function adminConversationRoutes(deps: AppDeps) {
  const { db, realtime, whatsapp } = deps;
  const access = routeAccess(deps);
  const headerOptions = { whatsappReplyTemplate: !!deps.config.whatsapp.replyTemplate };
  return (
    new Hono<AppEnv>()
      .get('/', access.admin, validate('query', conversationListQuerySchema), async (c) => {
        const query = { ...c.req.valid('query'), viewerId: c.get('user').id };
        const body: ConversationListDto = await conversationList(db, query);
        return c.json(body);
      })
      // Who a conversation may be assigned to (decision 061). Before '/:conversationId', which it would match.
      .get('/coaches', access.admin, async (c) => {
        const body: CoachListDto = { coaches: await teamCoaches(db) };
        return c.json(body);
      })
      .get('/:conversationId', access.admin, validate('param', conversationParam), async (c) => {
        const header = await conversationHeader(db, c.req.valid('param').conversationId, headerOptions);
        if (!header) return c.json(CONVERSATION_NOT_FOUND, 404);
        const body: ConversationCustomerDto = header;
        return c.json(body);
      })
      .put(
        '/:conversationId/assignee',
        access.admin,
        validate('param', conversationParam),
        validate('json', assignConversationSchema),
        async (c) => {
          const { conversationId } = c.req.valid('param');
          const { coach_id: coachId } = c.req.valid('json');
          if (coachId !== null && !(await activeCoach(db, coachId))) return c.json(COACH_NOT_FOUND, 400);
          if (!(await assignConversation(db, conversationId, coachId))) return c.json(CONVERSATION_NOT_FOUND, 404);
          await realtime.publish({ kind: 'assignment', conversation_id: conversationId });
          const body: ConversationCustomerDto = (await conversationHeader(db, conversationId, headerOptions))!;
          return c.json(body);
        },
      )
      .get(
        '/:conversationId/messages',
        access.admin,
        validate('param', conversationParam),
        validate('query', chatPageQuerySchema),
        async (c) => {
          const { conversationId } = c.req.valid('param');
          if (!(await conversationById(db, conversationId))) return c.json(CONVERSATION_NOT_FOUND, 404);
          const page = await conversationPage(db, conversationId, c.req.valid('query'));
          if (page === 'unknown_cursor') return unknownCursor(c, c.req.valid('query'));
          const body: ChatPageDto = page;
          return c.json(body);
        },
      )
      .post(
        '/:conversationId/messages',
        access.admin,
        validate('param', conversationParam),
        validate('json', sendChatMessageSchema),
        async (c) => {
          const input = c.req.valid('json');
          const { conversationId } = c.req.valid('param');
          // To WhatsApp inside the 24-hour window, else the web chat (and maybe the template): decision 056.
          const route = await whatsappDeliveryFor(db, conversationId, whatsapp);
          const result = await postMessage(deps, {
            conversationId,
            author: { kind: 'coach', userId: c.get('user').id },
            text: input.message,
            clientId: input.client_id,
            channel: route.channel,
            status: route.status,
            deliveries: route.deliveries,
          });
          // A coach may write in every conversation: the one refusal left is a conversation that is not there.
          if (result.outcome === 'refused') return c.json(CONVERSATION_NOT_FOUND, 404);
          // A coach who answers takes over: the AI stops here until a coach turns it back on (decision 057).
          if (result.outcome === 'created') {
            await changeAutomationState(deps, {
              conversationId,
              to: 'paused',
              changedBy: c.get('user').id,
              from: ['on'],
            });
          }
          const body: ChatMessageDto = result.message;
          return result.outcome === 'created' ? c.json(body, 201) : c.json(body, 200);
        },
      )
      .post('/:conversationId/read', access.admin, validate('param', conversationParam), async (c) => {
        const { conversationId } = c.req.valid('param');
        if (!(await conversationById(db, conversationId))) return c.json(CONVERSATION_NOT_FOUND, 404);
        const { marked, readAt } = await markConversationRead(db, conversationId, 'admin');
        if (marked > 0) {
          await realtime.publish({
            kind: 'read',
            conversation_id: conversationId,
            reader: 'admin',
            read_at: readAt.toISOString(),
          });
          // The person's WhatsApp shows their messages read (blue ticks).
          await markReadOnWhatsApp(db, conversationId, whatsapp);
        }
        const body: MarkedReadDto = { marked };
        return c.json(body);
      })
      .post('/:conversationId/messages/:messageId/retry', access.admin, validate('param', messageParam), async (c) => {
        const { conversationId, messageId } = c.req.valid('param');
        const result = await retryWhatsAppReply(deps, whatsapp, conversationId, messageId);
        if (result.outcome === 'not_found') return c.json(MESSAGE_NOT_FOUND, 404);
        if (result.outcome === 'refused') return c.json({ error: result.error } satisfies ApiErrorBody, 409);
        const body: ChatMessageDto = result.message;
        return c.json(body);
      })
      // The coach is writing: WhatsApp shows the typing indicator (at most every 20 s per conversation).
      .post('/:conversationId/typing', access.admin, validate('param', conversationParam), async (c) => {
        const { conversationId } = c.req.valid('param');
        if (!(await conversationById(db, conversationId))) return c.json(CONVERSATION_NOT_FOUND, 404);
        const shown = await showTypingOnWhatsApp(db, conversationId, whatsapp);
        return c.body(null, shown ? 202 : 204);
      })
  );
}

/**
 * /api/admin/members/:memberId/conversation: a member's conversation opened
 * from a member id (the Users screen, the overview), made when the member has
 * none yet. 404 'Customer not found' when there is no such member.
 */
export function adminMemberConversationRoutes(deps: AppDeps) {
  const { db } = deps;
  const access = routeAccess(deps);
  const headerOptions = { whatsappReplyTemplate: !!deps.config.whatsapp.replyTemplate };
  return new Hono<AppEnv>().get('/:memberId/conversation', access.admin, validate('param', memberParam), async (c) => {
    const { memberId } = c.req.valid('param');
    if (!(await memberExists(db, memberId))) return c.json(CUSTOMER_NOT_FOUND, 404);
    const header = await conversationHeader(db, await memberConversationId(db, memberId), headerOptions);
    const body: ConversationCustomerDto = header!;
    return c.json(body);
  });
}
