import { z } from 'zod';
import type { LinkWhatsAppContactBody } from './whatsapp-contract';

/** POST /api/admin/conversations/:conversationId/whatsapp-link: the member to link the conversation's contact to. */
export const linkWhatsAppContactSchema = z
  .object({ member_id: z.string('Choose a member').min(1, 'Choose a member').max(64, 'Unknown member') })
  .strict() satisfies z.ZodType<LinkWhatsAppContactBody>;
