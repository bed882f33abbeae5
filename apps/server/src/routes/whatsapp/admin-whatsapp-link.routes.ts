import { Hono } from 'hono';
import { z } from 'zod';
import { linkWhatsAppContactSchema, type ApiErrorBody, type ConversationCustomerDto } from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { conversationById, conversationHeader } from '../../lib/chat/conversations';
import { contactOfConversation } from '../../lib/whatsapp/contacts';
import { linkContact, type LinkResult } from '../../lib/whatsapp/linking';
import { routeAccess } from '../../middleware/access';
import { validate } from '../../middleware/validate';

const conversationParam = z.object({ conversationId: z.uuid('Must be a conversation id') });

const REFUSALS: Record<Exclude<LinkResult['outcome'], 'linked'>, [ApiErrorBody, 404 | 409]> = {
  no_contact: [{ error: 'No WhatsApp contact writes in this conversation' }, 404],
  no_member: [{ error: 'Member not found' }, 404],
  contact_linked: [
    { error: 'This WhatsApp contact is already linked to a member', code: 'whatsapp_contact_linked' },
    409,
  ],
  member_has_contact: [
    { error: 'This member already has a linked WhatsApp contact', code: 'whatsapp_member_has_contact' },
    409,
  ],
};

/**
 * POST /api/admin/conversations/:conversationId/whatsapp-link (decision 056):
 * an admin links the conversation's WhatsApp contact, one linked to nobody,
 * to a member. The contact's messages move to the member's conversation
 * (this one goes), the member's reference is replaced, and the link is
 * audited; the answer is the member's conversation's header, where the admin
 * goes next.
 */
export function adminWhatsAppLinkRoutes(deps: AppDeps) {
  const { db } = deps;
  const access = routeAccess(deps);
  const headerOptions = { whatsappReplyTemplate: !!deps.whatsapp.replyTemplate };
  return new Hono<AppEnv>().post(
    '/:conversationId/whatsapp-link',
    access.admin,
    validate('param', conversationParam),
    validate('json', linkWhatsAppContactSchema),
    async (c) => {
      const { conversationId } = c.req.valid('param');
      if (!(await conversationById(db, conversationId))) return c.json({ error: 'Conversation not found' }, 404);
      const contact = await contactOfConversation(db, conversationId);
      if (!contact) return c.json(...REFUSALS.no_contact);
      const result = await linkContact(deps, {
        contactId: contact.id,
        memberId: c.req.valid('json').member_id,
        linkedBy: 'admin',
        actorId: c.get('user').id,
      });
      if (result.outcome !== 'linked') return c.json(...REFUSALS[result.outcome]);
      const body: ConversationCustomerDto = (await conversationHeader(db, result.conversationId, headerOptions))!;
      return c.json(body);
    },
  );
}
